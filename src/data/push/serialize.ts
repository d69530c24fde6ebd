import type { DataAction, DataRecord } from '../types.js';
import type { WireNames } from '../wire-names.js';

/**
 * The record in the service's wire form, minified: the action line, then (for index) the
 * data line, each ending in "\n". `_id` is always sent as a string. With the source's wire
 * names (when some differ from the plain ones), every declared property goes under its wire
 * name (wire-names.ts); a data line already in that form goes as it was read.
 */
export function serializeRecord(record: DataRecord, wire?: WireNames): string {
  const action = serializeAction(record.action);
  if (wire !== undefined && wire.renames && record.action.kind === 'index') {
    const renamed = renamedLine(record, wire);
    if (renamed !== undefined) return `${action}\n${renamed}\n`;
  }
  if (record.dataLine !== undefined) return `${action}\n${record.dataLine}\n`;
  return record.item === undefined ? `${action}\n` : `${action}\n${JSON.stringify(record.item)}\n`;
}

/** The data line with its properties under their wire names; undefined when it holds none to rename. */
function renamedLine(record: DataRecord, wire: WireNames): string | undefined {
  if (record.dataLine !== undefined) {
    // Most lines: their keys replaced in the text, nothing parsed.
    const renamed = wire.renameLine(record.dataLine);
    if (renamed !== undefined) return renamed === record.dataLine ? undefined : renamed;
  }
  const item = record.item ?? (record.dataLine === undefined ? undefined : parsedObject(record.dataLine));
  if (item === undefined) return undefined;
  const types = item.ContentType;
  const typeName = Array.isArray(types) ? types[types.length - 1] : undefined;
  if (typeof typeName !== 'string' || !wire.needsRename(item, typeName)) return undefined;
  return JSON.stringify(wire.toWire(item, typeName));
}

function parsedObject(text: string): Record<string, unknown> | undefined {
  // The line passed validation: it is JSON. An object is all that can hold a property.
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The action line as graphform sends it, without its newline. */
export function serializeAction(action: DataAction): string {
  // What JSON.stringify of the object gives, built without the object: validation checks every action line against it.
  return `{"${action.kind}":{"_id":${JSON.stringify(action.id)},"language_routing":${JSON.stringify(action.language)}}}`;
}

/**
 * True when a JSON text has no whitespace outside its strings, so sending it as it is equals
 * sending it re-serialized. A scan is much cheaper than JSON.parse + JSON.stringify.
 */
export function isMinifiedJson(text: string): boolean {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c <= 0x20) return false;
  }
  return true;
}
