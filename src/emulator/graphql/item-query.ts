import { isRecord, ownValue } from '../graph/own.js';
import type { ItemRecord, MemoryStore } from '../store.js';
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
 * items in the order they were indexed, as the rest of the emulator lists them.
 */
export function queryItems(store: MemoryStore, query: TypeQuery): { items: ItemView[]; total: number } {
  const byLanguage = store.get(query.source)?.items;
  const members = new Set(query.members);
  const wanted = query.locales === undefined || query.locales.length === 0 ? undefined : new Set(query.locales);
  const items: ItemView[] = [];
  let total = 0;
  for (const lang of [...(byLanguage?.keys() ?? [])].sort()) {
    if (wanted !== undefined && !wanted.has(lang)) continue;
    for (const record of byLanguage?.get(lang)?.values() ?? []) {
      if (!members.has(record.type)) continue;
      const item: ItemView = { record, data: parseData(record.raw) };
      if (!matchesWhere(query.where, (name) => itemValue(item, name))) continue;
      if (total >= query.skip && items.length < query.limit) items.push(item);
      total++;
    }
  }
  return { items, total };
}

function parseData(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
