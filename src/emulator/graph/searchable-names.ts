import { definedKeys, readKey, SEARCHABLE_SUFFIX, type DefinedKeys } from './field-keys.js';
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
export function unsearchableFields(names: SourceKeys, typeName: string, data: Record<string, unknown>): string[] {
  const keys = names.of(typeName);
  if (keys === undefined) return [];
  const searchableArrived = new Set<string>();
  const otherArrived = new Set<string>();
  for (const key of Object.keys(data)) {
    const reading = readKey(key);
    // A declared name wins over a reading of it: a property may itself be called `Title___skip`.
    const name = keys.nameOf.get(key) ?? (keys.keyOf.has(key) ? key : reading.name);
    (reading.searchable ? searchableArrived : otherArrived).add(name);
  }
  const found: string[] = [];
  for (const [name, key] of keys.keyOf) {
    if (key.endsWith(SEARCHABLE_SUFFIX) && otherArrived.has(name) && !searchableArrived.has(name)) found.push(name);
  }
  return found;
}

/** The defined keys of a source's content types, worked out for each type when first asked. */
export class SourceKeys {
  private readonly byType = new Map<string, DefinedKeys | undefined>();

  constructor(private readonly definition: ContentSourceV3) {}

  of(typeName: string): DefinedKeys | undefined {
    if (!this.byType.has(typeName)) this.byType.set(typeName, definedKeys(this.definition, typeName));
    return this.byType.get(typeName);
  }
}

/** The source's defined keys, for a definition as stored. */
export function sourceKeysFor(definition: ContentSourceV3): SourceKeys {
  return new SourceKeys(definition);
}

/**
 * Whether a data line may hold a searchable property under another name, from its text
 * alone: only then is it parsed. `"Name":` is in the text of every line that has the key
 * `Name` (keys are written without escapes by every client the emulator knows; a line that
 * escapes one is only not named in the log).
 */
export function mayHoldUnsearchable(names: SourceKeys, typeName: string, raw: string): boolean {
  const keys = names.of(typeName);
  if (keys === undefined) return false;
  for (const [name, key] of keys.keyOf) {
    if (key.endsWith(SEARCHABLE_SUFFIX) && raw.includes(`"${name}`) && !raw.includes(`"${key}"`)) return true;
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
