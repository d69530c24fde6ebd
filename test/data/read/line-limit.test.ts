import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateDataFiles } from '../../../src/data/push/push-data.js';
import { readDataFile } from '../../../src/data/read/read-data-file.js';
import type { ReadEntry } from '../../../src/data/types.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
const MiB = 1024 * 1024;
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());
afterEach(() => {
  vi.restoreAllMocks();
});

async function read(name: string, content: string, maxLineBytes?: number): Promise<ReadEntry[]> {
  const file = await tmp.write(name, content);
  const entries: ReadEntry[] = [];
  const options = maxLineBytes === undefined ? {} : { maxLineBytes };
  for await (const chunk of readDataFile({ path: file, display: name }, FIELDS, undefined, options)) entries.push(...chunk);
  return entries;
}

const summary = (entries: readonly ReadEntry[]): string[] =>
  entries.map((e) =>
    e.kind === 'record' ? `${e.record.line} ${e.record.action.kind} ${e.record.action.id}` : `${e.issue.file}:${e.issue.line} ${e.issue.code}`,
  );

const A = (id: string): string => JSON.stringify({ index: { _id: id, language_routing: 'en' } });
const D = (name: string): string => JSON.stringify({ Name: name, ContentType: ['Item', 'Product'] });

describe('NDJSON line limit', () => {
  it.each([
    [
      'a data line over the limit is reported at file:line and owns its action',
      [A('1'), D('x'.repeat(300)), A('2'), D('b')],
      ['long.ndjson:2 GF_DATA_LINE_TOO_LONG', '4 index 2'],
    ],
    [
      'an over-long first line leaves the form undecided',
      [D('x'.repeat(300)), '{"Id":"1","language_routing":"en"}'],
      ['long.ndjson:1 GF_DATA_LINE_TOO_LONG', '2 index 1'],
    ],
    [
      'an over-long plain item',
      ['{"Id":"1","language_routing":"en"}', `{"Id":"2","language_routing":"en","Name":"${'y'.repeat(300)}"}`, '{"Id":"3","language_routing":"en"}'],
      ['1 index 1', 'long.ndjson:2 GF_DATA_LINE_TOO_LONG', '3 index 3'],
    ],
    ['the last line, without a newline', [A('1'), D('a'), A('2'), D('z'.repeat(300))], ['2 index 1', 'long.ndjson:4 GF_DATA_LINE_TOO_LONG']],
    ['a line of exactly the limit is read', [A('1'), D('e'.repeat(256 - D('').length))], ['2 index 1']],
  ])('%s', async (_name, lines, expected) => {
    expect(summary(await read('long.ndjson', lines.join('\n'), 256))).toEqual(expected);
  });

  it('says what the limit is and what to do', async () => {
    const [entry] = await read('message.ndjson', `${A('1')}\n${D('x'.repeat(2000))}\n`, 1024);
    expect(entry).toMatchObject({ kind: 'issue', issue: { code: 'GF_DATA_LINE_TOO_LONG', severity: 'error', line: 2, column: 1 } });
    expect(entry?.kind === 'issue' ? entry.issue.message : '').toBe(
      'This line is longer than 1.0 KiB (1,024 bytes), the longest line graphform reads: it was not read. Keep each item under that size.',
    );
  });

  it('copies a long line once, not once per read chunk', async () => {
    const name = 'x'.repeat(8 * MiB);
    const content = `${A('1')}\n${D(name)}\n`;
    const concat = vi.spyOn(Buffer, 'concat');
    const entries = await read('wide.ndjson', content, 16 * MiB);
    const copied = concat.mock.results.reduce((n, r) => n + (r.type === 'return' ? (r.value as Buffer).length : 0), 0);
    expect(summary(entries)).toEqual(['2 index 1']);
    expect(entries[0]?.kind === 'record' ? (entries[0].record.item?.Name as string).length : 0).toBe(name.length);
    // Eight read chunks: joined once (≈ 8 MiB), where re-joining per chunk copies ≈ 36 MiB.
    expect(copied).toBeLessThan(2 * content.length);
  });

  it('reports a line over the default 16 MiB limit through validation, with file and line', async () => {
    const huge = JSON.stringify(product('2', 'en', { Name: 'h'.repeat(16 * MiB) }));
    await tmp.write('huge.ndjson', `${wireLines([product('1')])}${A('2')}\n${huge}\n${wireLines([product('3')])}`);
    const result = await validateDataFiles({ declaration: shopDeclaration(), files: ['huge.ndjson'], config: DATA_CONFIG, maxErrors: 10, cwd: tmp.dir });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['huge.ndjson:4 GF_DATA_LINE_TOO_LONG']);
    expect(result).toMatchObject({ items: 3, invalidItems: 1, errors: 1 });
  });
});
