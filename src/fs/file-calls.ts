import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { lstat, open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';

/** How a file is opened to be read: O_NONBLOCK, so that a FIFO put in its place opens without waiting for a writer. */
export const OPEN_FOR_READING = constants.O_RDONLY | constants.O_NONBLOCK;

/** An open file, as much of it as the readers use (a FileHandle is one). */
export interface OpenedFile {
  stat(): Promise<Stats>;
  /** Reads into `buffer` from `offset`, at most `length` bytes, at `position` (null: where the last read stopped). */
  read(buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/**
 * The file system calls the project's file readers make. Both sets refuse and fail alike (a
 * failed call is a rejected promise with the error's `code`); they differ in how they wait.
 * `H`: what `open` gives (fs/promises gives a FileHandle, which its callers may stream from).
 */
export interface FileCalls<H extends OpenedFile = OpenedFile> {
  lstat(file: string): Promise<Stats>;
  stat(file: string): Promise<Stats>;
  realpath(file: string): Promise<string>;
  readlink(file: string): Promise<string>;
  readdir(dir: string): Promise<Dirent[]>;
  open(file: string, flags: number): Promise<H>;
}

/** Calls that wait on the thread pool: the main thread goes on meanwhile. */
export const promiseFileCalls: FileCalls<FileHandle> = {
  lstat: (file) => lstat(file),
  stat: (file) => stat(file),
  realpath: (file) => realpath(file),
  readlink: (file) => readlink(file),
  readdir: (dir) => readdir(dir, { withFileTypes: true }),
  open: (file, flags) => open(file, flags),
};

/**
 * Calls that block the thread until the system answers. Only for a worker thread, which has
 * nothing else to do meanwhile: there each call costs the system call alone, not a round trip
 * through the thread pool (a tenth of the time for a few hundred small files).
 */
export const blockingFileCalls: FileCalls = {
  lstat: (file) => settled(() => lstatSync(file)),
  stat: (file) => settled(() => statSync(file)),
  // The native one, as fs/promises' realpath is: the same answer for /proc and similar.
  realpath: (file) => settled(() => realpathSync.native(file)),
  readlink: (file) => settled(() => readlinkSync(file)),
  readdir: (dir) => settled(() => readdirSync(dir, { withFileTypes: true })),
  open: (file, flags) => settled(() => blockingFile(openSync(file, flags))),
};

function blockingFile(fd: number): OpenedFile {
  let open = true;
  return {
    stat: () => settled(() => fstatSync(fd)),
    read: (buffer, offset, length, position) => settled(() => ({ bytesRead: readSync(fd, buffer, offset, length, position) })),
    close: () =>
      settled(() => {
        // A second close must not close a descriptor number the system has handed out again since.
        if (open) closeSync(fd);
        open = false;
      }),
  };
}

/** What `call` returns, or the error it throws as a rejection (never a throw from a function that returns a promise). */
function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
