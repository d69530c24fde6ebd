import { parseWireName, SEARCHABLE_SUFFIX, WireNames } from '../../data/wire-names.js';
import { isRecord } from './own.js';
import type { ContentSourceV3 } from './wire-definition.js';

/**
 * The searchable properties of an item whose value arrived under another name than the
 * searchable one (`Name` where the definition asks `Name___searchable`): the emulator
 * stores such a value, but GraphQL serves a property only from the name its definition gives
 * (graphql/served-fields.ts), so neither a query nor full-text search sees it (the vendor's
 * clients send that name; whether the real service indexes the plain one is not published).
 * Top-level properties of the item's most-derived content type, by their plain names.
 */
export function unsearchableFields(names: WireNames, typeName: string, data: Record<string, unknown>): string[] {
  const table = names.contentType(typeName);
  if (table === undefined) return [];
  const searchableArrived = new Set<string>();
  const otherArrived = new Set<string>();
  for (const key of Object.keys(data)) {
    const field = table.byWire.get(key) ?? table.byPlain.get(key);
    const parsed = parseWireName(key);
    const name = field?.name ?? parsed.name;
    if (parsed.suffix === 'searchable') searchableArrived.add(name);
    else otherArrived.add(name);
  }
  const found: string[] = [];
  for (const field of table.byPlain.values()) {
    if (field.wire.endsWith(SEARCHABLE_SUFFIX) && otherArrived.has(field.name) && !searchableArrived.has(field.name)) found.push(field.name);
  }
  return found;
}

/** The source's wire names, for a definition as stored. */
export function wireNamesFor(definition: ContentSourceV3): WireNames {
  return new WireNames(definition);
}

/**
 * Whether a data line may hold a searchable property under another name, from its text
 * alone: only then is it parsed. `"Name":` is in the text of every line that has the key
 * `Name` (keys are written without escapes by every client the emulator knows; a line that
 * escapes one is only not named in the log).
 */
export function mayHoldUnsearchable(names: WireNames, typeName: string, raw: string): boolean {
  const table = names.contentType(typeName);
  if (table === undefined) return false;
  for (const field of table.byPlain.values()) {
    if (field.wire.endsWith(SEARCHABLE_SUFFIX) && raw.includes(`"${field.name}`) && !raw.includes(`"${field.wire}"`)) return true;
  }
  return false;
}

/** The data line as an object, or undefined (the parser took it as JSON already). */
export function dataObject(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
