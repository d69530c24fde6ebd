import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecordsAt } from '../../../src/data/ledger/records-at.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';

const FIELDS = { idField: '_id', languageField: 'language_routing' };
const file = (dir: string, name: string) => ({ path: path.join(dir, name), display: name });

describe('reading records back out of validated data files by line', () => {
  it('finds index records by their data line, a delete by its action line, across blank lines and CRLF', async () => {
    const text = [
      '{"index":{"_id":"a","language_routing":"en"}}',
      '{"Title":"A"}',
      '{"delete":{"_id":"gone","language_routing":"sv"}}',
      '{"index":{"_id":"b","language_routing":"sv"}}',
      '',
      '{"Title":"B"}\r',
      '{"index":{"_id":"c","language_routing":"en"}}',
      '{"Title":"C"}',
      '',
    ].join('\n');
    const dir = await makeProjectDir({ 'w.ndjson': text });
    const found = await readRecordsAt([file(dir, 'w.ndjson')], new Map([['w.ndjson', new Set([2, 3, 6])]]), FIELDS);
    expect(found.map((r) => [r.line, r.action.kind, r.action.id, r.action.language, r.item?.Title])).toEqual([
      [2, 'index', 'a', 'en', 'A'],
      [3, 'delete', 'gone', 'sv', undefined],
      [6, 'index', 'b', 'sv', 'B'],
    ]);
  });

  it('reads plain NDJSON items, JSON arrays and YAML lists', async () => {
    const dir = await makeProjectDir({
      'p.ndjson': '{"_id":"x","language_routing":"en","Title":"X"}\n{"_id":"y","language_routing":"en","Title":"Y"}\n',
      'a.json': '[\n  {"_id":"j1","language_routing":"en","Title":"J1"},\n  {"_id":"j2","language_routing":"sv","Title":"J2"}\n]\n',
      'l.yaml': '- _id: y1\n  language_routing: en\n  Title: Y1\n- _id: y2\n  language_routing: sv\n  Title: Y2\n',
    });
    const wanted = new Map([
      ['p.ndjson', new Set([2])],
      ['a.json', new Set([3])],
      ['l.yaml', new Set([4])],
    ]);
    const found = await readRecordsAt([file(dir, 'p.ndjson'), file(dir, 'a.json'), file(dir, 'l.yaml')], wanted, FIELDS);
    expect(found.map((r) => `${r.file}:${r.line} ${r.action.id} ${r.action.language}`)).toEqual(['p.ndjson:2 y en', 'a.json:3 j2 sv', 'l.yaml:4 y2 sv']);
  });
});
