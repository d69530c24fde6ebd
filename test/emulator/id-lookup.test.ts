import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryItems } from '../../src/emulator/graphql/item-query.js';
import { ItemIndex } from '../../src/emulator/items/item-index.js';
import { MemoryItems } from '../../src/emulator/items/memory-items.js';

const context = { reader: { kind: 'admin', includeDeleted: false } as const, now: () => 0, deadline: Number.POSITIVE_INFINITY };

async function store(count: number): Promise<MemoryItems> {
  const items = new MemoryItems();
  const ops = [];
  for (let i = 0; i < count; i++) {
    const lang = i % 4 === 0 ? 'sv' : 'en';
    ops.push({
      kind: 'index' as const,
      item: { id: i % 3 === 0 ? `P${i}` : `p${i}`, lang, type: i % 5 === 0 ? 'Other' : 'Product', raw: JSON.stringify({ Name: `n${i}` }) },
    });
  }
  await items.apply('s', ops);
  return items;
}

describe('a query by _id in a large source: looked up, not walked', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers `_id in` without walking every item of the source, as a walk would', async () => {
    const items = await store(20_000);
    const where = { _id: { in: ['p1', 'P3', 'p3', 'p4', 'p5', 'p8', 'p12', 'p19999', 'nope'] } };
    const walk = vi.spyOn(ItemIndex.prototype, 'keys');
    const answer = queryItems(items, { source: 's', members: ['Product'], locales: undefined, where, shape: new Map(), skip: 0, limit: 100 }, context);
    expect(walk, 'a page of ids must not walk the 20,000 items of the source').not.toHaveBeenCalled();
    walk.mockRestore();
    // The same answer as a walk: languages in code order, then indexing order; any case; members only (p5 is Other).
    expect(answer.items.map((item) => `${item.record.lang}:${item.record.id}`)).toEqual(['en:p1', 'en:P3', 'en:p19999', 'sv:p4', 'sv:p8', 'sv:P12']);
    expect(answer.total).toBe(6);
    const sv = queryItems(items, { source: 's', members: ['Product'], locales: ['sv'], where, shape: new Map(), skip: 1, limit: 1 }, context);
    expect(sv.items.map((item) => item.record.id)).toEqual(['p8']);
    expect(sv.total).toBe(3);
  });
});
