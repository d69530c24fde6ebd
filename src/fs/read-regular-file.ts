import { promiseFileCalls, type FileCalls } from './file-calls.js';
import { inspectFile, openRegularFile, readAtMost, type FileRefusal } from './project-file.js';

export type RegularFileRead =
  | { ok: true; bytes: Buffer; real: string }
  | { ok: false; refusal: FileRefusal }
  /** Larger than the limit, judged from its size before reading or by the read itself. */
  | { ok: false; tooLarge: true; limit: number };

/**
 * Reads a file the user named (a config, a state file) only when it is a regular file and
 * at most `maxBytes` long: a FIFO would block forever and a device never ends, so both are
 * refused from lstat/stat without being opened; the open itself is O_NONBLOCK and checked
 * again with fstat, so a FIFO put in place between check and open is refused too.
 */
export async function readRegularFile(file: string, maxBytes: number, calls: FileCalls = promiseFileCalls): Promise<RegularFileRead> {
  const inspected = await inspectFile(file, undefined, calls);
  if (!inspected.ok) return inspected;
  return readInspected(inspected, maxBytes, calls);
}

/**
 * Reads a file inspectFile has let through (by its resolved path), without inspecting it
 * again: refused unopened when its size is over the limit, and opened only as readRegularFile
 * opens, so what took its place since is refused all the same.
 */
export async function readInspected(
  inspected: { real: string; size: number },
  maxBytes: number,
  calls: FileCalls = promiseFileCalls,
): Promise<RegularFileRead> {
  if (inspected.size > maxBytes) return { ok: false, tooLarge: true, limit: maxBytes };
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(inspected.real, calls);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, refusal: code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', code: code ?? 'unknown' } };
  }
  if (opened === undefined) return { ok: false, refusal: { kind: 'not-a-file', what: 'a file that changed while it was opened' } };
  try {
    const bytes = await readAtMost(opened.handle, maxBytes, opened.size);
    return bytes === undefined ? { ok: false, tooLarge: true, limit: maxBytes } : { ok: true, bytes, real: inspected.real };
  } finally {
    await opened.handle.close();
  }
}

/** "5 MiB", "256 MiB": limits in words. */
export function formatLimit(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
