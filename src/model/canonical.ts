import type { JsonValue } from '../diagnostics/errors.js';
import { recordFrom } from './own.js';
import type {
  ContentTypeDefinition,
  FieldRef,
  LinkDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDefinition,
  UnknownFields,
} from './types.js';

/**
 * The canonical form of a definition: what it means, not how it was written. Two
 * definitions the service treats alike have equal canonical forms, so diff and hashing
 * compare these, and reordering keys, properties or languages is never a change.
 *
 * - every field of the published definition is kept, and every unknown field verbatim;
 * - object keys are sorted, languages sorted and de-duplicated;
 * - `contentType` (base) arrays keep their declared order: base order can matter;
 * - `abstract: false`, `searchable: false`, empty `propertyTypes`, `links` and
 *   `unknownFields` mean "absent";
 * - a null or empty label, description, displayName or helpText means "absent" (the
 *   published API makes them nullable; the sources API answers "" for none);
 * - a property type's property `name` is filled from its key when left out.
 *
 * `index`, `useTypedFieldNames` and `preset` keep an explicit `false`/value: their defaults
 * are not published, so "absent" and "false" may differ on the service.
 */
export function canonicalDefinition(definition: SourceDefinition): SourceDefinition {
  // Each result is built with its keys already in sorted order.
  const propertyTypes = definition.propertyTypes ?? {};
  const links = definition.links ?? {};
  return {
    contentTypes: mapSorted(definition.contentTypes, canonicalContentType),
    ...text('description', definition.description),
    ...text('label', definition.label),
    languages: [...new Set(definition.languages)].sort(compareText),
    ...(Object.keys(links).length > 0 ? { links: mapSorted(links, canonicalLink) } : {}),
    ...(definition.preset === undefined ? {} : { preset: definition.preset }),
    ...(Object.keys(propertyTypes).length > 0 ? { propertyTypes: mapSorted(propertyTypes, canonicalPropertyType) } : {}),
    ...unknown(definition.unknownFields),
    ...(definition.useTypedFieldNames === undefined ? {} : { useTypedFieldNames: definition.useTypedFieldNames }),
  };
}

/**
 * A definition in canonical form (canonicalDefinition's result) as a JSON value: what
 * sortDeep would copy it to, without the copy. canonicalDefinition builds a fresh value,
 * keys sorted at every level, holding only JSON values (no undefined anywhere).
 */
export function canonicalAsJson(canonical: SourceDefinition): JsonValue {
  return canonical as unknown as JsonValue;
}

/**
 * canonicalJson of a definition in canonical form, written by JSON.stringify: its keys are
 * already sorted at every level (see canonicalAsJson), so both give the same text, and the
 * native one is several times faster. Hashing and the plan's comparisons use it.
 */
export function canonicalText(canonical: SourceDefinition): string {
  return JSON.stringify(canonical);
}

// The per-type and per-property forms below are built by assignment, in sorted key order:
// they run for every property of every source, and conditional spreads cost several times more.

export function canonicalContentType(contentType: ContentTypeDefinition): ContentTypeDefinition {
  const out: Partial<ContentTypeDefinition> = {};
  if (contentType.abstract === true) out.abstract = true;
  if (contentType.base !== undefined) out.base = contentType.base;
  out.contentType = [...contentType.contentType];
  if (isText(contentType.description)) out.description = contentType.description;
  if (isText(contentType.displayName)) out.displayName = contentType.displayName;
  out.properties = mapSorted(contentType.properties, canonicalProperty);
  if (contentType.sortOrder !== undefined) out.sortOrder = contentType.sortOrder;
  if (hasFields(contentType.unknownFields)) out.unknownFields = sortDeep(contentType.unknownFields) as UnknownFields;
  return out as ContentTypeDefinition;
}

export function canonicalProperty(property: PropertyDefinition): PropertyDefinition {
  const out: Partial<PropertyDefinition> = {};
  if (isText(property.helpText)) out.helpText = property.helpText;
  if (property.index !== undefined) out.index = property.index;
  if (property.ref !== undefined) out.ref = canonicalRef(property.ref);
  if (property.searchable === true) out.searchable = true;
  if (property.skip === true) out.skip = true;
  out.type = property.type;
  if (hasFields(property.unknownFields)) out.unknownFields = sortDeep(property.unknownFields) as UnknownFields;
  return out as PropertyDefinition;
}

