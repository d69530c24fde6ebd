import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { escapeUnprintable } from '../diagnostics/excerpt.js';
import { OPEN_FOR_READING, promiseFileCalls, type FileCalls, type OpenedFile } from './file-calls.js';

/**
 * The folder that project files (declarations, declared data) must lie in, both as given
 * (for lexical checks that touch nothing) and with every link resolved.
 */
export interface ProjectRoot {
  path: string;
  real: string;
}

/** Why a file is not read. None of them says anything about what the file holds. */
export type FileRefusal =
  | { kind: 'missing' }
  | { kind: 'dangling-link'; target: string }
  /** `target`: what a link says, as written; `real`: where it, or the path, ends up. */
  | { kind: 'outside'; root: string; real: string; target: string | undefined }
  | { kind: 'not-a-file'; what: string }
  | { kind: 'unreadable'; code: string };

export type InspectedFile = { ok: true; real: string; size: number; mtimeMs: number } | { ok: false; refusal: FileRefusal };

export async function projectRoot(root: string, calls: FileCalls = promiseFileCalls): Promise<ProjectRoot> {
  const absolute = path.resolve(root);
  try {
    return { path: absolute, real: await calls.realpath(absolute) };
  } catch {
    return { path: absolute, real: absolute };
  }
}

/** Whether `target` is `root` or lies under it (both absolute; compared as written). */
export function isWithin(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/**
 * Decides whether `absolute` may be read, without opening it: it must be a regular file
 * (a FIFO would block, a device never ends) and, when `root` is given, lie inside it once
 * every link is resolved. A path that leaves the root as written is refused without
 * touching the file system at all.
 */
export async function inspectFile(absolute: string, root: ProjectRoot | undefined, calls: FileCalls = promiseFileCalls): Promise<InspectedFile> {
  if (root !== undefined && !isWithin(root.path, absolute)) return refuse({ kind: 'outside', root: root.path, real: absolute, target: undefined });
  let own: Stats;
  try {
    own = await calls.lstat(absolute);
  } catch (error) {
    return refuse(isMissing(error) ? { kind: 'missing' } : { kind: 'unreadable', code: errorCode(error) ?? 'unknown' });
  }
  let real: string;
  try {
    real = await calls.realpath(absolute);
  } catch (error) {
    if (own.isSymbolicLink() && isMissing(error)) return refuse({ kind: 'dangling-link', target: await linkTarget(absolute, calls) });
    return refuse({ kind: 'unreadable', code: errorCode(error) ?? 'unknown' });
  }
  if (root !== undefined && !isWithin(root.real, real)) {
    return refuse({ kind: 'outside', root: root.path, real, target: own.isSymbolicLink() ? await linkTarget(absolute, calls) : undefined });
  }
  let target: Stats;
  try {
    target = own.isSymbolicLink() ? await calls.stat(real) : own;
  } catch (error) {
    return refuse(isMissing(error) ? { kind: 'missing' } : { kind: 'unreadable', code: errorCode(error) ?? 'unknown' });
  }
  if (!target.isFile()) return refuse({ kind: 'not-a-file', what: describeKind(target) });
  return { ok: true, real, size: target.size, mtimeMs: target.mtimeMs };
}

/** One sentence about a refused file, naming it as the user sees it and where it points. */
export function refusalMessage(display: string, refusal: FileRefusal): string {
  const shown = escapeUnprintable(display);
  switch (refusal.kind) {
    case 'missing':
      return `${shown} does not exist`;
    case 'dangling-link':
      return `${shown} is a symbolic link to ${escapeUnprintable(refusal.target)}, which does not exist: point it at a file inside the project, or remove it`;
    case 'outside':
      return (
        `${shown} ${pointsTo(refusal.target, refusal.real)}, outside the project folder ${escapeUnprintable(refusal.root)}: ` +
        'graphform reads project files only from inside the project, so put the file itself there'
      );
    case 'not-a-file':
      return `${shown} is ${refusal.what}, not a regular file: graphform reads only regular files, so replace it with the file itself`;
    case 'unreadable':
      return `${shown} cannot be read (${refusal.code}): check that it exists and that you may read it`;
    default: {
      const never: never = refusal;
      throw new Error(`unhandled file refusal ${JSON.stringify(never)}`);
    }
  }
}

/** A file opened by openRegularFile, and its size then. */
export interface OpenedRegularFile<H extends OpenedFile> {
  handle: H;
  size: number;
}

/**
 * Opens a file for reading only if it is (still) a regular file: O_NONBLOCK so that a FIFO
 * put in its place opens without waiting, and fstat before any byte is read. Undefined,
 * with nothing left open, when it is not a regular file.
 */
export function openRegularFile(file: string): Promise<OpenedRegularFile<FileHandle> | undefined>;
export function openRegularFile<H extends OpenedFile>(file: string, calls: FileCalls<H>): Promise<OpenedRegularFile<H> | undefined>;
export async function openRegularFile(file: string, calls: FileCalls = promiseFileCalls): Promise<OpenedRegularFile<OpenedFile> | undefined> {
  const handle = await calls.open(file, OPEN_FOR_READING);
  try {
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/**
 * Reads at most `max` bytes from the handle's current position; undefined when there are
 * more. The buffer grows with what is actually read, so a file that grows after its size
 * was taken can never make the read exceed the limit. With `expected` (the size fstat
 * gave) right, one read does: it asks one byte more than that, and getting fewer says the end.
 */
export async function readAtMost(handle: OpenedFile, max: number, expected: number): Promise<Buffer | undefined> {
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(expected, 0), max) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > max) return undefined;
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, max + 1));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    length += bytesRead;
    // A regular file that gave all its size promised, and less than was asked, is at its end: no second read to hear so.
    if (bytesRead === 0 || (length >= expected && length < buffer.length)) return buffer.subarray(0, length);
  }
}

/** "is a symbolic link to T" (and where T ends up, when that differs), or "resolves to R". */
function pointsTo(target: string | undefined, real: string): string {
  if (target === undefined) return `resolves to ${escapeUnprintable(real)}`;
  const resolvesElsewhere = !path.isAbsolute(target) || path.resolve(target) !== real;
  return `is a symbolic link to ${escapeUnprintable(target)}${resolvesElsewhere ? ` (${escapeUnprintable(real)})` : ''}`;
}

/** "a folder", "a FIFO (named pipe)": what a file that is not a regular file is. */
export function describeKind(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'something other than a file';
}

async function linkTarget(link: string, calls: FileCalls): Promise<string> {
  try {
    return await calls.readlink(link);
  } catch {
    return '(unreadable)';
  }
}

function refuse(refusal: FileRefusal): InspectedFile {
  return { ok: false, refusal };
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
