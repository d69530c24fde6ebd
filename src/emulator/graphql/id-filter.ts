import { isRecord } from '../graph/own.js';

/**
 * The `_id`s a `where` narrows a query to (`_id: {in: [...]}` or `{eq: ...}`), or undefined
 * when it does not. A query looks these ids up in the source's index (ItemIndex.withIds)
 * instead of walking it, so asking for a hundred items of a source of a hundred thousand
 * costs a hundred: a client confirming what it pushed asks this way, page after page.
 * `matchesWhere` still decides; this only leaves out what it would refuse. `eq` and `in`
 * ignore case, so the ids come lower-cased: compare an item's `_id` lower-cased.
 */
export function idsOf(where: Readonly<Record<string, unknown>> | null | undefined): ReadonlySet<string> | undefined {
  const filter = isRecord(where) ? where._id : undefined;
  if (!isRecord(filter)) return undefined;
  const ids = new Set<string>();
  if (Array.isArray(filter.in)) for (const id of filter.in) if (typeof id === 'string') ids.add(id.toLowerCase());
  const eq = typeof filter.eq === 'string' ? filter.eq.toLowerCase() : undefined;
  if (Array.isArray(filter.in) && eq !== undefined) return ids.has(eq) ? new Set([eq]) : new Set();
  if (Array.isArray(filter.in)) return ids;
  return eq === undefined ? undefined : new Set([eq]);
}

/**
 * Whether the lookup of idsOf decides the whole `where`: it holds nothing but an `_id`
 * filter of `in` and `eq` (a client confirming what it pushed), so an item looked up needs
 * no further check of the filter (nor its data line parsed for it).
 */
export function onlyIds(where: Readonly<Record<string, unknown>> | null | undefined): boolean {
  if (!isRecord(where) || idsOf(where) === undefined) return false;
  const filter = where._id;
  const given = (record: Readonly<Record<string, unknown>>): string[] =>
    Object.keys(record).filter((name) => record[name] !== null && record[name] !== undefined);
  // An `eq` that is no string, or an `in` that is no list, is matchesWhere's to decide.
  return (
    isRecord(filter) &&
    given(where).every((name) => name === '_id') &&
    given(filter).every((op) => (op === 'in' && Array.isArray(filter.in)) || (op === 'eq' && typeof filter.eq === 'string'))
  );
}