export function canonicalPropertyType(propertyType: PropertyTypeDefinition): PropertyTypeDefinition {
  const out: Partial<PropertyTypeDefinition> = {};
  if (propertyType.abstract === true) out.abstract = true;
  if (propertyType.base !== undefined) out.base = propertyType.base;
  out.properties = mapSorted(propertyType.properties, (property: PropertyTypeProperty, name) => {
    const canonical: Partial<PropertyTypeProperty> = {};
    if (property.index !== undefined) canonical.index = property.index;
    canonical.name = property.name === undefined || property.name === '' ? name : property.name;
    if (property.ref !== undefined) canonical.ref = canonicalRef(property.ref);
    if (property.searchable === true) canonical.searchable = true;
    if (property.skip === true) canonical.skip = true;
    canonical.type = property.type;
    if (hasFields(property.unknownFields)) canonical.unknownFields = sortDeep(property.unknownFields) as UnknownFields;
    return canonical as PropertyTypeProperty;
  });
  if (hasFields(propertyType.unknownFields)) out.unknownFields = sortDeep(propertyType.unknownFields) as UnknownFields;
  return out as PropertyTypeDefinition;
}

function canonicalLink(link: LinkDefinition): LinkDefinition {
  return { from: link.from, to: link.to, ...unknown(link.unknownFields) };
}

function canonicalRef(ref: FieldRef): FieldRef {
  return { ...(ref.id === undefined ? {} : { id: ref.id }), ...(ref.type === undefined ? {} : { type: ref.type }) };
}

/** An optional text field's value when it counts: null and "" mean absent. */
function isText(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== '';
}

function hasFields(fields: UnknownFields | undefined): fields is UnknownFields {
  return fields !== undefined && Object.keys(fields).length > 0;
}

/** An optional text field: null and "" mean absent. */
function text<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  return value === undefined || value === null || value === '' ? {} : ({ [key]: value } as { [P in K]?: string });
}

/** Unknown fields, sorted deeply (they are compared as JSON); none means absent. */
function unknown(fields: UnknownFields | undefined): { unknownFields?: UnknownFields } {
  return hasFields(fields) ? { unknownFields: sortDeep(fields) as UnknownFields } : {};
}

/**
 * The definition with its description left out: for comparing with a GET types answer
 * that has no `description` key (a service that keeps it only in the sources API).
 */
export function typesPart(definition: SourceDefinition): SourceDefinition {
  const { description: _description, ...types } = definition;
  return types;
}

/**
 * JSON with object keys sorted at every level: the same value always gives the same text.
 * Equal to JSON.stringify(sortDeep(value)), written directly without the sorted copy.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) out += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    let first = true;
    for (const key of objectKeyOrder(Object.keys(record).sort(compareText))) {
      const item = record[key];
      if (item === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(item);
      first = false;
    }
    return `${out}}`;
  }
  // As JSON.stringify writes them: escapes, and null for NaN and the infinities.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return 'null';
}

/**
 * The order in which a plain object built with `sorted` keys lists them: keys that are
 * array indexes ("0", "10") come first, in numeric order, whatever the insertion order.
 */
function objectKeyOrder(sorted: string[]): string[] {
  if (!sorted.some(isIndexKey)) return sorted;
  const indexes = sorted.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...sorted.filter((key) => !isIndexKey(key))];
}

const INDEX_KEY = /^(?:0|[1-9][0-9]*)$/;

function isIndexKey(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 0x30 && first <= 0x39 && INDEX_KEY.test(key) && Number(key) < 4294967295;
}

/** A JSON-safe deep copy with object keys in sorted order. */
export function sortDeep(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map((item) => sortDeep(item));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const kept = Object.keys(record).filter((key) => record[key] !== undefined);
    return recordFrom(kept.sort(compareText).map((key) => [key, sortDeep(record[key])]));
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return null;
}

/** Plain code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Keys here are user-given names: recordFrom keeps even `__proto__` an own key.
function mapSorted<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  return recordFrom(
    Object.keys(record)
      .sort(compareText)
      .map((key) => [key, map(record[key] as T, key)]),
  );
}
