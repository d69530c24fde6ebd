import { storedKeys } from '../../data/wire-names.js';
import { isRecord, ownValue } from '../graph/own.js';

/**
 * The `where` argument of the GraphQL endpoint's queries, evaluated over stored items:
 * per property an object of operators (String: eq, in, contains, match; Int and Float: eq,
 * gt, lt; Boolean: eq), all of which must hold, and all properties given must match. A list
 * property matches when one of its elements does; a missing or null value matches no
 * operator, and a filter without operators matches every item.
 * `contains` is a substring test that ignores case, on any stored value. `match` is the
 * full-text search: every word of it must be a word of the value (any case), and it covers
 * only a value that arrived under the property's searchable name (`Name___searchable`,
 * data/wire-names.ts), the name the vendor's clients send for a searchable field.
 */
export interface ScalarFilter {
  eq?: unknown;
  in?: readonly unknown[] | null;
  contains?: string | null;
  match?: string | null;
  gt?: number | null;
  lt?: number | null;
}

/** The operators each scalar's filter input offers, by the input type's name. */
export const FILTER_OPERATORS = {
  StringFilterInput: ['eq', 'in', 'contains', 'match'],
  IntFilterInput: ['eq', 'gt', 'lt'],
  FloatFilterInput: ['eq', 'gt', 'lt'],
  BooleanFilterInput: ['eq'],
} as const;

export type FilterInputName = keyof typeof FILTER_OPERATORS;

/** The filter input of a property's scalar; Date and DateTime are not filterable. */
export function filterInputFor(scalar: string | undefined): FilterInputName | undefined {
  switch (scalar) {
    case 'String':
      return 'StringFilterInput';
    case 'Int':
      return 'IntFilterInput';
    case 'Float':
      return 'FloatFilterInput';
    case 'Boolean':
      return 'BooleanFilterInput';
    default:
      return undefined;
  }
}

/** The scalars a `$$Type` in a stored key may name (useTypedFieldNames). */
const TYPE_TAGS: readonly string[] = ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime'];

/** The stored keys of each plain name, worked out once: every item of every query asks. */
const KEYS = new Map<string, ReturnType<typeof storedKeys>>();
const MAX_KEYS_CACHED = 10_000;

function keysOf(name: string): ReturnType<typeof storedKeys> {
  let keys = KEYS.get(name);
  if (keys === undefined) {
    keys = storedKeys(name, TYPE_TAGS);
    if (KEYS.size < MAX_KEYS_CACHED) KEYS.set(name, keys);
  }
  return keys;
}

/**
 * The value GraphQL serves for plain field `name` of a stored object (an item's data line,
 * or a property type's value in it): the item holds it under its wire name (`Name___searchable`,
 * `Name$$String`, `Name___skip`) or its plain one, whatever the definition said when it
 * arrived; the searchable name first, then the plain one.
 */
export function servedValue(data: Readonly<Record<string, unknown>>, name: string): unknown {
  for (const { key } of keysOf(name)) {
    const value = ownValue(data, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Whether an item passes every filter of `where`; `value(key)` reads the item's stored field by its key (`_id` included). */
export function matchesWhere(where: Readonly<Record<string, unknown>> | null | undefined, value: (key: string) => unknown): boolean {
  if (where === null || where === undefined) return true;
  for (const [name, filter] of Object.entries(where)) {
    // A filter whose operators are all left out (an unset variable) asks for nothing.
    if (!isRecord(filter) || Object.values(filter).every((op) => op === null || op === undefined)) continue;
    const scalar = filter as ScalarFilter;
    let served: unknown;
    const searchable: unknown[] = [];
    if (name === '_id') served = value(name);
    else {
      for (const { key, searchable: isSearchable } of keysOf(name)) {
        const found = value(key);
        if (found === undefined) continue;
        served ??= found;
        if (isSearchable) searchable.push(found);
      }
    }
    const candidates = Array.isArray(served) ? served : [served];
    if (!candidates.some((candidate) => matchesFilter(candidate, scalar))) return false;
    if (typeof scalar.match === 'string' && !searchable.some((found) => (Array.isArray(found) ? found : [found]).some((text) => matchesText(text, scalar.match as string)))) return false;
  }
  return true;
}

/** Full-text matching: every word of the query is a word of the value, in any case. */
function matchesText(value: unknown, query: string): boolean {
  if (typeof value !== 'string') return false;
  const words = new Set(wordsOf(value));
  const wanted = wordsOf(query);
  return wanted.length > 0 && wanted.every((word) => words.has(word));
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

function matchesFilter(value: unknown, filter: ScalarFilter): boolean {
  if (value === null || value === undefined) return false;
  if (filter.eq !== undefined && filter.eq !== null && value !== filter.eq) return false;
  if (filter.in !== undefined && filter.in !== null && !filter.in.includes(value)) return false;
  if (typeof filter.contains === 'string' && (typeof value !== 'string' || !value.toLowerCase().includes(filter.contains.toLowerCase()))) return false;
  if (typeof filter.gt === 'number' && (typeof value !== 'number' || !(value > filter.gt))) return false;
  if (typeof filter.lt === 'number' && (typeof value !== 'number' || !(value < filter.lt))) return false;
  return true;
}
