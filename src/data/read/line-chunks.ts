import { createReadStream } from 'node:fs';
import type { ReadCounter } from '../types.js';

/** Consecutive lines of a file: `lines[i]` is line `firstLine + i` (1-based), without its newline. */
export interface LineChunk {
  lines: string[];
  firstLine: number;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a file as chunks of whole lines. Only one read chunk and one partial line are held
 * at a time, so memory stays flat whatever the file size. Lines are split on bytes (a
 * newline byte never occurs inside a multi-byte UTF-8 sequence), a trailing `\r` is dropped
 * and a leading BOM is skipped.
 */
export async function* readLineChunks(path: string, counter: ReadCounter = { bytesRead: 0 }): AsyncGenerator<LineChunk> {
  let carry: Buffer | undefined;
  let nextLine = 1;
  let atStart = true;
  for await (const piece of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const raw = piece as Buffer;
    counter.bytesRead += raw.length;
    let buffer = carry === undefined ? raw : Buffer.concat([carry, raw]);
    if (atStart) {
      atStart = false;
      if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
    }
    const lines: string[] = [];
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE, start); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      lines.push(decodeLine(buffer, start, end));
      start = end + 1;
    }
    carry = start < buffer.length ? Buffer.from(buffer.subarray(start)) : undefined;
    if (lines.length > 0) {
      yield { lines, firstLine: nextLine };
      nextLine += lines.length;
    }
  }
  if (carry !== undefined && carry.length > 0) yield { lines: [decodeLine(carry, 0, carry.length)], firstLine: nextLine };
}

function decodeLine(buffer: Buffer, start: number, end: number): string {
  const stop = end > start && buffer[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
  return buffer.toString('utf8', start, stop);
}
