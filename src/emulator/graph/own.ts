/**
 * Lookups by a name that came from a request (a content type, property, language). Such
 * names are data: in a plain object `record["constructor"]` finds Object.prototype's
 * function, so every access by such a name is an own-key lookup. Kept in the emulator (not
 * shared with the client side) so the emulator depends on no client module.
 */

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value stored under `name` itself; undefined for a missing name, even one Object.prototype has. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}
