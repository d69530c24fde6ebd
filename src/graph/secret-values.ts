import type { JsonValue } from '../diagnostics/errors.js';
import { REDACTED } from '../http/redact.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { SourceDeclaration, SourceDefinition } from '../model/types.js';
import type { SourceInfo } from './types.js';
import { wireDefinition } from '../model/wire.js';
import { readDefinition } from './read-definition.js';

/**
 * Values of a definition that hold one of graphform's configured secrets: a field the
 * service holds (a webhook credential set to the graph secret, say) or one a declaration
 * carries. graphform never writes them. A string that holds a secret becomes "[redacted]"
 * where it enters graphform (the graph client's answers, the declarations, the state), so
 * declarations, state, plan files and every rendering carry "[redacted]" there and compare
 * equal; only a request body on the wire carries the value, which the graph client reads
 * again from the service just before sending (revealSecretValues). The whole string goes,
 * not only the secret in it: the rest of "Bearer <secret>" is no use without it.
 */
export type HoldsSecret = (text: string) => boolean;

type Segments = ReadonlyArray<string | number>;

/** A JSON value with each string that holds a secret replaced by "[redacted]", and the dot-paths of those strings. */
export function maskSecretValues(value: JsonValue, holds: HoldsSecret): { value: JsonValue; paths: string[] } {
  const paths: string[] = [];
  const walk = (node: JsonValue, at: Segments): JsonValue => {
    if (typeof node === 'string') {
      if (node === REDACTED || !holds(node)) return node;
      paths.push(at.join('.'));
      return REDACTED;
    }
    return mapChildren(node, at, walk);
  };
  const masked = walk(value, []);
  return { value: masked, paths: paths.sort() };
}

/** The dot-paths of the strings that are "[redacted]" in a JSON value. */
export function redactedPaths(value: JsonValue): string[] {
  const paths: string[] = [];
  const walk = (node: JsonValue, at: Segments): JsonValue => {
    if (node === REDACTED) paths.push(at.join('.'));
    return typeof node === 'string' ? node : mapChildren(node, at, walk);
  };
  walk(value, []);
  return paths.sort();
}

/**
 * A request body with each "[redacted]" put back as the value the service holds at the same
 * path (`held`, its answer as read, never masked): a string that holds a secret, or is
 * "[redacted]" itself. A path where the service holds anything else is `missing`: sending
 * "[redacted]" would overwrite the service's secret, and sending what it holds now would not
 * be what the plan shows, so the caller refuses.
 */
export function revealSecretValues(body: JsonValue, held: JsonValue | undefined, holds: HoldsSecret): { value: JsonValue; missing: string[] } {
  const missing: string[] = [];
  const walk = (node: JsonValue, at: Segments): JsonValue => {
    if (node !== REDACTED) return typeof node === 'string' ? node : mapChildren(node, at, walk);
    const value = valueAt(held, at);
    if (typeof value === 'string' && (value === REDACTED || holds(value))) return value;
    missing.push(at.join('.'));
    return node;
  };
  const value = walk(body, []);
  return { value, missing: missing.sort() };
}

/** A definition with every value that holds a secret masked (see maskSecretValues); the same object when none does. */
export function maskDefinition(definition: SourceDefinition, holds: HoldsSecret): { definition: SourceDefinition; paths: string[] } {
  // Every declaration and every answer passes here: the wire form is built only for the rare one that holds a secret.
  if (!someString(definition, holds)) return { definition, paths: [] };
  const masked = maskSecretValues(wireDefinition(definition), holds);
  if (masked.paths.length === 0) return { definition, paths: [] };
  // Through the wire form and back, as fullBody does: the same definition, "[redacted]" in place.
  const read = readDefinition(masked.value);
  if (!read.ok) throw new Error(`a definition did not read back from its wire form once masked: ${read.problem}`);
  return { definition: read.definition, paths: masked.paths };
}

/** Each declaration whose definition holds a secret, with "[redacted]" in its place (maskDefinition); the others as they are. */
export function maskDeclarations(declarations: readonly SourceDeclaration[], holds: HoldsSecret): SourceDeclaration[] {
  return declarations.map((declaration) => {
    const masked = maskDefinition(declaration.definition, holds);
    return masked.paths.length === 0 ? declaration : { ...declaration, definition: masked.definition };
  });
}

/** The dot-paths (in the service's wire form) at which a definition holds "[redacted]". */
export function redactedDefinitionPaths(definition: SourceDefinition): string[] {
  // Every plan asks this of every source: the wire form is built only for the rare one that has any.
  return someString(definition, (text) => text === REDACTED) ? redactedPaths(wireDefinition(definition)) : [];
}

/** Whether any string in a value, at any depth, passes `test`. */
function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((item) => someString(item, test));
  if (value === null || typeof value !== 'object') return false;
  for (const key of Object.keys(value)) if (someString((value as Record<string, unknown>)[key], test)) return true;
  return false;
}

/** A source of the sources API with a label or description that holds a secret as "[redacted]". */
export function maskSourceInfo(source: SourceInfo, holds: HoldsSecret): SourceInfo {
  const { label, description } = source;
  const masked = maskSecretValues({ label, ...(description === undefined ? {} : { description }) }, holds);
  return masked.paths.length === 0 ? source : { ...source, ...(masked.value as Pick<SourceInfo, 'label' | 'description'>) };
}

/** A GET types answer as the service holds it, for revealSecretValues; undefined when it is not JSON. */
export function heldValue(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** One source's entry of a GET sources answer, in either of its forms (read-sources.ts), for revealSecretValues. */
export function heldSourceEntry(text: string, id: string): JsonValue | undefined {
  const value = heldValue(text);
  if (Array.isArray(value)) return value.find((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && item.id === id);
  return value !== null && typeof value === 'object' ? ownValue(value, id) : undefined;
}

/** Arrays and objects with `walk` applied to each child; the same node when no child changed. */
function mapChildren(node: JsonValue, at: Segments, walk: (child: JsonValue, at: Segments) => JsonValue): JsonValue {
  if (Array.isArray(node)) {
    const items = node.map((item, index) => walk(item, [...at, index]));
    return items.some((item, index) => item !== node[index]) ? items : node;
  }
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.keys(node).map((key) => [key, walk(ownValue(node, key) ?? null, [...at, key])] as const);
  return entries.some(([key, child]) => child !== ownValue(node, key)) ? recordFrom(entries) : node;
}

function valueAt(value: JsonValue | undefined, at: Segments): JsonValue | undefined {
  let node = value;
  for (const segment of at) {
    if (typeof segment === 'number') node = Array.isArray(node) ? node[segment] : undefined;
    else node = node !== null && typeof node === 'object' && !Array.isArray(node) ? ownValue(node, segment) : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}
