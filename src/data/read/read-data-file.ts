import path from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { DATA_CODES, DATA_ERROR_CODES } from '../codes.js';
import type { DataFile, DataRecord, ReadCounter, ReadEntry } from '../types.js';
import { dataIssue } from './issue.js';
import { readJsonArray } from './json-array-reader.js';
import { readNdjson } from './ndjson-reader.js';
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

export function dataFormatOf(file: string): DataFormat | undefined {
  return FORMATS[path.extname(file).toLowerCase()];
}

/**
 * Reads any supported data file by its extension: `.ndjson`/`.jsonl` (wire form or plain
 * items), `.json` (an array of items), `.yaml`/`.yml` (a list of items). Yields entries in
 * chunks; problems are entries too, so one pass finds every problem of the file.
 * `trusted` (the file was validated): NDJSON data lines may come back as text (`dataLine`).
 */
export async function* readDataFile(file: DataFile, fields: PlainItemFields, counter?: ReadCounter, options: { trusted?: boolean } = {}): AsyncGenerator<ReadEntry[]> {
  const format = dataFormatOf(file.path);
  if (format === undefined) {
    yield [
      {
        kind: 'issue',
        issue: dataIssue(DATA_CODES.unsupportedFile, file.display, 1, 'Unknown data file type: use .ndjson or .jsonl (NDJSON), .json (an array of items) or .yaml/.yml (a list of items).'),
      },
    ];
    return;
  }
  try {
    yield* readerFor(format, file, fields, counter, options.trusted === true);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string' || !code.startsWith('E')) throw error;
    throw new GraphformError(DATA_ERROR_CODES.readFailed, `Cannot read data file ${file.display} (${code}).`, {
      hint: 'Check that the file exists and is readable.',
      cause: error,
    });
  }
}

function readerFor(format: DataFormat, file: DataFile, fields: PlainItemFields, counter: ReadCounter | undefined, trusted: boolean): AsyncGenerator<ReadEntry[]> {
  switch (format) {
    case 'ndjson':
      return readNdjson(file, fields, counter, trusted);
    case 'json':
      return readJsonArray(file, fields, counter);
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
