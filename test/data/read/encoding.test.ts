import { stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataEntries, readDataFile } from '../../../src/data/read/read-data-file.js';
import { MAX_YAML_DATA_BYTES } from '../../../src/data/read/yaml-reader.js';
import type { DataFile, ReadEntry } from '../../../src/data/types.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
const LATIN1_E = Buffer.from([0xe9]);
const MIB = 1024 * 1024;

async function dataFile(name: string, content: Buffer | string, withSize = false): Promise<DataFile> {
  const dir = await makeTempDir('graphform-encoding-');
  const file = path.join(dir, name);
  await writeFile(file, content);
  return { path: file, display: name, ...(withSize ? { size: (await stat(file)).size, mtimeMs: 0 } : {}) };
}

async function entries(file: DataFile, maxLineBytes?: number): Promise<ReadEntry[]> {
  const out: ReadEntry[] = [];
  const options = maxLineBytes === undefined ? {} : { maxLineBytes };
  for await (const chunk of readDataFile(file, FIELDS, { bytesRead: 0 }, options)) out.push(...chunk);
  return out;
}

function brief(e: ReadEntry): string {
  return e.kind === 'record' ? `${e.record.line} ${e.record.action.id}` : `${e.issue.line}:${e.issue.column} ${e.issue.code}`;
}

const latin1 = (...parts: string[]): Buffer => Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [LATIN1_E, Buffer.from(part)])));

describe('data files are strict UTF-8', () => {
  it.each([
    [
      'wire NDJSON',
      'a.ndjson',
      latin1('{"index":{"_id":"1","language_routing":"en"}}\n{"Name":"Caf', '"}\n{"index":{"_id":"2","language_routing":"en"}}\n{"Name":"ok"}\n'),
      ['2:13 GF_NOT_UTF8', '4 2'],
    ],
    [
      'plain NDJSON',
      'a.ndjson',
      latin1('{"Id":"1","language_routing":"en"}\n{"Id":"2","language_routing":"en","Name":"Caf', '"}\n'),
      ['1 1', '2:46 GF_NOT_UTF8'],
    ],
    [
      'a JSON array',
      'a.json',
      latin1('[\n {"Id":"1","language_routing":"en"},\n {"Id":"2","language_routing":"en","Name":"Caf', '"}\n]\n'),
      ['3:47 GF_NOT_UTF8'],
    ],
    ['a YAML list', 'a.yaml', latin1('- Id: "1"\n  language_routing: en\n  Name: Caf', '\n'), ['3:12 GF_NOT_UTF8']],
  ])('Latin-1 in %s is GF_NOT_UTF8 at the line and column of the bad byte', async (_name, name, content, expected) => {
    expect((await entries(await dataFile(name, content))).map(brief)).toEqual(expected);
  });

  it.each([
    ['NDJSON', 'a.ndjson', '{"Id":"1","language_routing":"en"}\n{"Id":"2","language_routing":"en"}\n'],
    ['a JSON array', 'a.json', '[{"Id":"1","language_routing":"en"}]'],
    ['a YAML list', 'a.yaml', '- Id: "1"\n  language_routing: en\n'],
  ])('UTF-16 %s is one GF_NOT_UTF8 at 1:1 that says UTF-16, with or without a byte-order mark', async (_name, name, text) => {
    for (const [bytes, kind] of [
      [Buffer.from(`\uFEFF${text}`, 'utf16le'), 'little-endian'],
      [Buffer.from(text, 'utf16le').swap16(), 'big-endian'],
    ] as const) {
      const read = await entries(await dataFile(name, bytes));
      expect(read.map(brief)).toEqual(['1:1 GF_NOT_UTF8']);
      expect(read[0]?.kind === 'issue' ? read[0].issue.message : '').toBe(`The file is UTF-16 (${kind}), not UTF-8: save it as UTF-8.`);
    }
  });

  it.each([
    ['NDJSON', 'a.ndjson', '\uFEFF{"Id":"1","language_routing":"en","Name":"Café"}\n'],
    ['a JSON array', 'a.json', '\uFEFF[{"Id":"1","language_routing":"en","Name":"Café"}]'],
    ['a YAML list', 'a.yaml', '\uFEFF- Id: "1"\n  language_routing: en\n  Name: Café\n'],
  ])('%s with a UTF-8 byte-order mark reads as it is', async (_name, name, text) => {
    const read = await entries(await dataFile(name, text));
    expect(read.map(brief)).toEqual(['1 1']);
    expect(read[0]?.kind === 'record' ? read[0].record.item?.Name : undefined).toBe('Café');
  });

  it.each([
    ['NDJSON', 'a.ndjson', (pad: string) => `{"Id":"1","language_routing":"en","Pad":"${pad}","Name":"€uro"}\n{"Id":"2","language_routing":"en"}\n`],
    ['a JSON array', 'a.json', (pad: string) => `[{"Id":"1","language_routing":"en","Pad":"${pad}","Name":"€uro"},{"Id":"2","language_routing":"en"}]`],
  ])('%s: a character split between two 1 MiB reads is not an error', async (_name, name, make) => {
    const prefix = make('').indexOf('€');
    // Each placement puts one, two or all three bytes of € before the 1 MiB boundary.
    for (const before of [1, 2]) {
      const content = make('x'.repeat(MIB - prefix - before));
      expect(
        Buffer.from(content)
          .subarray(MIB - before, MIB + 3 - before)
          .toString(),
      ).toBe('€');
      const read = await entries(await dataFile(name, content));
      expect(read.map(brief)).toEqual(['1 1', `${name.endsWith('.json') ? 1 : 2} 2`]);
      expect(read[0]?.kind === 'record' ? read[0].record.item?.Name : undefined).toBe('€uro');
    }
  });
});

