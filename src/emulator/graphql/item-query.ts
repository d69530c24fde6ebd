import { isRecord, ownValue } from '../graph/own.js';
import type { ItemKey } from '../items/item-index.js';
import { withData, type ItemRecord, type ItemStore } from '../items/item-store.js';
import { matchesWhere } from './filters.js';

/** An item as the GraphQL resolvers see it: the stored record and its data line, parsed. */
export interface ItemView {
  record: ItemRecord;
  data: Record<string, unknown>;
}

export interface TypeQuery {
  source: string;
  /** The most-derived content types whose items match (one for a concrete type, the descendants for an abstract one). */
  members: readonly string[];
  /** Language codes; undefined or empty for every language. */
  locales: readonly string[] | undefined;
  where: Readonly<Record<string, unknown>> | null | undefined;
  skip: number;
  limit: number;
}

/** The value of a field of an item for filtering: `_id` from the action line, the rest from the data line (own keys only). */
export function itemValue(item: ItemView, name: string): unknown {
  return name === '_id' ? item.record.id : ownValue(item.data, name);
}

/**
 * One page of a type's items and how many match in all: languages in code order, then
 * items in the order they were indexed, as the rest of the emulator lists them. Data lines
 * are read only where needed: for a `where` filter, every candidate's; otherwise only the
 * page's, and only when the query asks for `items` (a count reads none).
 */
export function queryItems(items: ItemStore, query: TypeQuery): { items: () => ItemView[]; total: number } {
  const members = new Set(query.members);
  const wanted = query.locales === undefined || query.locales.length === 0 ? undefined : new Set(query.locales);
  const candidates = function* (): Generator<ItemKey> {
    for (const key of items.index(query.source).keys()) {
      if ((wanted === undefined || wanted.has(key.lang)) && members.has(key.type)) yield key;
    }
  };
  let total = 0;
  if (query.where !== null && query.where !== undefined) {
    const page: ItemView[] = [];
    for (const record of withData(items, query.source, candidates())) {
      const item: ItemView = { record, data: parseData(record.raw) };
      if (!matchesWhere(query.where, (name) => itemValue(item, name))) continue;
      if (total >= query.skip && page.length < query.limit) page.push(item);
      total++;
    }
    return { items: () => page, total };
  }
  const page: ItemKey[] = [];
  for (const key of candidates()) {
    if (total >= query.skip && page.length < query.limit) page.push(key);
    total++;
  }
  return { items: () => [...withData(items, query.source, page)].map((record) => ({ record, data: parseData(record.raw) })), total };
}

function parseData(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
