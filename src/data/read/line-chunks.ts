import { isUtf8 } from 'node:buffer';
import { columnOf, hasUtf8Bom, invalidByteProblem, invalidUtf8Offset, utf16Kind, utf16Problem, type EncodingProblem } from '../../fs/utf8-text.js';
import type { DataFile, ReadCounter } from '../types.js';
import { fileBytes } from './file-bytes.js';
import { LineSplitter } from './line-splitter.js';

/** A line that was not read: longer than the limit, or not UTF-8. */
export type LineProblem = { problem: 'too-long' } | ({ problem: 'not-utf8' } & EncodingProblem);

/**
 * Consecutive lines of a file: `lines[i]` is line `firstLine + i` (1-based), without its
 * newline, or the reason it was not read.
 */
export interface LineChunk {
  lines: (string | LineProblem)[];
  firstLine: number;
}

const CARRIAGE_RETURN = 0x0d;

/**
 * Streams a file as chunks of whole lines. Only one read chunk and one line (at most
 * `maxLineBytes`) are held at a time, so memory stays flat whatever the file size. Lines
 * are split on bytes (a newline byte never occurs inside a multi-byte UTF-8 sequence, so
 * a character split between two read chunks is whole again in its line), each line is
 * checked to be UTF-8 before it is decoded, a trailing `\r` is dropped and a leading BOM
 * is skipped. A UTF-16 file is one problem at line 1, and nothing more of it is read.
 */
export async function* readLineChunks(file: DataFile, counter: ReadCounter, maxLineBytes: number): AsyncGenerator<LineChunk> {
  let lines: (string | LineProblem)[] = [];
  const splitter = new LineSplitter(
    maxLineBytes,
    (bytes, lineNo) => lines.push(decodeLine(bytes, lineNo)),
    () => lines.push({ problem: 'too-long' }),
  );
  let firstLine = 1;
  const take = (): LineChunk => {
    const chunk = { lines, firstLine };
    firstLine += lines.length;
    lines = [];
    return chunk;
  };
  let started = false;
  for await (const piece of fileBytes(file, counter)) {
    if (!started) {
      started = true;
      const utf16 = utf16Kind(piece);
      if (utf16 !== undefined) {
        yield { lines: [{ problem: 'not-utf8', ...utf16Problem(utf16) }], firstLine: 1 };
        return;
      }
    }
    splitter.push(piece);
    if (lines.length > 0) yield take();
  }
  splitter.end();
  if (lines.length > 0) yield take();
}

/**
 * One line without its newline: its text (trailing `\r` and a first line's BOM dropped), or
 * why it was not read. `utf8` says the caller already knows the bytes are UTF-8.
 */
export function decodeLine(bytes: Buffer, lineNo: number, utf8 = false): string | Extract<LineProblem, { problem: 'not-utf8' }> {
  const start = lineNo === 1 && hasUtf8Bom(bytes) ? 3 : 0;
  const stop = bytes.length > start && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
  const body = bytes.subarray(start, stop);
  if (utf8 || isUtf8(body)) return body.toString('utf8');
  const offset = Math.max(invalidUtf8Offset(body), 0);
  return { problem: 'not-utf8', ...invalidByteProblem(body, offset, lineNo, columnOf(body, offset)) };
}
