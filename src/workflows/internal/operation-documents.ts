import path from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import { expandGlobs } from '../../data/files/expand-globs.js';
import { promiseFileCalls, type FileCalls } from '../../fs/file-calls.js';
import { inspectFile, projectRoot, refusalMessage, type ProjectRoot } from '../../fs/project-file.js';
import { formatLimit, readInspected } from '../../fs/read-regular-file.js';
import { decodeUtf8 } from '../../fs/utf8-text.js';
import { problem } from '../../operations/extract.js';

/** More than any hand-written frontend file holds; a larger one is refused unread. */
const MAX_DOCUMENT_BYTES = 8 << 20;
/** Files read at once. */
const READ_CONCURRENCY = 16;

/** A frontend file read: its name as shown (relative to the working directory) and its text. */
export interface DocumentText {
  file: string;
  text: string;
}

/** The frontend files `operations.documents` names, read, with what kept any from being read. */
export interface ReadDocuments {
  /** Each file read, in the order of the patterns' expansion. */
  texts: DocumentText[];
  diagnostics: Diagnostic[];
}

/**
 * Expands the patterns (relative to the config's folder) and reads each file they match as
 * the project's other files are read: only from inside the project once links are resolved,
 * only a regular file, strict UTF-8. A pattern matching nothing is a warning (a moved
 * frontend would otherwise pass unchecked); a file that cannot be read is an error. `calls`:
 * blocking ones on a worker thread, where waiting on the thread pool only adds time.
 */
export async function readDocuments(patterns: readonly string[], rootDir: string, cwd: string, calls: FileCalls = promiseFileCalls): Promise<ReadDocuments> {
  const shown = shownFrom(cwd);
  const diagnostics: Diagnostic[] = [];
  let expanded: { files: string[]; unmatched: string[] };
  try {
    expanded = await expandGlobs(patterns, rootDir, rootDir, calls);
  } catch (error) {
    if (!isGraphformError(error)) throw error;
    return { texts: [], diagnostics: [problem('operations.documents', 1, 1, 'GF_OPERATIONS_PATTERN', error.message)] };
  }
  for (const pattern of expanded.unmatched) {
    diagnostics.push({
      ...problem(
        'operations.documents',
        1,
        1,
        'GF_OPERATIONS_NO_MATCH',
        `pattern "${pattern}" matches no file (relative to ${path.relative(cwd, rootDir) === '' ? '.' : shown(rootDir)}); no operation of it was checked`,
      ),
      severity: 'warning',
    });
  }
  const root = await projectRoot(rootDir, calls);
  // Read a few at a time: each read is a handful of file system calls, and one after another they add up to seconds on a busy machine.
  const texts: Array<string | undefined> = [];
  let next = 0;
  const reader = async (): Promise<void> => {
    for (let index = next++; index < expanded.files.length; index = next++) {
      const file = expanded.files[index] as string;
      texts[index] = await readText(file, shown(file), root, diagnostics, calls);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, expanded.files.length) }, reader));
  const read = expanded.files.flatMap((file, index) => {
    const text = texts[index];
    return text === undefined ? [] : [{ file: shown(file), text }];
  });
  return { texts: read, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/**
 * How a file is named in diagnostics: relative to the working directory, with forward
 * slashes. A file under it (every matched file, usually) takes the cut, not path.relative,
 * which resolves both paths again for each of hundreds of files.
 */
function shownFrom(cwd: string): (file: string) => string {
  const under = cwd.endsWith(path.sep) ? cwd : `${cwd}${path.sep}`;
  const slashes = (name: string): string => (path.sep === '/' ? name : name.split(path.sep).join('/'));
  return (file) => slashes(file.startsWith(under) ? file.slice(under.length) : path.relative(cwd, file)) || file;
}

async function readText(file: string, display: string, root: ProjectRoot, diagnostics: Diagnostic[], calls: FileCalls): Promise<string | undefined> {
  const inspected = await inspectFile(file, root, calls);
  if (!inspected.ok) {
    const code = inspected.refusal.kind === 'outside' ? 'GF_OUTSIDE_PROJECT' : 'GF_OPERATIONS_UNREADABLE';
    diagnostics.push({ ...problem(display, 1, 1, code, ''), message: `Frontend document ${refusalMessage(display, inspected.refusal)}.` });
    return undefined;
  }
  const read = await readInspected(inspected, MAX_DOCUMENT_BYTES, calls);
  if (!read.ok) {
    const why =
      'tooLarge' in read
        ? `is larger than ${formatLimit(read.limit)}; a frontend document that large is not read`
        : `${refusalMessage(display, read.refusal).slice(display.length + 1)}`;
    diagnostics.push(problem(display, 1, 1, 'GF_OPERATIONS_UNREADABLE', why));
    return undefined;
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) {
    diagnostics.push(problem(display, decoded.problem.line, decoded.problem.column, 'GF_OPERATIONS_ENCODING', `is not UTF-8: ${decoded.problem.message}`));
    return undefined;
  }
  return decoded.text;
}
