import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonArrayScanner } from '../../../src/data/read/json-array-scanner.js';
import { readDataEntries } from '../../../src/data/read/read-data-file.js';
import type { ReadEntry } from '../../../src/data/types.js';
import { tempDir, type TempDir } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

async function read(content: string, name: string): Promise<string[]> {
  const file = await tmp.write(name, content);
  const out: string[] = [];
  for await (const e of readDataEntries({ path: file, display: name }, FIELDS)) out.push(describeEntry(e));
  return out;
}

function describeEntry(e: ReadEntry): string {
  return e.kind === 'record' ? `${e.record.line} ${e.record.action.id}/${e.record.action.language}` : `${e.issue.line} ${e.issue.code}`;
}

describe('JSON array scanner', () => {
  const text = '[\n  {"Id":"1","s":"a,]}\\"[{"},\n  {"Id":"2","n":[1,{"x":[]}]},\n  3, "x", null\n]\n';

  it('finds elements and their lines whatever the chunking', () => {
    for (const size of [1, 2, 3, 7, text.length]) {
      const scanner = new JsonArrayScanner();
      const elements = [];
      for (let i = 0; i < text.length; i += size) elements.push(...scanner.push(text.slice(i, i + size)));
      expect(scanner.end()).toBeUndefined();
      expect(elements.map((e) => [e.line, JSON.parse(e.text) as unknown])).toEqual([
        [2, { Id: '1', s: 'a,]}"[{' }],
        [3, { Id: '2', n: [1, { x: [] }] }],
        [4, 3],
        [4, 'x'],
        [4, null],
      ]);
    }
  });

  it.each([
    ['{"a":1}', 'not-an-array'],
    ['', 'not-an-array'],
    ['[1,2', 'unterminated'],
    ['[1,]', 'unexpected'],
    ['[,1]', 'unexpected'],
    ['[1] x', 'unexpected'],
    ['[{"a":"b]', 'unterminated'],
  ])('%j is %s', (input, kind) => {
    const scanner = new JsonArrayScanner();
    scanner.push(input);
    expect(scanner.end()?.kind).toBe(kind);
  });

  it('accepts an empty array', () => {
    const scanner = new JsonArrayScanner();
    expect(scanner.push(' [ ] ')).toEqual([]);
    expect(scanner.end()).toBeUndefined();
  });

  // The switches over the scanner's state end in a never check: a state added to the union
  // without a case fails to compile, and a state that is none of them fails loudly, not silently.
  it.each([
    ['end', (scanner: JsonArrayScanner): unknown => scanner.end()],
    ['push', (scanner: JsonArrayScanner): unknown => scanner.push('[1]')],
  ])('%s refuses a state outside its union', (_name, run) => {
    const scanner = new JsonArrayScanner();
    Object.assign(scanner, { state: 'sideways' });
    expect(() => run(scanner)).toThrow('unhandled JSON array scanner state "sideways"');
  });
});

describe('JSON array reader', () => {
  it('reads plain items with the line each starts on', async () => {
    expect(await read('[\n {"Id":"a","language_routing":"en"},\n {"Id":"b",\n  "Language":{"Name":"sv"}}\n]', 'items.json')).toEqual(['2 a/en', '3 b/sv']);
  });

  it.each([
    ['{"Id":"a"}', ['1 GF_DATA_NOT_A_LIST']],
    ['[\n{"Id":"a","language_routing":"en"},\n{"Id": x}\n]', ['2 a/en', '3 GF_DATA_INVALID_JSON']],
    ['[\n{"Id":"a","language_routing":"en"},\n{"Id":"b"', ['2 a/en', '3 GF_DATA_INVALID_JSON']],
    ['[{"index":{"_id":"1","language_routing":"en"}}]', ['1 GF_DATA_UNEXPECTED_ACTION']],
    ['[{"language_routing":"en"}]', ['1 GF_DATA_ITEM_MISSING_ID']],
  ])('%j', async (content, expected) => {
    expect(await read(content, 'bad.json')).toEqual(expected);
  });
});
