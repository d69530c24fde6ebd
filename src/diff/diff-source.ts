import type { JsonValue } from '../diagnostics/errors.js';
import { canonicalAsJson, canonicalDefinition, canonicalJson, canonicalText, compareText, sortDeep } from '../model/canonical.js';
import { ownValue } from '../model/own.js';
import type { ContentTypeDefinition, PropertyDefinition, SourceDefinition, UnknownFields } from '../model/types.js';
import { compareChanges, FIELD_CHANGES, type Change, type ChangeKind } from './change.js';

/**
 * What it takes to go from `applied` (last applied, from state) to `desired` (declared).
 * Both sides are compared in canonical form, so key, property and language order never
 * produce a change. Undefined on one side means the source is added or removed. Every
 * published field and every unknown field is compared: nothing the service holds is
 * invisible to the plan.
 */
export function diffSource(applied: SourceDefinition | undefined, desired: SourceDefinition | undefined): Change[] {
  return diffCanonical(applied === undefined ? undefined : canonicalDefinition(applied), desired === undefined ? undefined : canonicalDefinition(desired));
}

/**
 * diffSource of two definitions already in canonical form (canonicalDefinition), for a
 * caller that compares one definition with several: each is made canonical once. An added
 * or removed source's change holds the canonical form it was given.
 */
export function diffCanonical(before: SourceDefinition | undefined, after: SourceDefinition | undefined): Change[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [change('source.added', '', null, canonicalAsJson(after as SourceDefinition))];
  if (after === undefined) return [change('source.removed', '', canonicalAsJson(before), null)];
  // Equal canonical forms mean no change at all: the common case, without comparing field by field.
  if (canonicalText(before) === canonicalText(after)) return [];

  const changes: Change[] = [];
  if ((before.label ?? '') !== (after.label ?? '')) changes.push(change('source.labelChanged', 'label', before.label ?? '', after.label ?? ''));
  if ((before.description ?? '') !== (after.description ?? '')) {
    changes.push(change('source.descriptionChanged', 'description', before.description ?? '', after.description ?? ''));
  }
  for (const code of after.languages) {
    if (!before.languages.includes(code)) changes.push(change('source.languageAdded', `languages.${code}`, null, code));
  }
  for (const code of before.languages) {
    if (!after.languages.includes(code)) changes.push(change('source.languageRemoved', `languages.${code}`, code, null));
  }
  changes.push(...diffFields('', FIELD_CHANGES.source, before, after));
  changes.push(...diffUnknown('', 'source.unknownFieldChanged', before.unknownFields, after.unknownFields));
  changes.push(...diffRecord(before.links ?? {}, after.links ?? {}, 'links', 'link'));
  changes.push(...diffRecord(before.propertyTypes ?? {}, after.propertyTypes ?? {}, 'propertyTypes', 'propertyType'));
  changes.push(...diffRecord(before.contentTypes, after.contentTypes, 'contentTypes', 'contentType'));
  for (const name of Object.keys(after.contentTypes)) {
    const was = ownValue(before.contentTypes, name);
    const now = ownValue(after.contentTypes, name);
    if (was !== undefined && now !== undefined) changes.push(...diffContentType(`contentTypes.${name}`, was, now));
  }
  return changes.sort(compareChanges);
}

function diffContentType(path: string, before: ContentTypeDefinition, after: ContentTypeDefinition): Change[] {
  const changes: Change[] = [];
  if (JSON.stringify(before.contentType) !== JSON.stringify(after.contentType)) {
    changes.push(change('contentType.baseChanged', `${path}.contentType`, [...before.contentType], [...after.contentType]));
  }
  const wasAbstract = before.abstract === true;
  const isAbstract = after.abstract === true;
  if (wasAbstract !== isAbstract) changes.push(change('contentType.abstractChanged', `${path}.abstract`, wasAbstract, isAbstract));
  changes.push(...diffFields(path, FIELD_CHANGES.contentType, before, after));
  changes.push(...diffUnknown(path, 'contentType.unknownFieldChanged', before.unknownFields, after.unknownFields));

  const names = new Set([...Object.keys(before.properties), ...Object.keys(after.properties)]);
  for (const name of [...names].sort(compareText)) {
    const was = ownValue(before.properties, name);
    const now = ownValue(after.properties, name);
    const propertyPath = `${path}.properties.${name}`;
    if (was === undefined && now !== undefined) changes.push(change('property.added', propertyPath, null, sortDeep(now)));
    else if (was !== undefined && now === undefined) changes.push(change('property.removed', propertyPath, sortDeep(was), null));
    else if (was !== undefined && now !== undefined) changes.push(...diffProperty(propertyPath, was, now));
  }
  return changes;
}

