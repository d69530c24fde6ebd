import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { countPairs, type CountOptions, type TypeLanguage } from './content-counts.js';
import { queryContent, type ContentEndpoint } from './content-query.js';
import { GRAPH_ERROR_CODES } from './errors.js';
import { ExportIdentity, ofSource } from './export-identity.js';
import {
  concreteTypes,
  exportedItem,
  fieldsQuery,
  ITEM_SERVICE_FIELDS,
  itemSelection,
  LEVELS_ABOVE_ITEM_FIELDS,
  MAX_QUERY_DEPTH,
  PAGE_LIMIT,
  pageQuery,
  queryTooBig,
  type ExportedItem,
  type ItemSelection,
  type ItemServiceField,
} from './export-query.js';

export type { ExportedItem, ItemServiceField } from './export-query.js';

/**
 * The export reads with the same options the wipe counts ask with; `source` (the source's
 * id) names it in errors, since the definition itself carries no id.
 */
export type ExportOptions = CountOptions & {
  source?: string;
  /** Read only `_id` and `ContentType` of each item (the single key's read: which items it sees, not what they hold). */
  idsOnly?: boolean;
};

export type ReadableFields = { ok: true; fields: ItemServiceField[] } | { ok: false; reason: string };

/**
 * Which of Status, _rbac and RolesWithReadAccess the endpoint serves for every concrete
 * type of the source, asked by one introspection query. Whether they can be selected for a
 * custom type is not published (docs/service-facts.md "Reading items back"), and selecting a field the schema lacks
 * fails the whole query, so the schema is asked instead of assumed.
 */
export async function readableItemFields(endpoint: ContentEndpoint, definition: SourceDefinition, options: ExportOptions = {}): Promise<ReadableFields> {
  const types = concreteTypes(definition);
  if (types.length === 0) return { ok: true, fields: [] };
  const answer = await queryContent(endpoint, fieldsQuery(types), options);
  if (!answer.ok) return { ok: false, reason: answer.reason };
  let readable = [...ITEM_SERVICE_FIELDS];
  for (const [i, type] of types.entries()) {
    const served = ownValue(answer.data, `t${i}`);
    const fields = isRecord(served) ? served.fields : undefined;
    if (!Array.isArray(fields)) return { ok: false, reason: `the content GraphQL endpoint does not serve the content type ${type}` };
    const names = new Set(fields.map((f) => (isRecord(f) ? f.name : undefined)));
    readable = readable.filter((field) => names.has(field));
  }
  return { ok: true, fields: readable };
}

/** One answered page, or why there is none; never a rejection, so a prefetch nobody awaits cannot go unhandled. */
type Page = { ok: true; total: number; cursor: string; items: unknown[] } | { ok: false; reason: string };

/**
 * Every item of the source, read back with the endpoint's (admin) credentials: per concrete
 * type (sorted) and language (declared order), cursor paging 100 at a time. Items are
 * yielded as pages come, and the next page is asked while the consumer handles this one
 * (one ahead at most), so neither memory nor time grows with more than a page. After each
 * type and language the items yielded must add up to the first answer's `total(all: true)`:
 * fewer or more means items changed while they were read (GF_KEEP_EXPORT_INCOMPLETE).
 * Every query is checked against the service's length and depth limits before the first
 * one is sent; a failed query is GF_KEEP_EXPORT_FAILED.
 */
