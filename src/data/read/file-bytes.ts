import type { FileHandle } from 'node:fs/promises';
import { GraphformError } from '../../diagnostics/errors.js';
import { escapeUnprintable } from '../../diagnostics/excerpt.js';
import { openRegularFile, readAtMost } from '../../fs/project-file.js';
import { DATA_CODES } from '../codes.js';
import type { DataFile, ReadCounter } from '../types.js';

const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of a data file in chunks of up to 1 MiB. When the file's size was taken (at
 * validation), no byte past it is read: what the send pass reads is exactly what was
 * validated, even while something appends to the file. Only a regular file is read: a
 * FIFO or device put in its place is refused before a byte is read.
 */
export async function* fileBytes(file: DataFile, counter: ReadCounter): AsyncGenerator<Buffer> {
  if (file.size === 0) return;
  const { handle } = await openData(file);
  const range = file.size === undefined ? {} : { end: file.size - 1 };
  // The stream closes the handle when it ends, fails or is abandoned.
  for await (const piece of handle.createReadStream({ highWaterMark: CHUNK_BYTES, start: 0, ...range })) {
    const chunk = piece as Buffer;
    counter.bytesRead += chunk.length;
    yield chunk;
  }
}

/** A data file read into buffers the caller gives (FileReader.read), from its start. */
export interface FileReader {
  /** Up to `length` bytes into target[offset…] (shared memory too); 0 at the end (or at the size it had when validated). */
  read(target: Uint8Array, offset: number, length: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens a data file for reads into the caller's buffers, within the same bounds as
 * fileBytes: never past the size it had when validated, a regular file only.
 */
export async function openFileReader(file: DataFile, counter: ReadCounter): Promise<FileReader> {
  if (file.size === 0) return { read: () => Promise.resolve(0), close: () => Promise.resolve() };
  const { handle } = await openData(file);
  const limit = file.size ?? Number.POSITIVE_INFINITY;
  let position = 0;
  return {
    async read(target, offset, length) {
      const wanted = Math.min(length, limit - position);
      if (wanted <= 0) return 0;
      const { bytesRead } = await handle.read(target, offset, wanted, position);
      position += bytesRead;
      counter.bytesRead += bytesRead;
      return bytesRead;
    },
    close: () => handle.close(),
  };
}

/**
 * A whole (small) data file's bytes, within the same size bound and never more than
 * `maxBytes`: undefined when the file holds more.
 */
export async function fileBytesAtMost(file: DataFile, counter: ReadCounter, maxBytes: number): Promise<Buffer | undefined> {
  if (file.size === 0) return Buffer.alloc(0);
  const { handle, size } = await openData(file);
  try {
    let bytes: Buffer | undefined;
    if (file.size === undefined) bytes = await readAtMost(handle, maxBytes, size);
    else bytes = file.size > maxBytes ? undefined : await readUpTo(handle, file.size);
    if (bytes !== undefined) counter.bytesRead += bytes.length;
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The first `length` bytes, or fewer when the file is shorter now. */
async function readUpTo(handle: FileHandle, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done);
}

async function openData(file: DataFile): Promise<{ handle: FileHandle; size: number }> {
  const opened = await openRegularFile(file.path);
  if (opened !== undefined) return opened;
  throw new GraphformError(
    DATA_CODES.notAFile,
    `Data file ${escapeUnprintable(file.display)} is not a regular file (any more): graphform reads only regular files.`,
    {
      hint: 'Replace it with the file itself.',
    },
  );
}
