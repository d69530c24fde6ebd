import { writeFile } from 'node:fs/promises';
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

  it('refuses an item that contains itself (an alias inside its anchor) at its line, and reads the others', async () => {
    const selfReferring = '- Id: a\n  language_routing: en\n- &loop\n  Id: b\n  language_routing: en\n  Self: *loop\n- Id: c\n  language_routing: en\n';
    expect(await read(selfReferring, 'loop.yaml')).toEqual(['1 a/en', '4 GF_DATA_INVALID_YAML', '7 c/en']);
    // A flow list is read whole: the same diagnostic at the same item.
    expect(await read('[{Id: a, language_routing: en}, &l {Id: b, language_routing: en, Self: *l}]\n', 'flow.yaml')).toEqual([
      '1 a/en',
      '1 GF_DATA_INVALID_YAML',
    ]);
  });

  it('still reads a few honest aliases', async () => {
    expect(await read('- &base\n  Id: a\n  language_routing: en\n- Id: b\n  language_routing: en\n  Copy: *base\n', 'ok.yaml')).toEqual(['2 a/en', '4 b/en']);
  });
});

describe('YAML list read item by item', () => {
  const MIB = 1024 * 1024;
  // Long values: many bytes for few items, so that a file spans several reads quickly.
  const items = (from: number, count: number): string =>
    Array.from({ length: count }, (_, i) => `- Id: i${from + i}\n  language_routing: en\n  Text: ${'text '.repeat(80)}\n`).join('');

  it('hands out items in batches while the file is still being read', async () => {
    const text = items(0, 6_000);
    const file = await tmp.write('many.yaml', text);
    const counter = { bytesRead: 0 };
    const readWhenYielded: number[] = [];
    let count = 0;
    for await (const chunk of readDataFile({ path: file, display: 'many.yaml' }, FIELDS, counter)) {
      readWhenYielded.push(counter.bytesRead);
      count += chunk.length;
    }
    expect(count).toBe(6_000);
    expect(readWhenYielded.length).toBeGreaterThan(1);
    expect(readWhenYielded[0]).toBeLessThan(Buffer.byteLength(text));
  });

  it('in a file over 4 MiB: an item over 4 MiB is reported, not read; the items before a syntax error are read, none after', async () => {
    const huge = `- Id: huge\n  language_routing: en\n  Text: "${'x'.repeat(4 * MIB)}"\n`;
    const text = `${items(0, 2)}${huge}${items(2, 1)}- Id: bad\n  Name: [unclosed\n${items(3, 2)}`;
    // Line 15, where the next item starts, is where yaml reports the unclosed list reading the file whole.
    expect(await read(text, 'large.yaml')).toEqual(['1 i0/en', '4 i1/en', '7 GF_DATA_ITEM_TOO_LARGE', '10 i2/en', '15 GF_DATA_INVALID_YAML']);
  });

  it('a file over 4 MiB that is not a block list is not read (GF_DATA_FILE_TOO_LARGE), and says why', async () => {
    const file = await tmp.write(
      'flow.yaml',
      `[${Array.from({ length: 90_000 }, (_, i) => `{Id: i${i}, language_routing: en, Name: item number ${i}}`).join(',\n')}]\n`,
    );
    const entries: ReadEntry[] = [];
    for await (const e of readDataEntries({ path: file, display: 'flow.yaml' }, FIELDS)) entries.push(e);
    expect(entries.map(describeEntry)).toEqual(['1 GF_DATA_FILE_TOO_LARGE']);
    expect(entries[0]?.kind === 'issue' ? entries[0].issue.message : '').toContain('does not hold a block list');
  });

  it('a file up to 4 MiB that is not a block list is read whole: a flow list, directives, an anchored list', async () => {
    expect(await read('[{Id: a, language_routing: en},\n {Id: b, language_routing: en}]\n', 'flow.yaml')).toEqual(['1 a/en', '2 b/en']);
    expect(await read('%YAML 1.2\n---\n- Id: a\n  language_routing: en\n', 'directive.yaml')).toEqual(['3 a/en']);
    expect(await read('&list\n- Id: a\n  language_routing: en\n', 'anchored.yaml')).toEqual(['2 a/en']);
  });

  it('a Latin-1 byte in a later part of the file: the items read before it, then GF_NOT_UTF8 at its line and column', async () => {
    const before = items(0, 4_000);
    const lines = before.split('\n').length;
    const file = path.join(tmp.dir, 'latin1.yaml');
    await writeFile(file, Buffer.concat([Buffer.from(`${before}- Id: bad\n  Name: Caf`), Buffer.from([0xe9]), Buffer.from(`\n${items(4_000, 5)}`)]));
    const entries: string[] = [];
    for await (const e of readDataEntries({ path: file, display: 'latin1.yaml' }, FIELDS))
      entries.push(e.kind === 'record' ? 'record' : `${e.issue.line}:${e.issue.column} ${e.issue.code}`);
    expect(entries.at(-1)).toBe(`${lines + 1}:12 GF_NOT_UTF8`);
    expect(entries.slice(0, -1).every((e) => e === 'record')).toBe(true);
    expect(entries.length).toBeGreaterThan(1);
  });
});
