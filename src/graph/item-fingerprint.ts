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
  for (const [name, declared] of typeProperties(definition, type)) {
    const value = servedForm(definition, declared, ownValue(values, name));
    if (value !== undefined) setOwn(served, name, value);
  }
  return createHash('sha256').update(canonicalJson(served), 'utf8').digest('base64url').slice(0, 22);
}

/**
 * An object's fields by plain name: a wire name gives way to its plain name. Where one
 * object holds a value under two names of one field, the searchable one is what GraphQL
 * serves, as the vendor's clients send it.
 */
function plainFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const searchable = new Set<string>();
  for (const [key, value] of Object.entries(fields)) {
    const wire = parseWireName(key);
    if (ownValue(plain, wire.name) !== undefined && (searchable.has(wire.name) || wire.suffix !== 'searchable')) continue;
    setOwn(plain, wire.name, value);
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
    const inner = servedForm(definition, property.type, ownValue(values, name));
    if (inner !== undefined) setOwn(served, name, inner);
  }
  return served;
}
