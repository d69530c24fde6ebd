import { closeSync, fstatSync, openSync, type Stats } from 'node:fs';
import { OPEN_FOR_READING } from './file-calls.js';
import { describeKind, type FileRefusal } from './project-file.js';

export type SyncOpen = { ok: true; fd: number } | { ok: false; refusal: FileRefusal };

/**
 * Opens a file for reading, synchronously, only when it is a regular file. The open is
 * O_NONBLOCK and the type checked with fstat on the descriptor: a synchronous open of a FIFO
 * would stop the whole process, its signal handlers included, until a writer came.
 */
export function openRegularFileSync(file: string): SyncOpen {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FOR_READING);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    return { ok: false, refusal: code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', code } };
  }
  let info: Stats;
  try {
    info = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (info.isFile()) return { ok: true, fd };
  closeSync(fd);
  return { ok: false, refusal: { kind: 'not-a-file', what: describeKind(info) } };
}
