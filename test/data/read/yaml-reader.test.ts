import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('YAML list reader', () => {
  it('reads a list of plain items with their lines; dates stay strings', async () => {
    const entries: ReadEntry[] = [];
    const file = await tmp.write('blog.yaml', '# posts\n- Id: p1\n  language_routing: en\n  Published: 2024-05-01\n\n- Id: 2\n  Language: { Name: sv }\n');
    for await (const e of readDataEntries({ path: file, display: 'blog.yaml' }, FIELDS)) entries.push(e);
    expect(entries.map(describeEntry)).toEqual(['2 p1/en', '6 2/sv']);
    expect(entries[0]?.kind === 'record' ? entries[0].record.item : undefined).toEqual({ Id: 'p1', Published: '2024-05-01' });
  });

  it.each([
    ['Id: 1\n', ['1 GF_DATA_NOT_A_LIST']],
    ['- Id: [1\n', ['2 GF_DATA_INVALID_YAML']],
    ['- Id: a\n  Language: {Name: en}\n- just text\n', ['1 a/en', '3 GF_DATA_NOT_AN_OBJECT']],
    ['- Id: a\n  Id: b\n', ['2 GF_DATA_INVALID_YAML']],
  ])('%j', async (content, expected) => {
    expect(await read(content, 'bad.yml')).toEqual(expected);
  });
});

/** Billion laughs: nine levels of nine aliases each, a few hundred bytes that expand to 9^9 strings. */
function aliasBomb(): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= 9; i += 1) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
  return `- Id: bomb\n  Nested:\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
}

describe('YAML data file with an alias bomb', () => {
  it('is GF_DATA_INVALID_YAML at its line, not an exhausted memory or an internal error', async () => {
    const entries = await read(aliasBomb(), 'bomb.yaml');
    expect(entries).toEqual(['1 GF_DATA_INVALID_YAML']);
  });

  it('still reads a few honest aliases', async () => {
    expect(await read('- &base\n  Id: a\n  language_routing: en\n- Id: b\n  language_routing: en\n  Copy: *base\n', 'ok.yaml')).toEqual(['2 a/en', '4 b/en']);
  });
});
