import path from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GraphformErrorCode } from '../../diagnostics/error-codes.js';
import { isGraphformError } from '../../diagnostics/errors.js';
import { escapeUnprintable, excerpt } from '../../diagnostics/excerpt.js';
import { expandGlobs } from '../../data/files/expand-globs.js';
import { hasGlobMagic } from '../../data/files/glob.js';
import { patternLeavesRoot } from '../../data/files/pattern-scope.js';
import { promiseFileCalls, type FileCalls } from '../../fs/file-calls.js';
import { inspectFile, projectRoot, refusalMessage, type ProjectRoot } from '../../fs/project-file.js';
import { formatLimit, readInspected } from '../../fs/read-regular-file.js';
import { decodeUtf8 } from '../../fs/utf8-text.js';
import { problem } from '../../operations/extract.js';
import type { DocumentPattern } from '../../operations/types.js';

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
 * only a regular file, strict UTF-8. What is wrong with a pattern itself (it matches nothing,
 * it names a file that is not there, it leaves the project, it expands too far) is an error
 * at the place the pattern was written: a moved frontend would otherwise pass unchecked. A
 * file that cannot be read is an error at the file. `calls`: blocking ones on a worker thread,
 * where waiting on the thread pool only adds time.
 */
export async function readDocuments(
  patterns: readonly DocumentPattern[],
  rootDir: string,
  cwd: string,
  calls: FileCalls = promiseFileCalls,
): Promise<ReadDocuments> {
  const shown = shownFrom(cwd);
  const folder = path.relative(cwd, rootDir) === '' ? '.' : shown(rootDir);
  const diagnostics: Diagnostic[] = [];
  const found = new Set<string>();
  // The file each pattern without wildcards names: one that is not there is the pattern's fault, not a file's.
  const named = new Map<string, DocumentPattern>();
  for (const entry of patterns) {
    const problem = await expandPattern(entry, rootDir, folder, found, calls);
    if (problem !== undefined) diagnostics.push(problem);
    else if (!hasGlobMagic(entry.pattern)) named.set(path.resolve(rootDir, entry.pattern), entry);
  }
  const files = [...found].sort();
  const root = await projectRoot(rootDir, calls);
  // Read a few at a time: each read is a handful of file system calls, and one after another they add up to seconds on a busy machine.
  const texts: Array<string | undefined> = [];
  let next = 0;
  const reader = async (): Promise<void> => {
    for (let index = next++; index < files.length; index = next++) {
      const file = files[index] as string;
      texts[index] = await readText(file, shown(file), root, diagnostics, calls, named.get(file), folder);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, reader));
  const read = files.flatMap((file, index) => {
    const text = texts[index];
    return text === undefined ? [] : [{ file: shown(file), text }];
  });
  return { texts: read, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/**
 * Adds the files `entry` matches to `found`; or says, at the pattern, why it gives none: it
 * reaches outside the project (no folder outside is listed), its braces expand too far, or
 * it matches no file.
 */
async function expandPattern(entry: DocumentPattern, rootDir: string, folder: string, found: Set<string>, calls: FileCalls): Promise<Diagnostic | undefined> {
  const { pattern, key } = entry;
  const quoted = `${key} pattern "${excerpt(pattern)}"`;
  const outside = patternLeavesRoot(pattern, rootDir, rootDir);
  if (outside !== undefined) {
    return patternProblem(
      entry,
      'GF_OUTSIDE_PROJECT',
      `${quoted} reaches ${escapeUnprintable(outside)}, outside the project folder ${escapeUnprintable(rootDir)}: ` +
        "graphform reads frontend documents only from inside the project, so point the pattern at files there (it is relative to the config's folder), or remove it.",
    );
  }
  let expanded: { files: string[]; unmatched: string[] };
  try {
    expanded = await expandGlobs([pattern], rootDir, rootDir, calls);
  } catch (error) {
    if (!isGraphformError(error)) throw error;
    return patternProblem(entry, 'GF_OPERATIONS_PATTERN', `${key}: ${error.message}`);
  }
  if (expanded.unmatched.length > 0) {
    return patternProblem(
      entry,
      'GF_OPERATIONS_NO_MATCH',
      `${quoted} matches no file, so no operation of it is checked: check the pattern against the frontend's files ` +
        `(it is relative to the config's folder, ${folder}), or remove it if the frontend has moved away.`,
    );
  }
  for (const file of expanded.files) found.add(file);
  return undefined;
}

function patternProblem(entry: DocumentPattern, code: GraphformErrorCode, message: string): Diagnostic {
  return { code, severity: 'error', file: entry.file, line: entry.line, column: entry.column, path: '', message };
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

async function readText(
  file: string,
  display: string,
  root: ProjectRoot,
  diagnostics: Diagnostic[],
  calls: FileCalls,
  namedBy: DocumentPattern | undefined,
  folder: string,
): Promise<string | undefined> {
  const inspected = await inspectFile(file, root, calls);
  if (!inspected.ok && inspected.refusal.kind === 'missing' && namedBy !== undefined) {
    diagnostics.push(
      patternProblem(
        namedBy,
        'GF_OPERATIONS_UNREADABLE',
        `${namedBy.key} names "${excerpt(namedBy.pattern)}", which does not exist: correct the path (it is relative to the config's folder, ${folder}), ` +
          'or remove it if the frontend has moved away.',
      ),
    );
    return undefined;
  }
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
