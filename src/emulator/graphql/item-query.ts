import { isRecord, ownValue } from '../graph/own.js';
import type { ItemKey } from '../items/item-index.js';
import { withData, type ItemRecord, type ItemStore } from '../items/item-store.js';
import { matchesWhere, type WhereShape } from './filters.js';
import { idsOf, onlyIds } from './id-filter.js';

/** An item as the GraphQL resolvers see it: the stored record and its data line, parsed. */
export interface ItemView {
  record: ItemRecord;
  data: Record<string, unknown>;
  /** The relevance of a full-text search (`_score`), set by the query that found it. */
  score?: number | undefined;
}

export interface TypeQuery {
  source: string;
  /** The most-derived content types whose items match (one for a concrete type, the descendants for an abstract one). */
  members: readonly string[];
  /** Language codes; undefined or empty for every language. */
  locales: readonly string[] | undefined;
  where: Readonly<Record<string, unknown>> | null | undefined;
  /** How `where` reads the type's fields. */
  shape: WhereShape;
  skip: number;
  limit: number;
}

/**
 * Who reads (docs/service-facts.md, "Reading items back"): the single key sees published items
 * everyone may read; epi-hmac and Basic see every item, and deleted ones too when the
 * request sends `cg-include-deleted: true`. Nobody sees expired items.
 */
export type Reader = { kind: 'single-key' } | { kind: 'admin'; includeDeleted: boolean };

/** What one request's resolvers share: the reader, the clock, and the time the query must end by. */
export interface ReadContext {
  reader: Reader;
  now: () => number;
  /** The clock time after which the query is answered as timed out. */
  deadline: number;
  /** An item's parsed data line as GraphQL serves it (served-fields.ts); as stored without one. */
  view?: ((source: string, record: ItemRecord, data: Record<string, unknown>) => Record<string, unknown>) | undefined;
}

/** The grant the single key needs in `_rbac`, a string of comma-separated entries such as `r:Everyone:Read`. */
export const EVERYONE_READ = 'r:Everyone:Read';

/** The service's time limit for one query (docs/service-facts.md "Reading items back": 30 seconds). */
export const QUERY_TIME_LIMIT_MS = 30_000;

/** Thrown by a resolver when the query ran past its deadline; graphql-js answers it as the field's error. */
export class QueryTimeout extends Error {
  constructor() {
    super(`The query took longer than ${QUERY_TIME_LIMIT_MS / 1000} seconds and was stopped: narrow it (where, locale, limit)`);
  }
}

/** How often (in items) a scan looks at the clock: often enough to stop promptly, rarely enough to cost nothing. */
const CLOCK_EVERY = 256;

/**
 * Whether the reader sees the item. The field names are the vendor's (single-key
 * documentation): `Status`, `_rbac`, `_deleted` (true when deleted) and `StopPublish` (a
 * date; past it the item is expired). An item without `Status: Published` or without the
 * grant is not public: the public record names no default.
 */
export function visibleTo(data: Readonly<Record<string, unknown>>, reader: Reader, now: number): boolean {
  const stop = ownValue(data, 'StopPublish');
  if (typeof stop === 'string' && Date.parse(stop) <= now) return false;
  if (ownValue(data, '_deleted') === true) return reader.kind === 'admin' && reader.includeDeleted;
  if (reader.kind === 'admin') return true;
  const rbac = ownValue(data, '_rbac');
  return ownValue(data, 'Status') === 'Published' && typeof rbac === 'string' && rbac.split(',').some((entry) => entry.trim() === EVERYONE_READ);
}

/** Throws QueryTimeout once the context's deadline has passed. */
export function checkDeadline(context: ReadContext): void {
  if (context.now() > context.deadline) throw new QueryTimeout();
}

/**
 * The items of a type the reader sees and `where` selects: languages in code order, then
 * items in the order they were indexed, as the rest of the emulator lists them (the
 * service's `_ranking: DOC`). Visibility is in the data lines, so each candidate's is read,
 * a batch at a time.
 */
