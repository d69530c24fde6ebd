import { Kind, type ObjectValueNode, type ValueNode } from 'graphql';
import { isRecord } from '../graph/own.js';
import { servedValue, type WhereShape } from './filters.js';
import type { ItemView } from './item-query.js';
import { compare, type FilterScalar } from './operators.js';

/** One sort key: a field (a path into property types) and its direction, or the ranking. */
type SortKey = { path: string[]; scalar: FilterScalar; descending: boolean } | { ranking: string };

/**
 * The sort keys of `orderBy`, most significant first, in the order the query wrote them
 * (graphql-js hands the input's fields over in the schema's order, so the literal is read
 * when there is one). `_ranking: DOC` keeps the indexed order and needs no key.
 */
export function sortKeys(orderBy: Readonly<Record<string, unknown>> | null | undefined, shape: WhereShape, literal: ValueNode | undefined): SortKey[] {
  const keys: SortKey[] = [];
  const walk = (value: Readonly<Record<string, unknown>>, fields: WhereShape, node: ValueNode | undefined, path: string[]): void => {
    for (const name of ordered(Object.keys(value), node)) {
      const direction = value[name];
      if (direction === null || direction === undefined) continue;
      if (path.length === 0 && name === '_ranking') {
        if (direction !== 'DOC') keys.push({ ranking: String(direction) });
        continue;
      }
      const field = fields.get(name);
      if (field === undefined) continue;
      if ('shape' in field) {
        if (isRecord(direction)) walk(direction, field.shape(), fieldNode(node, name), [...path, name]);
      } else keys.push({ path: [...path, name], scalar: field.scalar, descending: direction === 'DESC' });
    }
  };
  if (orderBy !== null && orderBy !== undefined) walk(orderBy, shape, literal, []);
  return keys;
}

/** Sorts items by the keys; ties keep the indexed order. A missing value sorts last either way. */
export function sortItems(items: ItemView[], keys: readonly SortKey[], score: (item: ItemView) => number): ItemView[] {
  if (keys.length === 0) return items;
  const values = new Map<ItemView, unknown[]>();
  const valuesOf = (item: ItemView): unknown[] => {
    let found = values.get(item);
    if (found === undefined) {
      found = keys.map((key) => ('ranking' in key ? score(item) : valueAt(item.data, key.path)));
      values.set(item, found);
    }
    return found;
  };
  const positions = new Map(items.map((item, i) => [item, i]));
  return [...items].sort((a, b) => {
    const [va, vb] = [valuesOf(a), valuesOf(b)];
    for (const [i, key] of keys.entries()) {
      const order = 'ranking' in key ? (vb[i] as number) - (va[i] as number) : compareValues(va[i], vb[i], key.scalar, key.descending);
      if (order !== 0) return order;
    }
    return (positions.get(a) ?? 0) - (positions.get(b) ?? 0);
  });
}

function compareValues(a: unknown, b: unknown, scalar: FilterScalar, descending: boolean): number {
  const [missingA, missingB] = [a === undefined || a === null, b === undefined || b === null];
  if (missingA || missingB) return Number(missingA) - Number(missingB);
  const order = compare(a, b, scalar) ?? 0;
  return descending ? -order : order;
}

/** The value to sort by: the field along the path, a list's first element at each step. */
function valueAt(data: Readonly<Record<string, unknown>>, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const name of path) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (!isRecord(first)) return undefined;
    value = servedValue(first, name);
  }
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

function ordered(names: readonly string[], node: ValueNode | undefined): string[] {
  if (node?.kind !== Kind.OBJECT) return [...names];
  const written = node.fields.map((f) => f.name.value);
  return [...names].sort((a, b) => rank(written, a) - rank(written, b));
}

function rank(written: readonly string[], name: string): number {
  const at = written.indexOf(name);
  return at === -1 ? written.length : at;
}

function fieldNode(node: ValueNode | undefined, name: string): ObjectValueNode | undefined {
  if (node?.kind !== Kind.OBJECT) return undefined;
  const value = node.fields.find((f) => f.name.value === name)?.value;
  return value?.kind === Kind.OBJECT ? value : undefined;
}
