import { describe, expect, it } from 'vitest';
import { matchGlob } from '../../../src/data/files/glob.js';

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
  ])('%s vs %s → %s', (pattern, file, expected) => {
    expect(matchGlob(pattern, file)).toBe(expected);
  });
});
