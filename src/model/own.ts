/**
 * Lookups and writes by a user-given name (a content type, property, language or source
 * id). Such names are data, not keys: in a plain object `record["toString"]` finds
 * Object.prototype's function and `record["__proto__"] = x` replaces the prototype, so
 * every access by a name that came from a file, a flag or the service goes through these.
 */

/** The value stored under `name` itself; undefined for a missing name, even one Object.prototype has. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Whether `name` is one of the record's own keys (never an inherited member such as `constructor`). */
export function hasOwnName(record: Readonly<Record<string, unknown>> | undefined, name: string): boolean {
  return record !== undefined && Object.hasOwn(record, name);
}

/** Stores `value` under `name` as an own property, also when the name is `__proto__`. */
export function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/** A record from name/value pairs; every name becomes an own property, `__proto__` too. */
export function recordFrom<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record: Record<string, T> = {};
  // Assignment is several times faster than Object.fromEntries; only `__proto__` is an
  // accessor on Object.prototype, so it alone must be defined instead.
  for (const [name, value] of entries) {
    if (name === '__proto__') setOwn(record, name, value);
    else record[name] = value;
  }
  return record;
}

/**
 * Copies the source's own enumerable properties onto the target, as a spread does: every
 * name becomes (or stays, in its place) an own property, `__proto__` too.
 */
export function assignOwn<T>(target: Record<string, T>, source: Readonly<Record<string, T>>): void {
  for (const name of Object.keys(source)) {
    if (name === '__proto__') setOwn(target, name, source[name] as T);
    else target[name] = source[name] as T;
  }
}
