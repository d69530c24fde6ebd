import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import { ITEM_SERVICE_FIELDS, SCALAR_TYPES, type ItemServiceField, type ServedItem, type SourceDefinition } from '../model/types.js';
import { localeValue } from './content-counts.js';
import { MAX_QUERY_LENGTH } from './query-budget.js';

/**
 * The query texts of the export (export-items.ts): which properties a content type's items
 * carry, the selection that reads them, and the limits the service puts on a query
 * (docs/service-facts.md, "Reading items back"), checked here so a query that would be refused is
 * never sent; and how an answered item becomes an ExportedItem.
 */

// Item fields whose selection the public record does not promise for custom types: asked by introspection.
export { ITEM_SERVICE_FIELDS, type ItemServiceField };

/** One item as the content GraphQL endpoint serves it to the admin credentials. */
export type { ServedItem as ExportedItem };

/** The service's page maximum, query length and depth limits. */
export const PAGE_LIMIT = 100;
export { MAX_QUERY_LENGTH };
export const MAX_QUERY_DEPTH = 10;

/** The fields of one item query, and the declared property names read back from its answer. */
export interface ItemSelection {
  /** `_id ContentType … Name Size { Width Height }` */
  text: string;
  /** Levels of the selection itself (a scalar is 1, `Size { Width }` is 2). */
  depth: number;
  properties: string[];
}

/** The source's concrete content types, sorted: each item is returned by exactly one of their queries. */
export function concreteTypes(definition: SourceDefinition): string[] {
  return Object.entries(definition.contentTypes)
    .filter(([, type]) => type.abstract !== true)
    .map(([name]) => name)
    .sort();
}

/**
 * A content type's properties, own and inherited, by name → declared type. Base types come
 * through `contentType` lists, transitively; the nearest declaration wins, as the
 * endpoint's schema serves it (a cycle is visited once).
 */
export function typeProperties(definition: SourceDefinition, type: string): Map<string, string> {
  const lineage: string[] = [];
  const queue = [type];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (lineage.includes(next)) continue;
    lineage.push(next);
    queue.push(...(ownValue(definition.contentTypes, next)?.contentType ?? []));
  }
  const properties = new Map<string, string>();
  // Most distant ancestor first, so nearer declarations replace theirs.
  for (const name of lineage.reverse()) {
    for (const [property, p] of Object.entries(ownValue(definition.contentTypes, name)?.properties ?? {})) properties.set(property, p.type);
  }
  return properties;
}

/**
 * The `items { … }` fields for a content type: `_id`, `ContentType`, the readable service
 * fields, then every property; a property type (or a list of one) gets a sub-selection of
 * its properties, recursively. A name selected once already (a property called `Status`
 * when the item field is served) is not selected twice: the endpoint serves it once.
 * Returns a reason instead when the selection cannot be written within the depth limit
 * (`room` levels are left for it), e.g. a property type that holds itself.
 */
export function itemSelection(
  definition: SourceDefinition,
  type: string,
  serviceFields: readonly ItemServiceField[],
  room: number,
): ItemSelection | { reason: string } {
  const seen = new Set<string>(['_id', 'ContentType', ...serviceFields]);
  const parts = [...seen];
  const properties: string[] = [];
  let depth = 1;
  for (const [name, declared] of typeProperties(definition, type)) {
    if (seen.has(name)) continue;
    seen.add(name);
    const field = fieldText(definition, name, declared, room);
    if ('reason' in field) return { reason: `its property ${name}: ${field.reason}` };
    parts.push(field.text);
    properties.push(name);
    depth = Math.max(depth, field.depth);
  }
  return { text: parts.join(' '), depth, properties };
}

