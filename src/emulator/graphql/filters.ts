import { isRecord } from '../graph/own.js';

/**
 * The `where` argument of the GraphQL endpoint's queries, evaluated over stored items:
 * per property an object of operators (String: eq, in, contains; Int and Float: eq, gt,
 * lt; Boolean: eq), all of which must hold, and all properties given must match. A list
 * property matches when one of its elements does; a missing or null value matches no
 * operator, and a filter without operators matches every item.
 * `contains` ignores case, like a search would.
 */
export interface ScalarFilter {
  eq?: unknown;
  in?: readonly unknown[] | null;
  contains?: string | null;
  gt?: number | null;
  lt?: number | null;
}

/** The operators each scalar's filter input offers, by the input type's name. */
export const FILTER_OPERATORS = {
  StringFilterInput: ['eq', 'in', 'contains'],
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

/** Whether an item passes every filter of `where`; `value(name)` reads the item's field (`_id` included). */
export function matchesWhere(where: Readonly<Record<string, unknown>> | null | undefined, value: (name: string) => unknown): boolean {
  if (where === null || where === undefined) return true;
  for (const [name, filter] of Object.entries(where)) {
    // A filter whose operators are all left out (an unset variable) asks for nothing.
    if (!isRecord(filter) || Object.values(filter).every((op) => op === null || op === undefined)) continue;
    const found = value(name);
    const candidates = Array.isArray(found) ? found : [found];
    if (!candidates.some((candidate) => matchesFilter(candidate, filter as ScalarFilter))) return false;
  }
  return true;
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
