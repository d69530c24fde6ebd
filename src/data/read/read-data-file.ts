import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { DATA_CODES, DATA_ERROR_CODES } from '../codes.js';
import type { DataFile, DataRecord, ReadCounter, ReadEntry } from '../types.js';
import { dataIssue } from './issue.js';
import { readJsonArray } from './json-array-reader.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';
import { readNdjson, type NdjsonReadOptions } from './ndjson-reader.js';
import type { PlainItemFields } from './plain-item.js';
import { readYamlList } from './yaml-reader.js';

export type DataFormat = 'ndjson' | 'json' | 'yaml';

const FORMATS: Record<string, DataFormat> = {
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** The extensions graphform reads data from, for messages that refuse another. */
export const SUPPORTED_DATA_FILES = '.ndjson or .jsonl (NDJSON, one item per line), .json (an array of items) or .yaml/.yml (a list of items)';

export function dataFormatOf(file: string): DataFormat | undefined {
  return FORMATS[path.extname(file).toLowerCase()];
}

export interface ReadOptions {
  /** The file was validated: NDJSON data lines may come back as text (`dataLine`). */
  trusted?: boolean;
  /**
   * The longest NDJSON line read (default 16 MiB); a longer one is a GF_DATA_LINE_TOO_LONG
   * entry. The same limit bounds an item of a JSON array (GF_DATA_ITEM_TOO_LARGE).
   */
  maxLineBytes?: number;
}

/**
 * Reads any supported data file by its extension: `.ndjson`/`.jsonl` (wire form or plain
 * items), `.json` (an array of items), `.yaml`/`.yml` (a list of items). Yields entries in
 * chunks; problems are entries too, so one pass finds every problem of the file. When
 * `file.size` is set, no byte past it is read.
 */
export async function* readDataFile(
  file: DataFile,
  fields: PlainItemFields,
  counter: ReadCounter = { bytesRead: 0 },
  options: ReadOptions = {},
): AsyncGenerator<ReadEntry[]> {
  if (file.entries !== undefined) {
    yield* file.entries();
    return;
  }
  const format = dataFormatOf(file.path);
  if (format === undefined) {
    yield [
      {
        kind: 'issue',
        issue: dataIssue(DATA_CODES.unsupportedFile, file.display, 1, `Unknown data file type: use ${SUPPORTED_DATA_FILES}.`),
      },
    ];
    return;
  }
  try {
    yield* readerFor(format, file, fields, counter, { trusted: options.trusted === true, maxLineBytes: options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES });
  } catch (error) {
    throw readFailure(file, error);
  }
}

/** A system error met reading a data file (ENOENT, EACCES, EIO…) as GF_DATA_READ_FAILED; anything else as it is. */
export function readFailure(file: DataFile, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !code.startsWith('E')) return error;
  return new GraphformError(DATA_ERROR_CODES.readFailed, `Cannot read data file ${file.display} (${code}).`, {
    hint: 'Check that the file exists and is readable.',
    cause: error,
  });
}

function readerFor(format: DataFormat, file: DataFile, fields: PlainItemFields, counter: ReadCounter, options: NdjsonReadOptions): AsyncGenerator<ReadEntry[]> {
  switch (format) {
    case 'ndjson':
      return readNdjson(file, fields, counter, options);
    case 'json':
      return readJsonArray(file, fields, counter, options.maxLineBytes);
    case 'yaml':
      return readYamlList(file, fields, counter);
    default: {
      const never: never = format;
      throw new Error(`unhandled data format ${String(never)}`);
    }
  }
}

/** Every entry of a file, one by one: convenient for small files and tests. */
export async function* readDataEntries(file: DataFile, fields: PlainItemFields): AsyncGenerator<ReadEntry> {
  for await (const chunk of readDataFile(file, fields)) yield* chunk;
}

/** Only the records of a file, dropping problems: for callers that validated it already. */
export async function* readDataRecords(file: DataFile, fields: PlainItemFields): AsyncGenerator<DataRecord> {
  for await (const entry of readDataEntries(file, fields)) if (entry.kind === 'record') yield entry.record;
}
