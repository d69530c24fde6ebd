import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { escapeUnprintable } from '../diagnostics/excerpt.js';
import { inspectFile, openRegularFile, projectRoot, readAtMost, refusalMessage, type ProjectRoot } from '../fs/project-file.js';
import { decodeUtf8 } from '../fs/utf8-text.js';
import type { DeclarationFileCode } from '../validate/codes.js';
import { checkDataPatterns } from './data-patterns.js';
import { DEFAULT_CONFIG_NAME, discoverDeclarationFiles, unreadable } from './discover.js';
import { assertSourcesInside } from './sources-inside.js';
import { parseDeclarationFile, type ParsedDeclarationFile } from './parse.js';
import { emptySourceMap } from './source-map.js';

/** The largest declaration file read. A real one is a few kilobytes; parsing 50 MB of YAML takes minutes and gigabytes. */
export const MAX_DECLARATION_BYTES = 5 * 1024 * 1024;

/**
 * Finds, reads and parses every declaration under `dir`. File names are shown relative to
 * `cwd` with forward slashes. Each file must be a regular file inside `root`, the project
 * folder, once links are resolved (a pull request can add a link to anything), at most
 * 5 MiB, in UTF-8; a file that is not is a diagnostic that names it and never quotes it.
 * Bad YAML becomes diagnostics too; only a missing or unreadable folder or file throws.
 */
export async function readDeclarationFiles(dir: string, cwd: string, root: string = cwd): Promise<ParsedDeclarationFile[]> {
  return (await readDeclarationTexts(dir, cwd, root)).map((read) =>
    read.kind === 'refused' ? read.file : parseRead(read, parseDeclarationFile(read.display, read.text)),
  );
}

/** A declaration file's text as read, or the file refused before any parsing (with its diagnostic). */
export type ReadDeclaration =
  { kind: 'text'; absolute: string; display: string; text: string; project: ProjectRoot } | { kind: 'refused'; file: ParsedDeclarationFile };

/**
 * Finds and reads every declaration file under `dir`, with readDeclarationFiles' checks,
 * without parsing. `configName` is the config file as hints name it (the one read).
 */
export async function readDeclarationTexts(dir: string, cwd: string, root: string = cwd, configName = DEFAULT_CONFIG_NAME): Promise<ReadDeclaration[]> {
  const project = await projectRoot(root);
  await assertSourcesInside(dir, project, configName);
  const paths = await discoverDeclarationFiles(dir, configName);
  return Promise.all(paths.map((absolute) => readDeclarationText(absolute, displayPath(absolute, cwd), project)));
}

/** A read file once parsed: its `data:` patterns are checked against the project. */
export function parseRead(read: Extract<ReadDeclaration, { kind: 'text' }>, parsed: ParsedDeclarationFile): ParsedDeclarationFile {
  return checkDataPatterns(parsed, path.dirname(read.absolute), read.project.path);
}

async function readDeclarationText(absolute: string, display: string, project: ProjectRoot): Promise<ReadDeclaration> {
  const refused = (...args: Parameters<typeof refusedFile>): ReadDeclaration => ({ kind: 'refused', file: refusedFile(...args) });
  const inspected = await inspectFile(absolute, project);
  if (!inspected.ok) {
    const refusal = inspected.refusal;
    if (refusal.kind === 'unreadable') throw unreadable(absolute, new Error(refusal.code));
    return refused(display, refusal.kind === 'outside' ? 'GF_OUTSIDE_PROJECT' : 'GF_NOT_A_FILE', `${refusalMessage(display, refusal)}.`);
  }
  if (inspected.size > MAX_DECLARATION_BYTES) return refused(display, 'GF_DECLARATION_TOO_LARGE', tooLarge(display, inspected.size));
  const bytes = await readBounded(absolute, inspected.size);
  if (bytes === 'not-a-file')
    return refused(display, 'GF_NOT_A_FILE', `${escapeUnprintable(display)} is no longer a regular file; graphform reads only regular files.`);
  if (bytes === 'too-large') return refused(display, 'GF_DECLARATION_TOO_LARGE', tooLarge(display, undefined));
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const { line, column, message } = decoded.problem;
    // The line is shown (with a caret under the bad byte) unless the file is UTF-16 from the start.
    const text = line === 1 && column === 1 ? '' : bytes.toString('utf8');
    return refused(display, 'GF_NOT_UTF8', `${message}.`, { line, column, text });
  }
  return { kind: 'text', absolute, display, text: decoded.text, project };
}

/** The bytes of a file, never more than the limit, and only while it is a regular file. */
async function readBounded(absolute: string, expected: number): Promise<Buffer | 'not-a-file' | 'too-large'> {
  let opened;
  try {
    opened = await openRegularFile(absolute);
  } catch (error) {
    throw unreadable(absolute, error);
  }
  if (opened === undefined) return 'not-a-file';
  try {
    return (await readAtMost(opened.handle, MAX_DECLARATION_BYTES, expected)) ?? 'too-large';
  } catch (error) {
    throw unreadable(absolute, error);
  } finally {
    await opened.handle.close();
  }
}

function tooLarge(display: string, size: number | undefined): string {
  const actual = size === undefined ? 'larger than' : `${size.toLocaleString('en-US')} bytes, more than`;
  return (
    `${escapeUnprintable(display)} is ${actual} the 5 MiB a declaration file may have: ` +
    `it was not read. A declaration holds one source's schema; keep item data in the files its data: list names.`
  );
}

/** A declaration file that was not parsed: one diagnostic, and no value. */
function refusedFile(
  file: string,
  code: DeclarationFileCode,
  message: string,
  at: { line: number; column: number; text: string } = { line: 1, column: 1, text: '' },
): ParsedDeclarationFile {
  const diagnostic: Diagnostic = { code, severity: 'error', message, file, line: at.line, column: at.column, path: '' };
  return { file, text: at.text, value: undefined, sourceMap: emptySourceMap(file), diagnostics: [diagnostic] };
}

/** `absolute` relative to `cwd`, with forward slashes on every platform. */
export function displayPath(absolute: string, cwd: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/');
}
