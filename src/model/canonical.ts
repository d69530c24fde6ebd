import type { JsonValue } from '../diagnostics/errors.js';
import { recordFrom } from './own.js';
import type {
  ContentTypeDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDefinition,
} from './types.js';

/**
 * The canonical form of a definition: what it means, not how it was written. Two
 * definitions the service treats alike have equal canonical forms, so diff and hashing
 * compare these, and reordering keys, properties or languages is never a change.
 *
 * - only the contract's fields are kept (a GET may answer more than was sent);
 * - object keys are sorted, languages sorted and de-duplicated;
 * - `contentType` (base) arrays keep their declared order: base order can matter;
 * - `abstract: false`, `searchable: false` and empty `propertyTypes` mean "absent";
 * - a property type's property `name` is filled from its key when left out;
 * - an empty `description` means "absent".
 */
export function canonicalDefinition(definition: SourceDefinition): SourceDefinition {
  const result: SourceDefinition = {
    contentTypes: mapSorted(definition.contentTypes, canonicalContentType),
    label: definition.label,
    languages: [...new Set(definition.languages)].sort(compareText),
  };
  if (definition.description !== undefined && definition.description !== '') result.description = definition.description;
  const propertyTypes = definition.propertyTypes ?? {};
  if (Object.keys(propertyTypes).length > 0) {
    result.propertyTypes = mapSorted(propertyTypes, canonicalPropertyType);
  }
  return sortKeys(result);
}

export function canonicalContentType(contentType: ContentTypeDefinition): ContentTypeDefinition {
  const result: ContentTypeDefinition = { contentType: [...contentType.contentType], properties: mapSorted(contentType.properties, canonicalProperty) };
  if (contentType.abstract === true) result.abstract = true;
  return sortKeys(result);
}

export function canonicalProperty(property: PropertyDefinition): PropertyDefinition {
  const result: PropertyDefinition = { type: property.type };
  if (property.searchable === true) result.searchable = true;
  return sortKeys(result);
}

export function canonicalPropertyType(propertyType: PropertyTypeDefinition): PropertyTypeDefinition {
  return {
    properties: mapSorted(propertyType.properties, (property: PropertyTypeProperty, name) => ({
      name: property.name === undefined || property.name === '' ? name : property.name,
      type: property.type,
    })),
  };
}

/**
 * The part of a definition the types endpoints know: what GET types answers and a PUT
 * carries. Comparisons with the service's answer use it, since the description is kept by
 * the sources API instead.
 */
export function typesPart(definition: SourceDefinition): SourceDefinition {
  const { description: _description, ...types } = definition;
  return types;
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
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
  return recordFrom(Object.keys(record).sort(compareText).map((key) => [key, map(record[key] as T, key)]));
}

function sortKeys<T extends object>(value: T): T {
  const record = value as Record<string, unknown>;
  return recordFrom(Object.keys(record).sort(compareText).map((key) => [key, record[key]])) as T;
}
