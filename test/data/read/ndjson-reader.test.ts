import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataEntries, readDataFile } from '../../../src/data/read/read-data-file.js';
import type { ReadEntry } from '../../../src/data/types.js';
import { tempDir, type TempDir } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

async function read(content: string, name = 'items.ndjson'): Promise<ReadEntry[]> {
  const file = await tmp.write(name, content);
  const entries: ReadEntry[] = [];
  for await (const entry of readDataEntries({ path: file, display: name }, FIELDS)) entries.push(entry);
  return entries;
}

function summary(entries: readonly ReadEntry[]): string[] {
  return entries.map((e) =>
    e.kind === 'record' ? `${e.record.line} ${e.record.action.kind} ${e.record.action.id}/${e.record.action.language}` : `${e.issue.line} ${e.issue.code}`,
  );
}

const A = (id: unknown, lang: unknown = 'en'): string => JSON.stringify({ index: { _id: id, language_routing: lang } });
const D = (name: string): string => JSON.stringify({ Name: name, ContentType: ['Product'] });

describe('NDJSON reader', () => {
  it.each([
    ['wire pairs', [A('1'), D('a'), A(2, 'sv'), D('b')], ['2 index 1/en', '4 index 2/sv']],
    [
      'delete lines stand alone',
      [A('1'), D('a'), '{"delete":{"_id":"9","language_routing":"en"}}', A('2'), D('b')],
      ['2 index 1/en', '3 delete 9/en', '5 index 2/en'],
    ],
    ['blank lines are skipped', ['', A('1'), '   ', D('a'), ''], ['4 index 1/en']],
    ['CRLF line ends', [`${A('1')}\r`, `${D('a')}\r`], ['2 index 1/en']],
    ['data line without action', [A('1'), D('a'), D('b'), A('2'), D('c')], ['2 index 1/en', '3 GF_DATA_MISSING_ACTION', '5 index 2/en']],
    ['action without data line', [A('1'), A('2'), D('b')], ['1 GF_DATA_MISSING_DATA_LINE', '3 index 2/en']],
    ['action without data line at the end', [A('1'), D('a'), A('2')], ['2 index 1/en', '3 GF_DATA_MISSING_DATA_LINE']],
    ['action without _id', ['{"index":{"language_routing":"en"}}', D('a'), A('2'), D('b')], ['1 GF_DATA_ACTION_MISSING_ID', '4 index 2/en']],
    ['action with empty _id', ['{"index":{"_id":"","language_routing":"en"}}', D('a')], ['1 GF_DATA_ACTION_MISSING_ID']],
    ['action without language_routing', ['{"index":{"_id":"1"}}', D('a')], ['1 GF_DATA_ACTION_MISSING_LANGUAGE']],
    ['delete without _id', ['{"delete":{"language_routing":"en"}}', A('2'), D('b')], ['1 GF_DATA_ACTION_MISSING_ID', '3 index 2/en']],
    ['unsupported action', ['{"update":{"_id":"1","language_routing":"en"}}', D('a'), A('2'), D('b')], ['1 GF_DATA_INVALID_ACTION', '4 index 2/en']],
    ['data line not JSON', [A('1'), '{"Name": oops}', A('2'), D('b')], ['2 GF_DATA_INVALID_JSON', '4 index 2/en']],
    ['action line not JSON does not cascade', ['{"index":{"_id":"1",}}', D('a'), A('2'), D('b')], ['1 GF_DATA_INVALID_JSON', '4 index 2/en']],
    ['data line that is not an object', [A('1'), '[1,2]'], ['2 GF_DATA_NOT_AN_OBJECT']],
  ])('%s', async (_name, lines, expected) => {
    expect(summary(await read(lines.join('\n')))).toEqual(expected);
  });

  it('keeps the data line as the item and the action as given', async () => {
    const [entry] = await read(`${A(42, 'sv')}\n${D('x')}\n`);
    expect(entry).toEqual({
      kind: 'record',
      record: { file: 'items.ndjson', line: 2, action: { kind: 'index', id: '42', language: 'sv' }, item: { Name: 'x', ContentType: ['Product'] } },
    });
  });

  it.each([
    ['plain items', ['{"Id":"1","language_routing":"en","Name":"a"}', '{"Id":2,"Language":{"Name":"sv"}}'], ['1 index 1/en', '2 index 2/sv']],
    ['plain item without id', ['{"Name":"a","language_routing":"en"}'], ['1 GF_DATA_ITEM_MISSING_ID']],
    ['plain item without language', ['{"Id":"1","Name":"a"}'], ['1 GF_DATA_ITEM_MISSING_LANGUAGE']],
    ['action line among plain items', ['{"Id":"1","language_routing":"en"}', A('2')], ['1 index 1/en', '2 GF_DATA_UNEXPECTED_ACTION']],
    ['plain item that is not an object', ['{"Id":"1","language_routing":"en"}', '"text"'], ['1 index 1/en', '2 GF_DATA_NOT_AN_OBJECT']],
  ])('%s', async (_name, lines, expected) => {
    expect(summary(await read(lines.join('\n'), 'plain.ndjson'))).toEqual(expected);
  });

  it('moves _id and language_routing of a plain item to the action line', async () => {
    const [entry] = await read('{"Id":"1","_id":"x","language_routing":"en","Name":"a"}\n', 'plain.ndjson');
    expect(entry?.kind === 'record' ? entry.record.item : undefined).toEqual({ Id: '1', Name: 'a' });
  });

  it('reads lines that span read chunks, and multi-byte characters', async () => {
    const big = 'å'.repeat(700_000);
    const entries = await read(`${A('1')}\n${JSON.stringify({ Name: big })}\n${A('2')}\n${D('b')}`);
    expect(summary(entries)).toEqual(['2 index 1/en', '4 index 2/en']);
    expect(entries[0]?.kind === 'record' ? entries[0].record.item?.Name : undefined).toBe(big);
  });

  it('rejects an unknown file type', async () => {
    expect(summary(await read('x', 'items.csv'))).toEqual(['1 GF_DATA_UNSUPPORTED_FILE']);
  });

  it('keeps minified data lines as text when told the file is already validated', async () => {
    const file = await tmp.write('trusted.ndjson', `${A('1')}\n{"Name":"a b"}\n${A('2')}\n{"Name": "c"}\n`);
    const records = [];
    for await (const chunk of readDataFile({ path: file, display: 'trusted.ndjson' }, FIELDS, undefined, { trusted: true })) {
      for (const entry of chunk) if (entry.kind === 'record') records.push(entry.record);
    }
    expect(records.map((r) => [r.line, r.dataLine, r.item])).toEqual([
      [2, '{"Name":"a b"}', undefined],
      [4, undefined, { Name: 'c' }],
    ]);
  });
});

describe('read errors', () => {
  it('turns an unreadable file into GF_DATA_READ_FAILED', async () => {
    const missing = path.join(path.dirname(await tmp.write('here.txt', '')), 'gone.ndjson');
    const run = async (): Promise<void> => {
      for await (const _ of readDataEntries({ path: missing, display: 'gone.ndjson' }, FIELDS)) void _;
    };
    await expect(run()).rejects.toMatchObject({ code: 'GF_DATA_READ_FAILED', message: 'Cannot read data file gone.ndjson (ENOENT).' });
  });

  it('refuses to read anything but a regular file (GF_DATA_NOT_A_FILE)', async () => {
    const folder = path.dirname(await tmp.write('folder.ndjson/inside.txt', ''));
    const run = async (): Promise<void> => {
      for await (const _ of readDataEntries({ path: folder, display: 'folder.ndjson' }, FIELDS)) void _;
    };
    await expect(run()).rejects.toMatchObject({ code: 'GF_DATA_NOT_A_FILE' });
  });
});
