import { createHash } from 'node:crypto';
import { elementType, parseWireName } from '../data/wire-names.js';
import { canonicalJson } from '../model/canonical.js';
import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { typeProperties } from './export-query.js';

/**
 * A content fingerprint of an item, the same whether worked out from the data line that
 * was sent (wire names: `Name___searchable`, `Count$$Int`) or from the item GraphQL serves
 * back (plain names): the values of the properties the item's content type declares, own
 * and inherited, by plain name, property type values likewise, with what GraphQL cannot
 * tell apart made equal (a missing field and null; a date and the same instant written
 * otherwise). Fields that are no declared property (`Status`, `_rbac`, `Id`) are left out:
 * GraphQL is not asked for them. The values are written as canonical JSON in the declared
 * order of the properties, which both forms share, so no object is built nor sorted.
 */
export function itemFingerprint(definition: SourceDefinition, type: string, fields: Readonly<Record<string, unknown>>): string {
  const text = fieldsText(definition, propertiesOf(definition, type), plainFields(fields));
  return createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 22);
}

/** A property to write: its plain name, its declared type, and its name as written (`"Name":`). */
type Written = readonly [name: string, declared: string, label: string];

/** Each definition's content types' properties, own and inherited, worked out once: a push fingerprints every item of a type alike. */
const PROPERTIES = new WeakMap<SourceDefinition, Map<string, readonly Written[]>>();

function propertiesOf(definition: SourceDefinition, type: string): readonly Written[] {
  let byType = PROPERTIES.get(definition);
  if (byType === undefined) PROPERTIES.set(definition, (byType = new Map()));
  let properties = byType.get(type);
  if (properties === undefined)
    byType.set(type, (properties = [...typeProperties(definition, type)].map(([name, declared]) => [name, declared, `${JSON.stringify(name)}:`] as const)));
  return properties;
}

/** The property types' properties, likewise: keyed by definition, then by property type name. */
const TYPE_PROPERTIES = new WeakMap<SourceDefinition, Map<string, readonly Written[]>>();

function propertyTypeFields(definition: SourceDefinition, name: string): readonly Written[] | undefined {
  const propertyType = ownValue(definition.propertyTypes ?? {}, name);
  if (propertyType === undefined) return undefined;
  let byName = TYPE_PROPERTIES.get(definition);
  if (byName === undefined) TYPE_PROPERTIES.set(definition, (byName = new Map()));
  let properties = byName.get(name);
  if (properties === undefined)
    byName.set(name, (properties = Object.entries(propertyType.properties).map(([inner, p]) => [inner, p.type, `${JSON.stringify(inner)}:`] as const)));
  return properties;
}

/** `{"Name":…,"Count":…}`: the properties that have a value, in the order given. */
function fieldsText(definition: SourceDefinition, properties: readonly Written[], values: ReadonlyMap<string, unknown>): string {
  let out = '{';
  for (const [name, declared, label] of properties) {
    const value = servedText(definition, declared, values.get(name));
    if (value !== undefined) out += (out.length === 1 ? '' : ',') + label + value;
  }
  return `${out}}`;
}

/**
 * An object's fields by plain name: a wire name gives way to its plain name. Where one
 * object holds a value under two names of one field, the searchable one is what GraphQL
 * serves, as the vendor's clients send it.
 */
function plainFields(fields: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const plain = new Map<string, unknown>();
  const searchable = new Set<string>();
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    const wire = parseWireName(key);
    if (plain.get(wire.name) !== undefined && (searchable.has(wire.name) || wire.suffix !== 'searchable')) continue;
    plain.set(wire.name, value);
    if (wire.suffix === 'searchable') searchable.add(wire.name);
  }
  return plain;
}

/** A value as GraphQL serves a property declared `declared`, as canonical JSON: undefined for none. */
function servedText(definition: SourceDefinition, declared: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const element = elementType(declared);
  if (Array.isArray(value)) return `[${value.map((item) => servedText(definition, element, item) ?? 'null').join(',')}]`;
  if ((element === 'Date' || element === 'DateTime') && typeof value === 'string' && Number.isFinite(Date.parse(value)))
    return JSON.stringify(new Date(value).toISOString());
  const properties = propertyTypeFields(definition, element);
  if (properties === undefined || !isRecord(value)) return canonicalJson(value);
  return fieldsText(definition, properties, plainFields(value));
}
