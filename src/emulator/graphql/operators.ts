/**
 * The operators of a field's `where` filter, evaluated over the values a field holds (one,
 * or a list's elements). A positive operator holds when one of the values passes it; a
 * negative one (`notEq`, `notIn`) when none passes its positive twin, so a missing value
 * passes only the negative ones and `exist: false`. An operator given as null asks for
 * nothing. Strings compare in any case (`eq`, `notEq`, `startsWith` as the vendor documents
 * them; `in`, `like`, `endsWith`, `contains` alike, the emulator's choice); Date and
 * DateTime compare as instants.
 */
export interface OperatorFilter {
  eq?: unknown;
  notEq?: unknown;
  in?: readonly unknown[] | null;
  notIn?: readonly unknown[] | null;
  gt?: unknown;
  gte?: unknown;
  lt?: unknown;
  lte?: unknown;
  exist?: boolean | null;
  contains?: string | null;
  startsWith?: string | null;
  endsWith?: string | null;
  like?: string | null;
}

/** The scalar behind a filter, which decides how two values compare. */
export type FilterScalar = 'String' | 'Int' | 'Float' | 'Boolean' | 'Date' | 'DateTime';

const given = (value: unknown): boolean => value !== null && value !== undefined;

/** Whether the values of a field (undefined or null when it has none) pass every operator given. */
export function passesOperators(served: unknown, filter: OperatorFilter, scalar: FilterScalar): boolean {
  const values = (Array.isArray(served) ? served : [served]).filter(given);
  const some = (test: (value: unknown) => boolean): boolean => values.some(test);
  const same = (a: unknown, b: unknown): boolean => compare(a, b, scalar) === 0;
  if (given(filter.exist) && filter.exist !== values.length > 0) return false;
  if (given(filter.eq) && !some((v) => same(v, filter.eq))) return false;
  if (given(filter.notEq) && some((v) => same(v, filter.notEq))) return false;
  if (Array.isArray(filter.in) && !some((v) => (filter.in ?? []).some((w) => same(v, w)))) return false;
  if (Array.isArray(filter.notIn) && some((v) => (filter.notIn ?? []).some((w) => same(v, w)))) return false;
  const ordered = (bound: unknown, holds: (order: number) => boolean): boolean => !given(bound) || some((v) => holds(compare(v, bound, scalar) ?? Number.NaN));
  if (!ordered(filter.gt, (o) => o > 0) || !ordered(filter.gte, (o) => o >= 0) || !ordered(filter.lt, (o) => o < 0) || !ordered(filter.lte, (o) => o <= 0))
    return false;
  const text = (wanted: string | null | undefined, test: (value: string, wanted: string) => boolean): boolean =>
    typeof wanted !== 'string' || some((v) => typeof v === 'string' && test(v.toLowerCase(), wanted.toLowerCase()));
  if (!text(filter.contains, (v, w) => v.includes(w))) return false;
  if (!text(filter.startsWith, (v, w) => v.startsWith(w))) return false;
  if (!text(filter.endsWith, (v, w) => v.endsWith(w))) return false;
  if (!text(filter.like, (v, w) => likePattern(w).test(v))) return false;
  return true;
}

/**
 * How two values of a scalar compare: negative, 0 or positive; undefined when they cannot
 * be compared (a text where a number is declared, a date that does not parse).
 */
export function compare(a: unknown, b: unknown, scalar: FilterScalar): number | undefined {
  if (scalar === 'Date' || scalar === 'DateTime') {
    const [x, y] = [instant(a), instant(b)];
    return x === undefined || y === undefined ? undefined : x - y;
  }
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

function instant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

const PATTERNS = new Map<string, RegExp>();

/** `like`: `%` any run of characters, `_` exactly one, the rest literal; the whole value must match. */
function likePattern(pattern: string): RegExp {
  let regex = PATTERNS.get(pattern);
  if (regex === undefined) {
    const body = [...pattern].map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
    regex = new RegExp(`^${body}$`, 'su');
    if (PATTERNS.size < 1000) PATTERNS.set(pattern, regex);
  }
  return regex;
}
