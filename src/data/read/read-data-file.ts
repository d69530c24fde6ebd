import path from 'node:path';
import { DATA_CODES } from '../codes.js';
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
 */
export async function* readDataFile(file: DataFile, fields: PlainItemFields, counter?: ReadCounter): AsyncGenerator<ReadEntry[]> {
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
  switch (format) {
    case 'ndjson':
      yield* readNdjson(file, fields, counter);
      return;
    case 'json':
      yield* readJsonArray(file, fields, counter);
      return;
    case 'yaml':
      yield* readYamlList(file, fields, counter);
      return;
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
