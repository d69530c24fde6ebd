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