/** One property's selection; `room` is how many levels it may take. */
function fieldText(definition: SourceDefinition, name: string, declared: string, room: number): { text: string; depth: number } | { reason: string } {
  if (room < 1) return { reason: `nesting deeper than the service's depth limit of ${MAX_QUERY_DEPTH}` };
  const element = /^\[(.*)\]$/.exec(declared)?.[1] ?? declared;
  if ((SCALAR_TYPES as readonly string[]).includes(element)) return { text: name, depth: 1 };
  const propertyType = ownValue(definition.propertyTypes ?? {}, element);
  if (propertyType === undefined) return { reason: `its type ${element} is neither a scalar nor a declared property type` };
  const inner: string[] = [];
  let depth = 1;
  for (const [child, p] of Object.entries(propertyType.properties)) {
    const field = fieldText(definition, child, p.type, room - 1);
    if ('reason' in field) return field;
    inner.push(field.text);
    depth = Math.max(depth, 1 + field.depth);
  }
  // `Size { }` is not GraphQL; a property type without properties has nothing to read.
  if (inner.length === 0) return { reason: `its property type ${element} declares no properties to select` };
  return { text: `${name} { ${inner.join(' ')} }`, depth };
}

/**
 * One page's query: the first with `cursor: ""`, the next ones with the answer's cursor.
 * Ordered by `_ranking: DOC`, the order cursor paging is documented with.
 */
export function pageQuery(type: string, language: string, selection: ItemSelection): string {
  // The cursor is a variable: every page of a type and language sends the same text, which a server can parse and validate once.
  const args = `cursor: $cursor, limit: ${PAGE_LIMIT}, locale: [${localeValue(language)}], orderBy: { _ranking: DOC }`;
  return `query graphformExport($cursor: String) {\n  page: ${type}(${args}) {\n    total(all: true)\n    cursor\n    items { ${selection.text} }\n  }\n}`;
}

/** Query levels above an item's own fields: the type's query field, then `items`. */
export const LEVELS_ABOVE_ITEM_FIELDS = 2;

/** Why the service would refuse a page query, or undefined when it is within the limits. */
export function queryTooBig(query: string, selection: ItemSelection): string | undefined {
  if (query.length > MAX_QUERY_LENGTH) return `its query is ${query.length} characters long, more than the service's limit of ${MAX_QUERY_LENGTH}`;
  const depth = LEVELS_ABOVE_ITEM_FIELDS + selection.depth;
  if (depth > MAX_QUERY_DEPTH) return `its query is ${depth} levels deep, more than the service's depth limit of ${MAX_QUERY_DEPTH}`;
  return undefined;
}

/** One introspection query asking the fields of each type, aliased `t0`, `t1`, … in the order given. */
export function fieldsQuery(types: readonly string[]): string {
  const fields = types.map((type, i) => `t${i}: __type(name: ${JSON.stringify(type)}) { fields { name } }`);
  return `query graphformItemFields {\n  ${fields.join('\n  ')}\n}`;
}

/**
 * An item of a page's answer as the export yields it: `_id`, ContentType, the declared
 * properties (`selection.properties`) and the readable service fields.
 */
export function exportedItem(raw: unknown, type: string, language: string, selection: ItemSelection, fields: readonly ItemServiceField[]): ServedItem {
  const item = isRecord(raw) ? raw : {};
  const id = item._id;
  const contentType = Array.isArray(item.ContentType) ? item.ContentType.filter((t): t is string => typeof t === 'string') : null;
  const values: Record<string, unknown> = {};
  for (const name of selection.properties) {
    const value = withoutNulls(ownValue(item, name));
    if (value !== null && value !== undefined) setOwn(values, name, value);
  }
  const service: Partial<Record<ItemServiceField, string>> = {};
  for (const field of fields) {
    const value = ownValue(item, field);
    if (typeof value === 'string') service[field] = value;
  }
  return { type, language, id: typeof id === 'string' ? id : String(id), contentType, values, service };
}

/** An object's null fields are what the endpoint answers for a field the item does not hold: left out, at every level. List elements keep their places. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isRecord(value)) return value;
  const clean: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) if (inner !== null) setOwn(clean, name, withoutNulls(inner));
  return clean;
}
