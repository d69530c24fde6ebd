import { describe, expect, it } from 'vitest';
import { compileGlob, matchGlob } from '../../../src/data/files/glob.js';

describe('matchGlob', () => {
  it.each<[string, string, boolean]>([
    ['data/shop/*.ndjson', 'data/shop/items.ndjson', true],
    ['data/shop/*.ndjson', 'data/shop/items.json', false],
    ['data/shop/*.ndjson', 'data/shop/sub/items.ndjson', false],
    ['data/*/items.ndjson', 'data/blog/items.ndjson', true],
    ['data/**/*.ndjson', 'data/items.ndjson', true],
    ['data/**/*.ndjson', 'data/a/b/c/items.ndjson', true],
    ['**/*.yaml', 'x.yaml', true],
    ['**', 'a/b', true],
    ['data/item?.json', 'data/item1.json', true],
    ['data/item?.json', 'data/item12.json', false],
    ['data/*.json', 'data/.hidden.json', false],
    ['data/.*.json', 'data/.hidden.json', true],
    ['data/**/*.json', 'data/.git/x.json', false],
    ['./data/a+b(1).json', 'data/a+b(1).json', true],
    ['data\\shop\\*.ndjson', 'data/shop/a.ndjson', true],
    ['data/**/**/**/*.json', 'data/x.json', true],
    ['data/**/a/**/b.json', 'data/a/a/a/b.json', true],
    ['data/**/a/**/b.json', 'data/b.json', false],
    ['data/{shop,blog}/*.{ndjson,yaml}', 'data/blog/x.yaml', true],
    ['data/{shop,blog}/*.{ndjson,yaml}', 'data/news/x.yaml', false],
  ])('%s vs %s → %s', (pattern, file, expected) => {
    expect(matchGlob(pattern, file)).toBe(expected);
  });
});

describe('matchGlob with hostile patterns', () => {
  // picomatch's regular expressions spent minutes on these (one star per `*a`, one `**` per folder).
  it('matches thirty stars against a name of 200 characters', () => {
    const pattern = `data/${'*a'.repeat(30)}c.ndjson`;
    expect(matchGlob(pattern, `data/${'a'.repeat(200)}`)).toBe(false);
    expect(matchGlob(pattern, `data/${'a'.repeat(200)}c.ndjson`)).toBe(true);
  });

  it('matches twenty globstars against a deep path', () => {
    const pattern = `${'**/'.repeat(20)}*.ndjson`;
    expect(matchGlob(pattern, `${'d/'.repeat(30)}x.json`)).toBe(false);
    expect(matchGlob(`${'**/x/'.repeat(20)}*.ndjson`, `${'x/'.repeat(40)}x.json`)).toBe(false);
    expect(matchGlob(pattern, `${'d/'.repeat(30)}x.ndjson`)).toBe(true);
  });

  it('a segment whose braces expand past the limit matches nothing and is named by compileGlob', () => {
    const segment = `${'{a,b}'.repeat(7)}.ndjson`;
    expect(matchGlob(`data/${segment}`, 'data/aaaaaaa.ndjson')).toBe(false);
    expect(compileGlob(`data/${segment}`)).toEqual({ tooComplex: segment });
  });
});
