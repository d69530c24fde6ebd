import { changedField, pathSegments, type Change, type ChangeKind } from '../diff/change.js';
import { ownValue, setOwn } from '../model/own.js';
import type { ContentTypeDefinition, PartialTypesBody, SourceDefinition } from '../model/types.js';
import { wireDefinition } from '../model/wire.js';
import { readDefinition } from '../graph/read-definition.js';
import type { SourceLabels } from '../graph/types.js';

export function typesPath(id: string): string {
  return `/api/content/v3/types?id=${encodeURIComponent(id)}`;
}

/** The sources API for one source: POST sets its label and description, DELETE deletes it. */
export function sourcesPath(id: string): string {
  return `/api/content/v3/sources?id=${encodeURIComponent(id)}`;
}

/**
 * The POST sources body: both fields, nothing else (the service requires exactly these);
 * an undeclared label or description is sent as empty.
 */
export function labelsBody(definition: SourceDefinition): SourceLabels {
  return { label: definition.label ?? '', description: definition.description ?? '' };
}

/**
 * The PUT body: the definition exactly as declared, in declared order, every published field
 * and every unknown field (the client spreads those back into their level on the wire). A
 * property type's property `name` is filled from its key, since the service's format carries it.
 */
export function fullBody(definition: SourceDefinition): SourceDefinition {
  // Through the wire form and back: exactly the fields that go on the wire, names filled.
  const read = readDefinition(wireDefinition(definition));
  if (!read.ok) throw new Error(`a validated definition did not read back from its wire form: ${read.problem}`);
  return read.definition;
}

/** Content type fields that a partial update clears by sending null: absence could read as "unchanged". */
const CLEARED_BY_NULL: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['contentType.displayNameChanged', 'contentType.descriptionChanged']);

/**
 * The POST body: every declared language, only the content types that are added or
 * changed, each with its complete property list (the service replaces a listed type's
 * properties), and the source-level settings the source holds (links, useTypedFieldNames,
 * preset, unknown fields), unchanged, so a service that read their absence as "reset" could
 * not lose them. A property whose `searchable` goes from true to false carries an explicit
 * `searchable: false`, and a display name, description or help text that is removed an
 * explicit null, so the service cannot read an absence as "unchanged".
 *
 * A change that only adds a language sends `contentTypes: {}`: the body must have the
 * key, and resending unchanged content types would only start needless re-indexing.
 */
export function partialBody(definition: SourceDefinition, changes: readonly Change[]): PartialTypesBody {
  const touched = new Set<string>();
  const cleared: Array<{ typeName: string; propertyName: string | undefined; field: string }> = [];
  for (const change of changes) {
    const [root, typeName = '', , propertyName] = pathSegments(change.path);
    if (root !== 'contentTypes') continue;
    touched.add(typeName);
    if (change.after === null && (CLEARED_BY_NULL.has(change.kind) || change.kind === 'property.helpTextChanged')) {
      cleared.push({ typeName, propertyName: change.kind === 'property.helpTextChanged' ? propertyName : undefined, field: changedField(change.kind) ?? '' });
    }
    if (change.kind === 'property.searchableChanged' && change.after === false) cleared.push({ typeName, propertyName, field: 'searchable' });
  }
  const contentTypes: Record<string, ContentTypeDefinition> = {};
  for (const [name, contentType] of Object.entries(definition.contentTypes)) {
    if (touched.has(name)) setOwn(contentTypes, name, structuredClone(contentType));
  }
  for (const { typeName, propertyName, field } of cleared) {
    const contentType = ownValue(contentTypes, typeName);
    const target: object | undefined = propertyName === undefined ? contentType : ownValue(contentType?.properties, propertyName);
    if (target !== undefined) setOwn(target as Record<string, boolean | null>, field, field === 'searchable' ? false : null);
  }
  return {
    languages: [...definition.languages],
    contentTypes,
    ...(definition.preset === undefined ? {} : { preset: definition.preset }),
    ...(definition.useTypedFieldNames === undefined ? {} : { useTypedFieldNames: definition.useTypedFieldNames }),
    ...(definition.links === undefined ? {} : { links: structuredClone(definition.links) }),
    ...(definition.unknownFields === undefined ? {} : { unknownFields: structuredClone(definition.unknownFields) }),
  };
}
