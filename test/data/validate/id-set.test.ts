import { describe, expect, it } from 'vitest';
import { IdHashSet, idHash } from '../../../src/data/validate/id-set.js';

describe('IdHashSet', () => {
  it('tells new keys from seen ones through many growths', () => {
    const set = new IdHashSet(4);
    for (let i = 0; i < 50_000; i++) expect(set.add(idHash('en', `id-${i}`))).toBe(true);
    expect(set.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 997) expect(set.add(idHash('en', `id-${i}`))).toBe(false);
    expect(set.has(idHash('sv', 'id-1'))).toBe(false);
    expect(set.has(idHash('en', 'id-1'))).toBe(true);
  });

  it('keeps the language in the key', () => {
    expect(idHash('en', '1')).not.toEqual(idHash('sv', '1'));
    expect(idHash('e', 'n1')).not.toEqual(idHash('en', '1'));
  });
});
