import { appendFileSync, closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { refusalMessage, type FileRefusal } from '../../fs/project-file.js';
import { openRegularFileSync } from '../../fs/regular-file-sync.js';
import { ItemIndex, type ItemKey } from './item-index.js';
import type { ItemRecord } from './item-store.js';
import { dataLineOffset, decodeLine, encodeItem } from './journal-format.js';

/**
 * Reading and replacing a journal file, synchronously: a read sees the file as the index
 * knows it, and a replacement renames the new file into place and hands back its index in
 * the same step, so no request ever sees the one without the other.
 */

const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

export interface ScannedJournal {
  index: ItemIndex;
  /** Operations read: more than the index holds when items were replaced or deleted. */
  operations: number;
}

/**
 * Reads a journal into an index of byte ranges (no data line is kept). A cut-off last line
 * (a crash mid-append) is cut from the file, and a last line without its newline gets one,
 * so the next append starts on a line of its own; a bad line elsewhere is corruption. A
 * missing file is a source without items.
 */
export function scanJournal(path: string): ScannedJournal {
  const index = new ItemIndex();
  const opened = openRegularFileSync(path);
  if (!opened.ok) {
    if (opened.refusal.kind === 'missing') return { index, operations: 0 };
    throw notReadable(path, opened.refusal);
  }
  const fd = opened.fd;
  let operations = 0;
  let badLine: { lineNo: number; at: number } | undefined;
  let end: { bytes: number; last: number | undefined };
  try {
    let lineNo = 0;
    const onLine = (bytes: Buffer, at: number): void => {
      lineNo++;
      if (bytes.length === 0) return;
      if (badLine !== undefined) throw damaged(path, badLine.lineNo);
      const line = decodeLine(bytes);
      if (line === undefined) {
        badLine = { lineNo, at };
        return;
      }
      operations++;
      if (line.kind === 'delete') index.delete(line.lang, line.id);
      else index.set(line.lang, line.id, { type: line.type, at: at + line.start, bytes: line.end - line.start });
    };
    end = eachLine(fd, onLine);
  } finally {
    closeSync(fd);
  }
  // Repairs write: the file is opened for writing only when one is needed.
  if (badLine !== undefined) truncateSync(path, badLine.at);
  else if (end.last !== undefined && end.last !== NEWLINE) appendFileSync(path, '\n');
  return { index, operations };
}

/** Calls `onLine` with every line and its byte offset; returns the file's size and last byte. */
function eachLine(fd: number, onLine: (bytes: Buffer, at: number) => void): { bytes: number; last: number | undefined } {
  let pending: Buffer[] = [];
  let pendingAt = 0;
  let position = 0;
  let last: number | undefined;
  for (;;) {
    // A fresh buffer per chunk: a line may span chunks, and its earlier pieces stay in `pending`.
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
    if (read === 0) break;
    const data = chunk.subarray(0, read);
    let start = 0;
    for (let newline = data.indexOf(NEWLINE); newline !== -1; newline = data.indexOf(NEWLINE, start)) {
      const piece = data.subarray(start, newline);
      const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      onLine(line, pending.length === 0 ? position + start : pendingAt);
      pending = [];
      start = newline + 1;
    }
    if (start < read) {
      if (pending.length === 0) pendingAt = position + start;
      pending.push(data.subarray(start));
    }
    last = data[read - 1];
    position += read;
  }
  if (pending.length > 0) onLine(Buffer.concat(pending), pendingAt);
  return { bytes: position, last };
}

/** The data lines of `keys` (disk slots), in the order given; the file is read in order of position. */
export function readDataLines(path: string, keys: readonly ItemKey[]): string[] {
  const out: string[] = new Array<string>(keys.length).fill('');
  if (keys.length === 0) return out;
  const order = keys.map((key, i) => ({ i, at: 'at' in key.slot ? key.slot.at : 0, bytes: 'at' in key.slot ? key.slot.bytes : 0 })).sort((a, b) => a.at - b.at);
  const opened = openRegularFileSync(path);
  if (!opened.ok) throw notReadable(path, opened.refusal);
  const fd = opened.fd;
  try {
    let window = Buffer.alloc(0);
    let windowAt = 0;
    for (const { i, at, bytes } of order) {
      if (at < windowAt || at + bytes > windowAt + window.length) {
        window = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
        const read = readSync(fd, window, 0, window.length, at);
        window = window.subarray(0, read);
        windowAt = at;
        if (read < bytes) throw damaged(path, undefined);
      }
      out[i] = window.toString('utf8', at - windowAt, at - windowAt + bytes);
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/**
 * Replaces the journal with exactly these items, in this order: written beside it and
 * fsynced, then renamed into place. Returns the new file's index; on failure the old file
 * (and so the caller's index) stands.
 */
export function writeJournal(path: string, items: Iterable<ItemRecord>): ItemIndex {
  const index = new ItemIndex();
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o644);
  try {
    let at = 0;
    let pending: string[] = [];
    let pendingChars = 0;
    const flush = (): void => {
      const bytes = Buffer.from(pending.join(''), 'utf8');
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
      pending = [];
      pendingChars = 0;
    };
    for (const item of items) {
      const line = encodeItem(item);
      const start = dataLineOffset(item.lang, item.id, item.type);
      const lineBytes = Buffer.byteLength(line);
      index.set(item.lang, item.id, { type: item.type, at: at + start, bytes: lineBytes - start - 2 });
      at += lineBytes;
      pending.push(line);
      pendingChars += line.length;
      if (pendingChars >= CHUNK_BYTES) flush();
    }
    flush();
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dirname(path));
  return index;
}

/** Makes a rename durable; some file systems refuse to fsync a folder, which is harmless here. */
function syncFolder(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort: the file itself is fsynced.
  }
}

/** A journal that is not a regular file (opened synchronously, a FIFO would stop the whole emulator), or cannot be read. */
function notReadable(path: string, refusal: FileRefusal): GraphformError {
  return new GraphformError(
    refusal.kind === 'unreadable' ? 'GF_EMULATOR_CORRUPT_DATA' : 'GF_NOT_A_FILE',
    `The emulator's item journal ${refusalMessage(path, refusal)}.`,
    {
      details: { path },
      hint: 'Remove it (the source keeps its definition, without items) or the whole data directory.',
    },
  );
}

function damaged(path: string, line: number | undefined): GraphformError {
  return new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's item journal ${path} is damaged${line === undefined ? '' : ` at line ${line}`}`, {
    details: { path, ...(line === undefined ? {} : { line }) },
    hint: 'Remove the file (the source keeps its definition, without items) or the whole data directory.',
  });
}
