import { createReadStream } from 'node:fs';
import type { DataFile, ReadCounter } from '../types.js';

const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of a data file in chunks of up to 1 MiB. When the file's size was taken (at
 * validation), no byte past it is read: what the send pass reads is exactly what was
 * validated, even while something appends to the file.
 */
export async function* fileBytes(file: DataFile, counter: ReadCounter): AsyncGenerator<Buffer> {
  if (file.size === 0) return;
  const range = file.size === undefined ? {} : { end: file.size - 1 };
  for await (const piece of createReadStream(file.path, { highWaterMark: CHUNK_BYTES, ...range })) {
    const chunk = piece as Buffer;
    counter.bytesRead += chunk.length;
    yield chunk;
  }
}

/** A whole (small) data file as text, within the same size bound. */
export async function fileText(file: DataFile, counter: ReadCounter): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of fileBytes(file, counter)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