function diffProperty(path: string, was: PropertyDefinition, now: PropertyDefinition): Change[] {
  const changes: Change[] = [];
  if (was.type !== now.type) changes.push(change('property.typeChanged', `${path}.type`, was.type, now.type));
  const wasSearchable = was.searchable === true;
  const isSearchable = now.searchable === true;
  if (wasSearchable !== isSearchable) changes.push(change('property.searchableChanged', `${path}.searchable`, wasSearchable, isSearchable));
  changes.push(...diffFields(path, FIELD_CHANGES.property, was, now));
  changes.push(...diffUnknown(path, 'property.unknownFieldChanged', was.unknownFields, now.unknownFields));
  return changes;
}

/** One change per field of `fields` whose canonical value differs; null stands for absent. */
function diffFields(path: string, fields: Readonly<Record<string, ChangeKind>>, before: object, after: object): Change[] {
  const changes: Change[] = [];
  for (const [field, kind] of Object.entries(fields)) {
    const was = (before as Record<string, unknown>)[field];
    const now = (after as Record<string, unknown>)[field];
    // canonicalJson sorts as it writes: the sorted copies are made only for a change.
    if (was === undefined && now === undefined) continue;
    if (canonicalJson(was) !== canonicalJson(now))
      changes.push(change(kind, path === '' ? field : `${path}.${field}`, fieldValue(before, field), fieldValue(after, field)));
  }
  return changes;
}

function diffUnknown(path: string, kind: ChangeKind, before: UnknownFields | undefined, after: UnknownFields | undefined): Change[] {
  const changes: Change[] = [];
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of [...names].sort(compareText)) {
    const was = ownValue(before, name) ?? null;
    const now = ownValue(after, name) ?? null;
    const fieldPath = `${path === '' ? '' : `${path}.`}unknownFields.${name}`;
    if (canonicalJson(was) !== canonicalJson(now)) changes.push(change(kind, fieldPath, sortDeep(was), sortDeep(now)));
  }
  return changes;
}

function fieldValue(level: object, field: string): JsonValue {
  const value = (level as Record<string, unknown>)[field];
  return value === undefined ? null : sortDeep(value);
}

/** Added and removed entries of a name → definition map; for property types and links, any difference. */
function diffRecord(
  before: Readonly<Record<string, object>>,
  after: Readonly<Record<string, object>>,
  prefix: 'propertyTypes' | 'contentTypes' | 'links',
  kind: 'propertyType' | 'contentType' | 'link',
): Change[] {
  const changes: Change[] = [];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of [...names].sort(compareText)) {
    const was = ownValue(before, name);
    const now = ownValue(after, name);
    const path = `${prefix}.${name}`;
    if (was === undefined) changes.push(change(`${kind}.added`, path, null, sortDeep(now)));
    else if (now === undefined) changes.push(change(`${kind}.removed`, path, sortDeep(was), null));
    else if (kind !== 'contentType' && canonicalJson(was) !== canonicalJson(now)) {
      changes.push(change(kind === 'link' ? 'link.changed' : 'propertyType.changed', path, sortDeep(was), sortDeep(now)));
    }
  }
  return changes;
}

function change(kind: ChangeKind, path: string, before: Change['before'], after: Change['after']): Change {
  return { kind, path, before, after };
}