describe('data file size limits', () => {
  it('reports a JSON array item over the line limit (GF_DATA_ITEM_TOO_LARGE) and reads the items after it', async () => {
    const big = `{"Id":"big","language_routing":"en","Pad":"${'x'.repeat(300)}"}`;
    const file = await dataFile('a.json', `[\n{"Id":"1","language_routing":"en"},\n${big},\n{"Id":"3","language_routing":"en"}\n]`);
    const read = await entries(file, 200);
    expect(read.map(brief)).toEqual(['2 1', '3:1 GF_DATA_ITEM_TOO_LARGE', '4 3']);
    expect(read[1]?.kind === 'issue' ? read[1].issue.message : '').toBe(
      'This item is larger than 200 B (200 bytes), the largest item graphform reads: it was not read. Keep each item under that size.',
    );
  });

  it('keeps the default item limit at the NDJSON line limit, 16 MiB', async () => {
    const file = await dataFile('a.json', `[{"Id":"big","language_routing":"en","Pad":"${'x'.repeat(16 * MIB)}"}]`);
    expect((await entries(file)).map(brief)).toEqual(['1:1 GF_DATA_ITEM_TOO_LARGE']);
  });

  it('does not read a YAML data file over 64 MiB (GF_DATA_FILE_TOO_LARGE), and says to use NDJSON', async () => {
    const file = await dataFile('a.yaml', '- Id: "1"\n');
    await truncate(file.path, MAX_YAML_DATA_BYTES + 1);
    const read = await entries({ ...file, size: MAX_YAML_DATA_BYTES + 1 });
    expect(read.map(brief)).toEqual(['1:1 GF_DATA_FILE_TOO_LARGE']);
    expect(read[0]?.kind === 'issue' ? read[0].issue.message : '').toContain('Put large data in NDJSON (.ndjson), which is streamed.');
  });

  it('reads a YAML data file only up to the size it had when it was validated', async () => {
    const file = await dataFile('a.yaml', '- Id: "1"\n  language_routing: en\n', true);
    await writeFile(file.path, '- Id: "1"\n  language_routing: en\n- Id: "2"\n  language_routing: en\n');
    const read: string[] = [];
    for await (const e of readDataEntries(file, FIELDS)) read.push(brief(e));
    expect(read).toEqual(['1 1']);
  });
});
