import type { WireNames, WireTable } from '../wire-names.js';
import type { JsonSchema } from './item-schema.js';

/**
 * How the quick check (clean-lines.ts) sees a content type's keys under wire names: which
 * keys are one property (its plain and its wire name share a slot, so a line with both is
 * not clean), and which are a plain name the push must rename.
 */
export function wireGroups(names: readonly string[], table: WireTable | undefined): { group: Int32Array; renamed: Uint8Array } {
  const group = new Int32Array(names.length);
  const renamed = new Uint8Array(names.length);
  names.forEach((name, at) => {
    group[at] = at;
    const field = table?.byPlain.get(name) ?? table?.byWire.get(name);
    // A routing or service field of the same name is not the property: only the property's own two names pair up.
    if (field === undefined || (name !== field.name && name !== field.wire)) return;
    const plainAt = names.indexOf(field.name);
    if (plainAt >= 0) group[at] = plainAt;
    if (name === field.name && field.wire !== field.name) renamed[at] = 1;
  });
  return { group, renamed };
}

/**
 * The item schema with each property type's value taking only wire names: a nested value
 * under plain names is checked (and renamed) the full way, so the quick check needs to
 * track renames at the top of the line only. Stricter than the full check, never looser.
 */
export function wireOnlyInside(schema: JsonSchema, wire: WireNames): JsonSchema {
  if (schema.definitions === undefined || !wire.renames) return schema;
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, nested] of Object.entries(schema.definitions)) {
    const table = wire.propertyType(name);
    const properties = nested.properties;
    if (table === undefined || properties === undefined) {
      Object.defineProperty(definitions, name, { value: nested, enumerable: true, writable: true, configurable: true });
      continue;
    }
    const kept: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(properties)) {
      const field = table.byPlain.get(key);
      if (field !== undefined && field.wire !== key) continue;
      Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true });
    }
    Object.defineProperty(definitions, name, { value: { ...nested, properties: kept }, enumerable: true, writable: true, configurable: true });
  }
  return { ...schema, definitions };
}

/** A problem: the line is not clean, or (before its ContentType was seen) may be of another type. */