export async function* exportSourceItems(endpoint: ContentEndpoint, definition: SourceDefinition, options: ExportOptions = {}): AsyncGenerator<ExportedItem> {
  if (options.signal?.aborted === true) throw cancelled('reading the items back');
  // A query too long or too deep without any service field is refused before anything is sent, the introspection included.
  selectionsFor(definition, [], options);
  const readable = options.idsOnly === true ? { ok: true as const, fields: [] } : await readableItemFields(endpoint, definition, options);
  if (!readable.ok)
    throw failed(`graphform could not ask which item fields the content GraphQL endpoint serves${ofSource(options.source)}: ${readable.reason}`, {
      source: options.source ?? '',
    });
  const selections = selectionsFor(definition, readable.fields, options);
  // Stops the prefetched request when the consumer stops early or the export fails.
  const stop = new AbortController();
  const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
  const pairs: Pair[] = [];
  for (const [type, selection] of selections) for (const language of definition.languages) pairs.push({ type, language, selection, fields: readable.fields });
  const identity = new ExportIdentity();
  const read = new Set<Pair>();
  try {
    const streams = pairs.map((pair) => () => pairPages(endpoint, pair, { ...options, signal }, identity, () => read.add(pair)));
    for await (const page of concurrentPages(streams, PAIRS_AT_ONCE)) yield* page;
  } finally {
    stop.abort();
  }
  // Items of a type and language never read would be deleted by the PUT without anyone knowing.
  const unread = pairs.find((pair) => !read.has(pair));
  if (unread !== undefined) {
    throw new GraphformError(
      'GF_KEEP_EXPORT_INCOMPLETE',
      `the items${ofSource(options.source)} of ${unread.type} in ${unread.language} were never read back ` +
        `(${read.size} of ${pairs.length} types and languages were); nothing was sent, run again`,
      {
        details: { source: options.source ?? '', type: unread.type, language: unread.language },
      },
    );
  }
}

/**
 * Type-language pairs read at once: each pages by its own cursor, so a few side by side
 * keep the endpoint and this process busy together instead of taking turns.
 */
const PAIRS_AT_ONCE = 4;

/** The pages of several page streams, up to `width` streams read at once, each page as soon as it comes; a stream that fails fails the whole. */
async function* concurrentPages<T>(streams: ReadonlyArray<() => AsyncGenerator<T[]>>, width: number): AsyncGenerator<T[]> {
  const waiting = [...streams];
  const active = new Map<number, { iterator: AsyncGenerator<T[]>; next: Promise<{ key: number; result: IteratorResult<T[]> }> }>();
  let keys = 0;
  const start = (): void => {
    const open = waiting.shift();
    if (open === undefined) return;
    const key = keys++;
    const iterator = open();
    active.set(key, { iterator, next: iterator.next().then((result) => ({ key, result })) });
  };
  try {
    while (active.size < width && waiting.length > 0) start();
    while (active.size > 0) {
      const { key, result } = await Promise.race([...active.values()].map((a) => a.next));
      const stream = active.get(key);
      if (stream === undefined) continue;
      if (result.done === true) {
        active.delete(key);
        start();
        continue;
      }
      stream.next = stream.iterator.next().then((next) => ({ key, result: next }));
      yield result.value;
    }
  } finally {
    // An early stop or a failure ends the streams still open (their prefetches are aborted by the caller's signal).
    for (const stream of active.values()) {
      stream.next.catch(() => undefined);
      await stream.iterator.return(undefined).catch(() => undefined);
    }
  }
}

/** Each concrete type's item selection, every first page's query checked against the service's limits. */
function selectionsFor(definition: SourceDefinition, fields: readonly ItemServiceField[], { source, idsOnly }: ExportOptions): Map<string, ItemSelection> {
  const selections = new Map<string, ItemSelection>();
  for (const type of concreteTypes(definition)) {
    const selection = idsOnly === true ? IDS_ONLY : itemSelection(definition, type, fields, MAX_QUERY_DEPTH - LEVELS_ABOVE_ITEM_FIELDS);
    if ('reason' in selection) throw tooBig(source, type, selection.reason);
    for (const language of definition.languages) {
      const why = queryTooBig(pageQuery(type, language, selection), selection);
      if (why !== undefined) throw tooBig(source, type, why);
    }
    selections.set(type, selection);
  }
  return selections;
}

const IDS_ONLY: ItemSelection = { text: '_id ContentType', depth: 1, properties: [] };

interface Pair {
  type: string;
  language: string;
  selection: ItemSelection;
  fields: readonly ItemServiceField[];
}

