import { createHash } from 'node:crypto';
import { elementType, parseWireName } from '../data/wire-names.js';
import { canonicalJson } from '../model/canonical.js';
import { isRecord } from '../model/is-record.js';
import { ownValue, setOwn } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { typeProperties } from './export-query.js';

/**
 * A content fingerprint of an item, the same whether worked out from the data line that
 * was sent (wire names: `Name___searchable`, `Count$$Int`) or from the item GraphQL serves
 * back (plain names): the values of the properties the item's content type declares, own
 * and inherited, by plain name, property type values likewise, with what GraphQL cannot
 * tell apart made equal (a missing field and null; a date and the same instant written
 * otherwise). Fields that are no declared property (`Status`, `_rbac`, `Id`) are left out:
 * GraphQL is not asked for them.
 */
export function itemFingerprint(definition: SourceDefinition, type: string, fields: Readonly<Record<string, unknown>>): string {
  const served: Record<string, unknown> = {};
  const values = plainFields(fields);
  for (const [name, declared] of propertiesOf(definition, type)) {
    const value = servedForm(definition, declared, values.get(name));
    if (value !== undefined) put(served, name, value);
  }
  return createHash('sha256').update(canonicalJson(served), 'utf8').digest('base64url').slice(0, 22);
}

/** Each definition's content types' properties, own and inherited, worked out once: a push fingerprints every item of a type alike. */
const PROPERTIES = new WeakMap<SourceDefinition, Map<string, ReadonlyArray<readonly [string, string]>>>();

function propertiesOf(definition: SourceDefinition, type: string): ReadonlyArray<readonly [string, string]> {
  let byType = PROPERTIES.get(definition);
  if (byType === undefined) PROPERTIES.set(definition, (byType = new Map()));
  let properties = byType.get(type);
  if (properties === undefined) byType.set(type, (properties = [...typeProperties(definition, type)]));
  return properties;
}

/** Stores a value under a user-given name: plain assignment, but `__proto__` as an own property. */
function put(record: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') setOwn(record, name, value);
  else record[name] = value;
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

/** A value as GraphQL serves a property declared `declared`: undefined for none. */
function servedForm(definition: SourceDefinition, declared: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((element) => servedForm(definition, elementType(declared), element) ?? null);
  const element = elementType(declared);
  if (element === 'Date' || element === 'DateTime') return typeof value === 'string' && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : value;
  const propertyType = ownValue(definition.propertyTypes ?? {}, element);
  if (propertyType === undefined || !isRecord(value)) return value;
  const values = plainFields(value);
  const served: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(propertyType.properties)) {
    const inner = servedForm(definition, property.type, values.get(name));
    if (inner !== undefined) put(served, name, inner);
  }
  return served;
}
