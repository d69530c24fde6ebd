import { isRecord } from './own.js';

/**
 * Small checks that describe a JSON shape field by field, for the types endpoints' bodies:
 * a check throws a ShapeError naming the path of the first field that is wrong, and `run`
 * turns that into a result. Objects are closed (an unknown field is refused, as the
 * published schemas say `additionalProperties: false`); maps take any names their caller
 * allows. Names from the body are only ever looked up as own keys of our own specs.
 */
export type ShapeResult<T> = { ok: true; value: T } | { ok: false; message: string };

export type Check = (value: unknown, path: string) => void;

class ShapeError extends Error {}

export function fail(message: string): never {
  throw new ShapeError(message);
}

export function run<T>(check: () => T): ShapeResult<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, message: error.message };
    throw error;
  }
}

export function object(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) fail(`${path} must be an object`);
  return value;
}

export const string: Check = (value, path) => {
  if (typeof value !== 'string') fail(`${path} must be a string`);
};

/** OpenAPI's `nullable: true` string (`Optional_string_`). */
export const nullableString: Check = (value, path) => {
  if (value !== null && typeof value !== 'string') fail(`${path} must be a string or null`);
};

export const boolean: Check = (value, path) => {
  if (typeof value !== 'boolean') fail(`${path} must be true or false`);
};

export const number: Check = (value, path) => {
  if (typeof value !== 'number') fail(`${path} must be a number`);
};

export const stringArray: Check = (value, path) => {
  if (!Array.isArray(value)) fail(`${path} must be an array of strings`);
  value.forEach((item, i) => string(item, `${path}[${i}]`));
};

export function oneOf(allowed: readonly string[]): Check {
  return (value, path) => {
    if (typeof value !== 'string' || !allowed.includes(value)) fail(`${path} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  };
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/** A closed object: only the fields of `spec`, each checked when present, the `required` ones present. */
export function closedObject(spec: Readonly<Record<string, Check>>, required: readonly string[] = []): Check {
  return (value, path) => {
    const fields = object(value, path === '' ? 'the body' : path);
    for (const key of Object.keys(fields)) {
      if (!Object.hasOwn(spec, key)) fail(`unknown field ${join(path, key)}`);
    }
    for (const key of required) {
      if (!Object.hasOwn(fields, key)) fail(`${join(path, key)} is required`);
    }
    for (const [key, check] of Object.entries(spec)) {
      if (Object.hasOwn(fields, key)) check(fields[key], join(path, key));
    }
  };
}

/** A map of names to values of one shape; `name` checks each name. */
export function mapOf(check: Check, name?: (key: string, path: string) => void): Check {
  return (value, path) => {
    const map = object(value, path);
    for (const [key, entry] of Object.entries(map)) {
      name?.(key, path);
      check(entry, `${path}.${key}`);
    }
  };
}
