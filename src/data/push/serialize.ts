import type { DataRecord } from '../types.js';

/**
 * The record in the service's wire form, minified: the action line, then (for index) the
 * data line, each ending in "\n". `_id` is always sent as a string.
 */
export function serializeRecord(record: DataRecord): string {
  const action = JSON.stringify({ [record.action.kind]: { _id: record.action.id, language_routing: record.action.language } });
  return record.item === undefined ? `${action}\n` : `${action}\n${JSON.stringify(record.item)}\n`;
}
