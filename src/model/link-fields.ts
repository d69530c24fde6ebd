import { WireNames, type WireFlags, type WireShape } from '../data/wire-names.js';
import { isRecord } from './is-record.js';
import { setOwn } from './own.js';

/**
 * The wire name a link's `from` should have when it names a property of the source by its
 * plain name and that property's wire name differs (`City` for a searchable City:
 * `City___searchable`). The vendor's client names link fields as the items carry them, by
 * their wire names, so a link `from: City` would join on a field no item has. Undefined when
 * `from` is no property's plain name, is its wire name already, or the content types that
 * have the property send it differently. Reads a declaration as written (any shape).
 */
export function linkFromWireName(declaration: unknown, from: string): string | undefined {
  const wires = wireNamesOf(declaration, from);
  const [wire] = [...wires];
  return wires.size === 1 && wire !== from ? wire : undefined;
}

/**
 * The same for a link's `to`, which names a field of another source's items (the published
 * `LinkConfig` does not say which source): the wire name when the declarations that have a
 * property of that plain name all send it under one other name, with the ids of those
 * sources. The vendor's client writes both ends of a link by their wire names.
 */
export function linkToWireName(declarations: ReadonlyArray<{ id: string; declaration: unknown }>, to: string): { wire: string; sources: string[] } | undefined {
  const wires = new Set<string>();
  const sources: string[] = [];
  for (const { id, declaration } of declarations) {
    const found = wireNamesOf(declaration, to);
    if (found.size === 0) continue;
    sources.push(id);
    for (const wire of found) wires.add(wire);
  }
  const [wire] = [...wires];
  return wire !== undefined && wires.size === 1 && wire !== to ? { wire, sources } : undefined;
}

/** Every wire name the declaration's content types send a property of plain name `name` under. */
function wireNamesOf(declaration: unknown, name: string): Set<string> {
  const found = new Set<string>();
  const shape = wireShape(declaration);
  if (shape === undefined) return found;
  const names = new WireNames(shape);
  for (const type of Object.keys(shape.contentTypes ?? {})) {
    const field = names.contentType(type)?.byPlain.get(name);
    if (field !== undefined) found.add(field.wire);
  }
  return found;
}

/** The parts of a declaration the wire names depend on, with every value checked: the file may not have passed the schema check. */
function wireShape(value: unknown): WireShape | undefined {
  if (!isRecord(value)) return undefined;
  const contentTypes: Record<string, { contentType: string[]; properties: Record<string, WireFlags> }> = {};
  for (const [name, raw] of Object.entries(isRecord(value.contentTypes) ? value.contentTypes : {})) {
    if (!isRecord(raw)) continue;
    const bases = Array.isArray(raw.contentType) ? raw.contentType.filter((base): base is string => typeof base === 'string') : [];
    setOwn(contentTypes, name, { contentType: bases, properties: flagsOf(raw.properties) });
  }
  const propertyTypes: Record<string, { properties: Record<string, WireFlags> }> = {};
  for (const [name, raw] of Object.entries(isRecord(value.propertyTypes) ? value.propertyTypes : {})) {
    if (isRecord(raw)) setOwn(propertyTypes, name, { properties: flagsOf(raw.properties) });
  }
  return { useTypedFieldNames: value.useTypedFieldNames === true, contentTypes, propertyTypes };
}

function flagsOf(value: unknown): Record<string, WireFlags> {
  const out: Record<string, WireFlags> = {};
  for (const [name, raw] of Object.entries(isRecord(value) ? value : {})) {
    if (isRecord(raw) && typeof raw.type === 'string') setOwn(out, name, { type: raw.type, searchable: raw.searchable === true, skip: raw.skip === true });
  }
  return out;
}
