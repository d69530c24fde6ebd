import type { DataAction, DataRecord } from '../types.js';

/**
 * The record in the service's wire form, minified: the action line, then (for index) the
 * data line, each ending in "\n". `_id` is always sent as a string.
 */
export function serializeRecord(record: DataRecord): string {
  const action = serializeAction(record.action);
  if (record.dataLine !== undefined) return `${action}\n${record.dataLine}\n`;
  return record.item === undefined ? `${action}\n` : `${action}\n${JSON.stringify(record.item)}\n`;
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
