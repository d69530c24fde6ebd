import { SEARCHABLE_SUFFIX, storedKeys } from '../graph/field-keys.js';
import { isRecord, ownValue } from '../graph/own.js';
import { passesOperators, type FilterScalar, type OperatorFilter } from './operators.js';

/**
 * The `where` argument of the GraphQL endpoint's queries, evaluated over stored items: per
 * field an object of operators (operators.ts), all of which must hold, and every field
 * given must match; a property type's field takes the property type's own `where`, which
 * holds when one of its values (a list's elements) matches it; `_and` holds when each of
 * its filters does, `_or` when one does (or none is given), `_not` when none does;
 * `_fulltext` searches every searchable value of the item. A filter without operators
 * matches every item.
 * `match` is the full-text search: every word of it must be a word of the value (any case),
 * and it covers only a value that arrived under the property's searchable name
 * (`Name___searchable`, graph/field-keys.ts), the name the vendor's clients send for a
 * searchable field.
 */
export interface FieldFilter extends OperatorFilter {
  match?: string | null;
  boost?: number | null;
}

/** How each field of a content type's or property type's `where` is read: as a scalar, or as a property type's own `where`. */
export type FieldShape = { scalar: FilterScalar } | { shape: () => WhereShape };
export type WhereShape = ReadonlyMap<string, FieldShape>;

/**
 * The value GraphQL serves for plain field `name` of a stored object (an item's data line,
 * or a property type's value in it): the item holds it under its wire name (`Name___searchable`,
 * `Name$$String`, `Name___skip`) or its plain one, whatever the definition said when it
 * arrived; the searchable name first, then the plain one.
 */
export function servedValue(data: Readonly<Record<string, unknown>>, name: string): unknown {
  for (const { key } of storedKeys(name)) {
    const value = ownValue(data, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Whether a stored object (an item's data line, or a property type's value in it) passes
 * every filter of `where`; `id` is the item's `_id`, from its action line.
 */
export function matchesWhere(where: Readonly<Record<string, unknown>>, shape: WhereShape, data: Readonly<Record<string, unknown>>, id?: string): boolean {
  for (const [name, filter] of Object.entries(where)) {
    if (filter === null || filter === undefined) continue;
    if (name === '_and' || name === '_or' || name === '_not') {
      const parts = (Array.isArray(filter) ? filter : [filter]).filter(isRecord);
      const held = (part: Record<string, unknown>): boolean => matchesWhere(part, shape, data, id);
      if (name === '_and' && !parts.every(held)) return false;
      if (name === '_or' && parts.length > 0 && !parts.some(held)) return false;
      if (name === '_not' && parts.some(held)) return false;
      continue;
    }
    if (!isRecord(filter)) continue;
    if (name === '_fulltext') {
      if (!matchesFulltext(filter, data)) return false;
      continue;
    }
    const field = name === '_id' ? ({ scalar: 'String' } as const) : shape.get(name);
    if (field === undefined) continue;
    if ('shape' in field) {
      if (Object.values(filter).every((op) => op === null || op === undefined)) continue;
      const inner = field.shape();
      const values = servedValue(data, name);
      if (!(Array.isArray(values) ? values : [values]).some((value) => isRecord(value) && matchesWhere(filter, inner, value))) return false;
      continue;
    }
    const { served, searchable } = name === '_id' ? { served: id, searchable: [] } : fieldValues(data, name);
    const ops = filter as FieldFilter;
    if (!passesOperators(served, ops, field.scalar)) return false;
    if (typeof ops.match === 'string' && !searchable.flat().some((found) => matchedWords(found, ops.match as string) > 0)) return false;
  }
  return true;
}

/**
 * The relevance of an item that passes `where`: per full-text search that holds (a field's
 * `match`, `_fulltext`'s `match`), the number of its words the item holds, times the field's
 * `boost` (1 when not given); searches under `_not` do not count. 0 without a search.
 */
export function searchScore(where: Readonly<Record<string, unknown>> | null | undefined, shape: WhereShape, data: Readonly<Record<string, unknown>>): number {
  let score = 0;
  for (const [name, filter] of Object.entries(where ?? {})) {
    if (name === '_and' || name === '_or') {
      for (const part of (Array.isArray(filter) ? filter : [filter]).filter(isRecord))
        if (matchesWhere(part, shape, data)) score += searchScore(part, shape, data);
    } else if (name === '_fulltext' && isRecord(filter) && typeof filter.match === 'string') {
      score += matchedWords(searchableValues(data), filter.match);
    } else if (isRecord(filter)) {
      const field = shape.get(name);
      if (field !== undefined && 'shape' in field) {
        const values = servedValue(data, name);
        for (const value of Array.isArray(values) ? values : [values]) if (isRecord(value)) score += searchScore(filter, field.shape(), value);
      } else if (typeof filter.match === 'string') {
        const weight = typeof filter.boost === 'number' ? filter.boost : 1;
        score +=
          weight *
          Math.max(
            0,
            ...fieldValues(data, name)
              .searchable.flat()
              .map((found) => matchedWords(found, filter.match as string)),
          );
      }
    }
  }
  return score;
}

/** The value a field serves, and those of it that arrived under a searchable name. */
function fieldValues(data: Readonly<Record<string, unknown>>, name: string): { served: unknown; searchable: unknown[] } {
  let served: unknown;
  const searchable: unknown[] = [];
  for (const { key, searchable: isSearchable } of storedKeys(name)) {
    const found = ownValue(data, key);
    if (found === undefined) continue;
    served ??= found;
    if (isSearchable) searchable.push(found);
  }
  return { served, searchable };
}

/** Every value of an object that arrived under a searchable name, in property type values too. */
function searchableValues(data: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(data)) for (const element of data) searchableValues(element, found);
  else if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (key.endsWith(SEARCHABLE_SUFFIX)) found.push(value);
      else if (typeof value === 'object') searchableValues(value, found);
    }
  }
  return found;
}

/** `_fulltext`: `match` (every word, in any searchable value) and `contains` (a substring of one, any case). */
function matchesFulltext(filter: Readonly<Record<string, unknown>>, data: Readonly<Record<string, unknown>>): boolean {
  if (typeof filter.match !== 'string' && typeof filter.contains !== 'string') return true;
  const values = searchableValues(data);
  if (typeof filter.match === 'string' && matchedWords(values, filter.match) < wordsOf(filter.match).length) return false;
  if (typeof filter.contains === 'string') {
    const wanted = filter.contains.toLowerCase();
    const texts = values.flat().filter((v): v is string => typeof v === 'string');
    if (!texts.some((text) => text.toLowerCase().includes(wanted))) return false;
  }
  return true;
}

/**
 * How many words of the query the value holds (texts, or lists of them), in any case; 0
 * unless it holds them all, since a search matches only when every word is found.
 */
function matchedWords(value: unknown, query: string): number {
  const words = new Set((Array.isArray(value) ? value.flat() : [value]).flatMap((text) => (typeof text === 'string' ? wordsOf(text) : [])));
  const wanted = wordsOf(query);
  return wanted.length > 0 && wanted.every((word) => words.has(word)) ? wanted.length : 0;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
