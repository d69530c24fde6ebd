import type { JsonValue } from '../diagnostics/errors.js';

/** The stable change kinds (docs/plan-and-apply.md "The plan JSON"); scripts read them from plan JSON. */
export const CHANGE_KINDS = [
  'source.added',
  'source.removed',
  'source.labelChanged',
  'source.descriptionChanged',
  'source.languageAdded',
  'source.languageRemoved',
  'source.presetChanged',
  'source.typedFieldNamesChanged',
  'source.unknownFieldChanged',
  'link.added',
  'link.removed',
  'link.changed',
  'propertyType.added',
  'propertyType.removed',
  'propertyType.changed',
  'contentType.added',
  'contentType.removed',
  'contentType.baseChanged',
  'contentType.abstractChanged',
  'contentType.baseFieldChanged',
  'contentType.displayNameChanged',
  'contentType.descriptionChanged',
  'contentType.sortOrderChanged',
  'contentType.unknownFieldChanged',
  'property.added',
  'property.removed',
  'property.typeChanged',
  'property.searchableChanged',
  'property.indexChanged',
  'property.skipChanged',
  'property.helpTextChanged',
  'property.refChanged',
  'property.unknownFieldChanged',
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
 * - a field change (FIELD_CHANGES below: preset, useTypedFieldNames, a content type's base,
 *   displayName, description, sortOrder, a property's index, skip, helpText, ref): the field's
 *   path, its two values (null for absent)
 * - link.added / link.removed / link.changed: `links.<name>`, the canonical link
 * - *.unknownFieldChanged: `[contentTypes.<Type>.[properties.<Name>.]]unknownFields.<field>`,
 *   the two JSON values of a field graphform does not know (null for absent)
 */
export interface Change {
  kind: ChangeKind;
  path: string;
  before: JsonValue;
  after: JsonValue;
}

/**
 * The kinds that change one field of one level, by the level and the field's name: diff,
 * patch and the renderers read them from here instead of a case each.
 */
export const FIELD_CHANGES = {
  source: { preset: 'source.presetChanged', useTypedFieldNames: 'source.typedFieldNamesChanged' },
  contentType: {
    base: 'contentType.baseFieldChanged',
    displayName: 'contentType.displayNameChanged',
    description: 'contentType.descriptionChanged',
    sortOrder: 'contentType.sortOrderChanged',
  },
  property: { index: 'property.indexChanged', skip: 'property.skipChanged', helpText: 'property.helpTextChanged', ref: 'property.refChanged' },
} as const satisfies Record<string, Record<string, ChangeKind>>;

type FieldKindOf<T> = T extends Record<string, infer K> ? K : never;
export type FieldChangeKind = FieldKindOf<(typeof FIELD_CHANGES)[keyof typeof FIELD_CHANGES]>;

export type UnknownFieldChangeKind = 'source.unknownFieldChanged' | 'contentType.unknownFieldChanged' | 'property.unknownFieldChanged';

export const UNKNOWN_FIELD_KINDS: ReadonlySet<ChangeKind> = new Set<UnknownFieldChangeKind>([
  'source.unknownFieldChanged',
  'contentType.unknownFieldChanged',
  'property.unknownFieldChanged',
]);

export function isUnknownFieldChangeKind(kind: ChangeKind): kind is UnknownFieldChangeKind {
  return UNKNOWN_FIELD_KINDS.has(kind);
}

const FIELD_KIND_NAMES: ReadonlyMap<ChangeKind, string> = new Map(
  Object.values(FIELD_CHANGES).flatMap((fields) => Object.entries(fields).map(([field, kind]) => [kind as ChangeKind, field] as const)),
);

/** The field a field change sets (`displayName`, `index`…), or undefined for any other kind. */
export function changedField(kind: ChangeKind): string | undefined {
  return FIELD_KIND_NAMES.get(kind);
}

export function isFieldChangeKind(kind: ChangeKind): kind is FieldChangeKind {
  return FIELD_KIND_NAMES.has(kind);
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
