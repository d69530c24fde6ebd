import type { DataFile, ReadCounter } from '../types.js';
import { fileBytes } from './file-bytes.js';
import { LineSplitter } from './line-splitter.js';

/**
 * Consecutive lines of a file: `lines[i]` is line `firstLine + i` (1-based), without its
 * newline, or null when the line is longer than the limit and was not read.
 */
export interface LineChunk {
  lines: (string | null)[];
  firstLine: number;
}

const CARRIAGE_RETURN = 0x0d;

/**
 * Streams a file as chunks of whole lines. Only one read chunk and one line (at most
 * `maxLineBytes`) are held at a time, so memory stays flat whatever the file size. Lines
 * are split on bytes (a newline byte never occurs inside a multi-byte UTF-8 sequence), a
 * trailing `\r` is dropped and a leading BOM is skipped.
 */
export async function* readLineChunks(file: DataFile, counter: ReadCounter, maxLineBytes: number): AsyncGenerator<LineChunk> {
  let lines: (string | null)[] = [];
  const splitter = new LineSplitter(
    maxLineBytes,
    (bytes, lineNo) => lines.push(decodeLine(bytes, lineNo === 1)),
    () => lines.push(null),
  );
  let firstLine = 1;
  const take = (): LineChunk => {
    const chunk = { lines, firstLine };
    firstLine += lines.length;
    lines = [];
    return chunk;
  };
  for await (const piece of fileBytes(file, counter)) {
    splitter.push(piece);
    if (lines.length > 0) yield take();
  }
  splitter.end();
  if (lines.length > 0) yield take();
}

function decodeLine(bytes: Buffer, first: boolean): string {
  const start = first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const stop = bytes.length > start && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
  return bytes.toString('utf8', start, stop);
}