async function* pairPages(
  endpoint: ContentEndpoint,
  pair: Pair,
  options: ExportOptions & { signal: AbortSignal },
  identity: ExportIdentity,
  finished: () => void,
): AsyncGenerator<ExportedItem[]> {
  const { type, language, selection } = pair;
  // Checked against the service's limits before the first page (selectionsFor); the cursor travels as a variable.
  const query = pageQuery(type, language, selection);
  const ask = async (cursor: string): Promise<Page> => {
    const answer = await queryContent(endpoint, query, options, { cursor });
    if (!answer.ok) return answer;
    const page = ownValue(answer.data, 'page');
    const total = isRecord(page) ? page.total : undefined;
    const next = isRecord(page) ? page.cursor : undefined;
    const items = isRecord(page) ? (page.items ?? []) : undefined;
    if (typeof total !== 'number' || typeof next !== 'string' || !Array.isArray(items))
      return { ok: false, reason: 'the content GraphQL endpoint answered without total, cursor or items' };
    return { ok: true, total, cursor: next, items };
  };
  let pending = ask('');
  let expected: number | undefined;
  let yielded = 0;
  for (;;) {
    const page = await pending;
    if (options.signal.aborted) throw cancelled(`reading the items of ${type} in ${language} back`);
    if (!page.ok)
      throw failed(`graphform could not read the items${ofSource(options.source)} of ${type} in ${language} back: ${page.reason}`, {
        source: options.source ?? '',
        type,
        language,
      });
    expected ??= page.total;
    const place = { source: options.source, type, language, position: yielded };
    for (const raw of page.items) {
      place.position++;
      identity.take(raw, place);
    }
    yielded += page.items.length;
    // More than the total is not read on: a cursor that keeps answering new items would never end.
    if (yielded > expected) throw incomplete(options.source, pair, expected, yielded);
    const more = page.items.length === PAGE_LIMIT;
    if (more) pending = ask(page.cursor);
    const items = page.items.map((raw) => exportedItem(raw, type, language, selection, pair.fields));
    if (items.length > 0) yield items;
    if (!more) break;
  }
  if (yielded !== expected) throw incomplete(options.source, pair, expected, yielded);
  finished();
}

function incomplete(source: string | undefined, { type, language }: Pair, expected: number, read: number): GraphformError {
  const counted = read > expected ? `${read} were read before the read stopped` : `${read} were read`;
  return new GraphformError(
    'GF_KEEP_EXPORT_INCOMPLETE',
    `the items${ofSource(source)} of ${type} in ${language} did not all come back: ` +
      `the total was ${expected}, but ${counted}; items changed while they were read, run again`,
    {
      details: { source: source ?? '', type, language, total: expected, read },
    },
  );
}

/** Deleted items per concrete type and language: what the admin read does not show, and the export cannot keep. */
export type DeletedCount = { known: true; byPair: Array<TypeLanguage & { deleted: number }>; total: number } | { known: false; reason: string };

/**
 * How many deleted items each concrete type holds in each language: `total(all: true)`
 * asked once with `cg-include-deleted: true` and once without (the header belongs to the
 * request, so one query cannot ask both), the difference being what the admin read does
 * not show. Never throws: whatever goes wrong becomes `{known: false, reason}`.
 */
export async function countDeletedItems(endpoint: ContentEndpoint, definition: SourceDefinition, options: ExportOptions = {}): Promise<DeletedCount> {
  const pairs = concreteTypes(definition).flatMap((type) => definition.languages.map((language) => ({ type, language })));
  if (pairs.length === 0) return { known: true, byPair: [], total: 0 };
  const shown = await countPairs(endpoint, pairs, options);
  if (!shown.ok) return { known: false, reason: shown.reason };
  const all = await countPairs(endpoint, pairs, { ...options, headers: { 'cg-include-deleted': 'true' } });
  if (!all.ok) return { known: false, reason: all.reason };
  // An item pushed between the two questions could make a difference negative: none is deleted then.
  const byPair = pairs.map((pair, i) => ({ ...pair, deleted: Math.max(0, (all.totals[i] ?? 0) - (shown.totals[i] ?? 0)) }));
  return { known: true, byPair, total: byPair.reduce((sum, pair) => sum + pair.deleted, 0) };
}

function cancelled(what: string): GraphformError {
  return new GraphformError(GRAPH_ERROR_CODES.aborted, `${what} was cancelled`);
}

function failed(message: string, details: Record<string, string>): GraphformError {
  return new GraphformError('GF_KEEP_EXPORT_FAILED', message, { details });
}

function tooBig(source: string | undefined, type: string, why: string): GraphformError {
  return failed(`graphform cannot read the items${ofSource(source)} of ${type} back: ${why}`, { source: source ?? '', type });
}
