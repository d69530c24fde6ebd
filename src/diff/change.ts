import type { JsonValue } from '../diagnostics/errors.js';

/** The stable change kinds (DESIGN.md section 6); scripts read them from plan JSON. */
export const CHANGE_KINDS = [
  'source.added',
  'source.removed',
  'source.labelChanged',
  'source.descriptionChanged',
  'source.languageAdded',
  'source.languageRemoved',
  'propertyType.added',
  'propertyType.removed',
  'propertyType.changed',
  'contentType.added',
  'contentType.removed',
  'contentType.baseChanged',
  'contentType.abstractChanged',
  'property.added',
  'property.removed',
  'property.typeChanged',
  'property.searchableChanged',
] as const;

export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * One difference between the applied and the desired definition of a source: a plain,
 * serialisable record. Messages, symbols and the action are derived from it by pure
 * functions, so a change can be stored in a plan file and rendered again later.
 *
 * Paths and values (null stands for "absent"):
 * - source.added / source.removed: path '', the whole canonical definition
 * - source.labelChanged: `label`, the two labels
 * - source.descriptionChanged: `description`, the two descriptions ('' for none)
 * - source.languageAdded / source.languageRemoved: `languages.<code>`, the code
 * - propertyType.*: `propertyTypes.<Name>`, the canonical property type
 * - contentType.added / contentType.removed: `contentTypes.<Name>`, the canonical content type
 * - contentType.baseChanged: `contentTypes.<Name>.contentType`, the two base lists
 * - contentType.abstractChanged: `contentTypes.<Name>.abstract`, two booleans
 * - property.added / property.removed: `contentTypes.<Type>.properties.<Name>`, the canonical property
 * - property.typeChanged: `contentTypes.<Type>.properties.<Name>.type`, the two type names
 * - property.searchableChanged: `contentTypes.<Type>.properties.<Name>.searchable`, two booleans
 */
export interface Change {
  kind: ChangeKind;
  path: string;
  before: JsonValue;
  after: JsonValue;
}

export function isChangeKind(value: unknown): value is ChangeKind {
  return typeof value === 'string' && (CHANGE_KINDS as readonly string[]).includes(value);
}

/** Sorted by path, then kind, then values: the same changes always list the same way. */
export function compareChanges(a: Change, b: Change): number {
  return (
    compare(a.path, b.path) ||
    compare(a.kind, b.kind) ||
    compare(JSON.stringify(a.before), JSON.stringify(b.before)) ||
    compare(JSON.stringify(a.after), JSON.stringify(b.after))
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The segments of a change path; names are GraphQL names and language codes, never dotted. */
export function pathSegments(path: string): string[] {
  return path === '' ? [] : path.split('.');
}