export function* matchingItems(
  items: ItemStore,
  query: Pick<TypeQuery, 'source' | 'members' | 'locales' | 'where' | 'shape'>,
  context: ReadContext,
): Generator<ItemView> {
  const members = new Set(query.members);
  const wanted = query.locales === undefined || query.locales.length === 0 ? undefined : new Set(query.locales);
  const ids = idsOf(query.where);
  const filtered = query.where !== null && query.where !== undefined && !onlyIds(query.where);
  const index = items.index(query.source);
  const candidates = function* (): Generator<ItemKey> {
    if (ids !== undefined) {
      // Looked up, not scanned: asking for a page of ids costs the page, not the source.
      for (const lang of index.languages()) {
        if (wanted !== undefined && !wanted.has(lang)) continue;
        for (const key of index.withIds(lang, ids)) if (members.has(key.type)) yield key;
      }
      return;
    }
    for (const key of index.keys()) {
      if ((wanted === undefined || wanted.has(key.lang)) && members.has(key.type)) yield key;
    }
  };
  const now = context.now();
  // The admin read without a filter sees every item that is neither deleted nor expired: one
  // whose line names neither field is seen without parsing it (a cursor's first query walks them all).
  const seenUnparsed = context.reader.kind === 'admin' && (query.where === null || query.where === undefined);
  let seen = 0;
  for (const record of withData(items, query.source, candidates())) {
    if (++seen % CLOCK_EVERY === 0) checkDeadline(context);
    const item = new LazyItemView(record, query.source, context.view);
    const plain = seenUnparsed && !record.raw.includes('StopPublish') && !record.raw.includes('_deleted');
    if (!plain && !visibleTo(item.data, context.reader, now)) continue;
    if (filtered && query.where !== null && query.where !== undefined && !matchesWhere(query.where, query.shape, item.data, item.record.id)) continue;
    yield item;
  }
}

/** One page (`skip`, `limit`) of the matching items, the first item past `skip` (whatever the limit), and how many match in all. */
export function queryItems(items: ItemStore, query: TypeQuery, context: ReadContext): { items: ItemView[]; first: ItemView | null; total: number } {
  const page: ItemView[] = [];
  let first: ItemView | null = null;
  let total = 0;
  for (const item of matchingItems(items, query, context)) {
    if (total === query.skip) first = item;
    if (total >= query.skip && page.length < query.limit) page.push(item);
    total++;
  }
  checkDeadline(context);
  return { items: page, first, total };
}

/**
 * The items of a source named by language and `_id`, in the order given, as they are now:
 * one deleted since, or one the reader no longer sees, is left out.
 */
export function itemsByKey(items: ItemStore, source: string, wanted: ReadonlyArray<readonly [lang: string, id: string]>, context: ReadContext): ItemView[] {
  // One lookup per key: a page costs its own size, not the source's.
  const index = items.index(source);
  const found = wanted.map(([lang, id]) => index.get(lang, id)).filter((key): key is ItemKey => key !== undefined);
  const now = context.now();
  return [...withData(items, source, found)]
    .map((record): ItemView => new LazyItemView(record, source, context.view))
    .filter((item) => visibleTo(item.data, context.reader, now));
}

/** An item whose data line is parsed the first time it is read, then kept (a class: one shape for every item). */
class LazyItemView implements ItemView {
  private parsed: Record<string, unknown> | undefined;
  score: number | undefined;

  constructor(
    readonly record: ItemRecord,
    private readonly source: string,
    private readonly view: ReadContext['view'],
  ) {}

  get data(): Record<string, unknown> {
    if (this.parsed === undefined) {
      const data = parseData(this.record.raw);
      this.parsed = this.view === undefined ? data : this.view(this.source, this.record, data);
    }
    return this.parsed;
  }
}

function parseData(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
