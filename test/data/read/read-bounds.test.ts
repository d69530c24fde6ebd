import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataFile } from '../../../src/data/read/read-data-file.js';
import { tempDir, type TempDir } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

describe('reading a file with a known size', () => {
  it.each([
    ['a.ndjson', '{"Id":"1","language_routing":"en"}\n', '{"Id":"2","language_routing":"en"}\n'],
    ['a.json', '[{"Id":"1","language_routing":"en"}]', ',{"Id":"2","language_routing":"en"}]'],
    ['a.yaml', '- Id: "1"\n  language_routing: en\n', '- Id: "2"\n  language_routing: en\n'],
  ])('%s: reads no byte past the size it had when validated', async (name, validated, appended) => {
    const file = await tmp.write(name, validated + appended);
    const size = Buffer.byteLength(validated);
    const counter = { bytesRead: 0 };
    const seen: string[] = [];
    for await (const chunk of readDataFile({ path: file, display: name, size, mtimeMs: (await stat(file)).mtimeMs }, FIELDS, counter)) {
      for (const e of chunk) seen.push(e.kind === 'record' ? `${e.record.line} ${e.record.action.id}` : `${e.issue.line} ${e.issue.code}`);
    }
    expect(seen).toEqual(['1 1']);
    expect(counter.bytesRead).toBe(size);
  });

  it('reads an empty file as empty', async () => {
    const file = await tmp.write('empty.ndjson', '');
    const chunks = [];
    for await (const chunk of readDataFile({ path: file, display: 'empty.ndjson', size: 0, mtimeMs: 0 }, FIELDS)) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
