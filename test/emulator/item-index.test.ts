import { describe, expect, it } from 'vitest';
import { ItemIndex } from '../../src/emulator/items/item-index.js';

describe('ItemIndex.get', () => {
  it('finds an item by language and _id as it is now, and nothing once it is gone', () => {
    const index = new ItemIndex();
    index.set('en', 'a', { type: 'Product', raw: '{"v":1}' });
    index.set('sv', 'a', { type: 'Article', at: 10, bytes: 5 });
    expect(index.get('en', 'a')).toEqual({ id: 'a', lang: 'en', type: 'Product', slot: { type: 'Product', raw: '{"v":1}' } });
    expect(index.get('sv', 'a')).toEqual({ id: 'a', lang: 'sv', type: 'Article', slot: { type: 'Article', at: 10, bytes: 5 } });
    expect(index.get('de', 'a')).toBeUndefined();
    expect(index.get('en', 'b')).toBeUndefined();
    index.set('en', 'a', { type: 'Article', raw: '{"v":2}' });
    expect(index.get('en', 'a')).toMatchObject({ type: 'Article', slot: { raw: '{"v":2}' } });
    index.delete('en', 'a');
    expect(index.get('en', 'a')).toBeUndefined();
    index.purge(['sv']);
    expect(index.get('sv', 'a')).toBeUndefined();
  });
});

describe('ItemIndex.withIds: the items of a language by lower-cased _id, without walking the source', () => {
  const slot = (raw: string) => ({ type: 'Product', raw });

  it('finds ids in any case, in indexing order (a re-indexed id last), and forgets deleted and purged ones', () => {
    const index = new ItemIndex();
    index.set('en', 'Lamp', slot('1'));
    index.set('en', 'desk', slot('2'));
    index.set('en', 'LAMP', slot('3'));
    index.set('en', 'chair', slot('4'));
    index.set('sv', 'lamp', slot('5'));
    index.set('en', 'desk', slot('6'));
    expect(index.withIds('en', ['desk', 'lamp', 'missing']).map((k) => `${k.id}=${'raw' in k.slot ? k.slot.raw : ''}`)).toEqual(['Lamp=1', 'LAMP=3', 'desk=6']);
    expect(index.withIds('sv', ['lamp']).map((k) => k.id)).toEqual(['lamp']);
    expect(index.withIds('de', ['lamp'])).toEqual([]);
    index.delete('en', 'Lamp');
    expect(index.withIds('en', ['lamp']).map((k) => k.id)).toEqual(['LAMP']);
    index.purge(['en']);
    index.set('en', 'chair', slot('7'));
    expect(index.withIds('en', ['lamp', 'chair']).map((k) => k.id)).toEqual(['chair']);
  });

  it('agrees with a walk of keys() for every case and order of ids', () => {
    const index = new ItemIndex();
    const ids = ['a', 'A', 'b', 'B1', 'b1', 'Ä', 'ä', 'c'];
    for (let round = 0; round < 3; round++) for (const [i, id] of ids.entries()) if ((i + round) % 2 === 0) index.set('en', id, slot(`${round}${i}`));
    const wanted = new Set(['a', 'b1', 'ä', 'zz']);
    const walked = [...index.keys()].filter((k) => wanted.has(k.id.toLowerCase()));
    expect(index.withIds('en', wanted)).toEqual(walked);
  });
});
