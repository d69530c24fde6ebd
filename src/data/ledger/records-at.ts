import { isActionShape } from '../read/action-line.js';
import { fileBytes } from '../read/file-bytes.js';
import { decodeLine } from '../read/line-chunks.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from '../read/line-splitter.js';
import { NdjsonState } from '../read/ndjson-state.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { dataFormatOf, readDataRecords } from '../read/read-data-file.js';
import type { DataFile, DataRecord, ReadEntry } from '../types.js';

/**
 * The records at the given lines of validated data files (a record's line as the readers
 * number it: the data line, a delete's action line, a list element's line). An NDJSON file
 * is split into lines without reading them; only a wanted line and the action line before
 * it are parsed, so picking a few changed items out of a large file costs one scan of its
 * bytes. Other formats are read whole. Records come back in file order, then line order.
 */
export async function readRecordsAt(
  files: readonly DataFile[],
  wanted: ReadonlyMap<string, ReadonlySet<number>>,
  fields: PlainItemFields,
): Promise<DataRecord[]> {
  const found: DataRecord[] = [];
  for (const file of files) {
    const lines = wanted.get(file.display);
    if (lines === undefined || lines.size === 0) continue;
    if (dataFormatOf(file.path) === 'ndjson') for (const record of await ndjsonRecordsAt(file, lines, fields)) found.push(record);
    else for await (const record of readDataRecords(file, fields)) if (lines.has(record.line)) found.push(record);
  }
  return found;
}

async function ndjsonRecordsAt(file: DataFile, lines: ReadonlySet<number>, fields: PlainItemFields): Promise<DataRecord[]> {
  const found: DataRecord[] = [];
  let previous: { bytes: Buffer; line: number } | undefined;
  const splitter = new LineSplitter(
    DEFAULT_MAX_LINE_BYTES,
    (bytes, line) => {
      if (lines.has(line)) {
        const record = recordAt(file.display, fields, previous, bytes, line);
        if (record !== undefined) found.push(record);
      }
      // Blank lines may stand between an action line and its data line.
      if (!isBlank(bytes)) previous = { bytes, line };
    },
    () => undefined,
  );
  for await (const chunk of fileBytes(file, { bytesRead: 0 })) splitter.push(chunk);
  splitter.end();
  return found;
}

/** The record whose line is `bytes`, read after the line before it when that is an action line (the file was validated). */
function recordAt(
  display: string,
  fields: PlainItemFields,
  previous: { bytes: Buffer; line: number } | undefined,
  bytes: Buffer,
  line: number,
): DataRecord | undefined {
  const state = new NdjsonState(display, fields, { maxLineBytes: DEFAULT_MAX_LINE_BYTES });
  const out: ReadEntry[] = [];
  const text = decodeLine(bytes, line);
  if (typeof text !== 'string') return undefined;
  const before = previous === undefined ? undefined : decodeLine(previous.bytes, previous.line);
  if (typeof before === 'string' && isActionLine(before)) state.line(before, previous?.line ?? 0, out);
  state.line(text, line, out);
  for (const entry of out) if (entry.kind === 'record' && entry.record.line === line) return entry.record;
  return undefined;
}

function isActionLine(text: string): boolean {
  try {
    return isActionShape(JSON.parse(text));
  } catch {
    return false;
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}
