import { describe, expect, it } from 'vitest';
import { compileSegment, expandBraces, MAX_ALTERNATIVES } from '../../../src/data/files/wildcard.js';

const matches = (segment: string, name: string): boolean => {
  const matcher = compileSegment(segment);
  if (matcher === undefined) throw new Error(`${segment} did not compile`);
  return matcher(name);
};

describe('compileSegment', () => {
  it.each<[string, string, boolean]>([
    ['*.ndjson', 'items.ndjson', true],
    ['*.ndjson', 'items.ndjson.bak', false],
    ['*', '', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
    ['*ab', 'aab', true],
    ['*ab*ab', 'xabyabab', true],
    ['**.json', 'a.json', true],
    ['item?.json', 'item1.json', true],
    ['item?.json', 'item.json', false],
    ['?', 'é', true],
    ['?', '😀', true],
    ['[ab].json', 'b.json', true],
    ['[ab].json', 'c.json', false],
    ['[a-c]x', 'bx', true],
    ['[!a-c]x', 'bx', false],
    ['[^a-c]x', 'dx', true],
    ['[]a]', ']', true],
    ['[a-]', '-', true],
    ['[*.json', '[x.json', true],
    ['[*.json', 'x.json', false],
    ['*.{json,ndjson}', 'a.ndjson', true],
    ['*.{json,ndjson}', 'a.yaml', false],
    ['{a,{b,c}}x', 'cx', true],
    ['{a}', '{a}', true],
    ['{a,b', '{a,b', true],
    ['a+b(1).json', 'a+b(1).json', true],
    ['*.json', '.hidden.json', false],
    ['?hidden', '.hidden', false],
    ['.*.json', '.hidden.json', true],
    ['{.a,b}', '.a', true],
  ])('%s vs %s → %s', (segment, name, expected) => {
    expect(matches(segment, name)).toBe(expected);
  });

  // A backtracking regular expression spends hours on the first name: this test would never end.
  it('matches a pattern of many stars against a long name', () => {
    const segment = `${'*a'.repeat(30)}c.ndjson`;
    expect(matches(segment, 'a'.repeat(200))).toBe(false);
    expect(matches(segment, `${'a'.repeat(200)}c.ndjson`)).toBe(true);
  });
});

describe('expandBraces', () => {
  it('expands nested groups without duplicates and leaves lone braces as text', () => {
    expect(expandBraces('x{a,b{c,d}}y', MAX_ALTERNATIVES)?.sort()).toEqual(['xay', 'xbcy', 'xbdy']);
    expect(expandBraces('{a,a}', MAX_ALTERNATIVES)).toEqual(['a']);
    expect(expandBraces('}{a}{', MAX_ALTERNATIVES)).toEqual(['}{a}{']);
  });

  it(`refuses past ${MAX_ALTERNATIVES} alternatives, however many groups the segment holds`, () => {
    expect(expandBraces('{a,b}'.repeat(6), MAX_ALTERNATIVES)).toHaveLength(64);
    expect(expandBraces('{a,b}'.repeat(7), MAX_ALTERNATIVES)).toBeUndefined();
    expect(expandBraces('{a,b}'.repeat(200), MAX_ALTERNATIVES)).toBeUndefined();
    expect(compileSegment('{a,b}'.repeat(200))).toBeUndefined();
  });
});
