import type { JsonValue } from '../diagnostics/errors.js';
import { hasOwnName, ownValue, setOwn } from '../model/own.js';
import type { ContentTypeDefinition, LinkDefinition, PropertyDefinition, PropertyTypeDefinition, SourceDefinition, UnknownFields } from '../model/types.js';
import { changedField, isFieldChangeKind, isUnknownFieldChangeKind, pathSegments, type Change, type ChangeKind } from './change.js';

/**
 * Replays changes on a definition: applyChanges(a, diffSource(a, b)) means the same as b.
 * Order of existing keys is kept, so replaying on a declared definition stays readable.
 * Renderers use revertChanges to show the applied side of a request body.
 */
export function applyChanges(definition: SourceDefinition | undefined, changes: readonly Change[]): SourceDefinition | undefined {
  let current = definition === undefined ? undefined : structuredClone(definition);
  for (const change of changes) current = applyOne(current, change);
  return current;
}

/** The definition before the changes, from the one after them. */
export function revertChanges(definition: SourceDefinition | undefined, changes: readonly Change[]): SourceDefinition | undefined {
  return applyChanges(definition, [...changes].reverse().map(invertChange));
}

export function invertChange(change: Change): Change {
  return { kind: INVERSE[change.kind], path: change.path, before: change.after, after: change.before };
}

const INVERSE: Readonly<Record<ChangeKind, ChangeKind>> = {
  'source.added': 'source.removed',
  'source.removed': 'source.added',
  'source.labelChanged': 'source.labelChanged',
  'source.descriptionChanged': 'source.descriptionChanged',
  'source.languageAdded': 'source.languageRemoved',
  'source.languageRemoved': 'source.languageAdded',
  'propertyType.added': 'propertyType.removed',
  'propertyType.removed': 'propertyType.added',
  'propertyType.changed': 'propertyType.changed',
  'contentType.added': 'contentType.removed',
  'contentType.removed': 'contentType.added',
  'contentType.baseChanged': 'contentType.baseChanged',
  'contentType.abstractChanged': 'contentType.abstractChanged',
  'property.added': 'property.removed',
  'property.removed': 'property.added',
  'property.typeChanged': 'property.typeChanged',
  'property.searchableChanged': 'property.searchableChanged',
  'source.presetChanged': 'source.presetChanged',
  'source.typedFieldNamesChanged': 'source.typedFieldNamesChanged',
  'source.unknownFieldChanged': 'source.unknownFieldChanged',
  'link.added': 'link.removed',
  'link.removed': 'link.added',
  'link.changed': 'link.changed',
  'contentType.baseFieldChanged': 'contentType.baseFieldChanged',
  'contentType.displayNameChanged': 'contentType.displayNameChanged',
  'contentType.descriptionChanged': 'contentType.descriptionChanged',
  'contentType.sortOrderChanged': 'contentType.sortOrderChanged',
  'contentType.unknownFieldChanged': 'contentType.unknownFieldChanged',
  'property.indexChanged': 'property.indexChanged',
  'property.skipChanged': 'property.skipChanged',
  'property.helpTextChanged': 'property.helpTextChanged',
  'property.refChanged': 'property.refChanged',
  'property.unknownFieldChanged': 'property.unknownFieldChanged',
};

function applyOne(definition: SourceDefinition | undefined, change: Change): SourceDefinition | undefined {
  if (change.kind === 'source.added') return structuredClone(change.after) as unknown as SourceDefinition;
  if (change.kind === 'source.removed' || definition === undefined) return undefined;
  const [, typeName = '', , propertyName = ''] = pathSegments(change.path);
  // Names from the change path are user-given: own keys only, never Object.prototype's members.
  const contentType = (): ContentTypeDefinition | undefined => ownValue(definition.contentTypes, typeName);
  const property = (): PropertyDefinition | undefined => ownValue(contentType()?.properties, propertyName);
  const kind = change.kind;
  if (isFieldChangeKind(kind)) {
    setField(levelOf(definition, change), changedField(kind) ?? '', change.after);
    return definition;
  }
  if (isUnknownFieldChangeKind(kind)) {
    setUnknown(levelOf(definition, change), change);
    return definition;
  }
  switch (kind) {
    case 'source.labelChanged':
      if (change.after === '' || change.after === null) delete definition.label;
      else definition.label = String(change.after);
      break;
    case 'source.descriptionChanged':
      if (change.after === '' || change.after === null) delete definition.description;
      else definition.description = String(change.after);
      break;
    case 'source.languageAdded':
      if (!definition.languages.includes(String(change.after))) definition.languages.push(String(change.after));
      break;
    case 'source.languageRemoved':
      definition.languages = definition.languages.filter((code) => code !== change.before);
      break;
    case 'propertyType.added':
    case 'propertyType.changed':
      definition.propertyTypes = { ...definition.propertyTypes };
      setOwn(definition.propertyTypes, typeName, structuredClone(change.after) as unknown as PropertyTypeDefinition);
      break;
    case 'propertyType.removed':
      removeEntry(definition, 'propertyTypes', typeName);
      break;
    case 'contentType.added':
      setOwn(definition.contentTypes, typeName, structuredClone(change.after) as unknown as ContentTypeDefinition);
      break;
    case 'contentType.removed':
      if (hasOwnName(definition.contentTypes, typeName)) delete definition.contentTypes[typeName];
      break;
    case 'contentType.baseChanged': {
      const target = contentType();
      if (target !== undefined) target.contentType = [...(change.after as string[])];
      break;
    }
    case 'contentType.abstractChanged': {
      const target = contentType();
      if (target !== undefined && change.after === true) target.abstract = true;
      else if (target !== undefined) delete target.abstract;
      break;
    }
    case 'property.added': {
      const target = contentType();
      if (target !== undefined) setOwn(target.properties, propertyName, structuredClone(change.after) as unknown as PropertyDefinition);
      break;
    }
    case 'property.removed': {
      const target = contentType();
      if (target !== undefined && hasOwnName(target.properties, propertyName)) delete target.properties[propertyName];
      break;
    }
    case 'property.typeChanged': {
      const target = property();
      if (target !== undefined) target.type = String(change.after);
      break;
    }
    case 'property.searchableChanged': {
      const target = property();
      if (target !== undefined && change.after === true) target.searchable = true;
      else if (target !== undefined) delete target.searchable;
      break;
    }
    case 'link.added':
    case 'link.changed':
      definition.links = { ...definition.links };
      setOwn(definition.links, typeName, structuredClone(change.after) as unknown as LinkDefinition);
      break;
    case 'link.removed':
      removeEntry(definition, 'links', typeName);
      break;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown change kind ${String(unreachable)}`);
    }
  }
  return definition;
}

/**
 * The object a field change's path ends in: the source, a content type, or a property.
 * Paths are `field`, `contentTypes.<T>.field`, `contentTypes.<T>.properties.<P>.field`,
 * with `unknownFields.<name>` in place of `field` for fields graphform does not know.
 */
function levelOf(definition: SourceDefinition, change: Change): { unknownFields?: UnknownFields } | undefined {
  const segments = pathSegments(change.path);
  const at = segments.indexOf('unknownFields');
  const fieldAt = at >= 0 ? at : segments.length - 1;
  const [root, typeName = '', properties, propertyName = ''] = segments;
  if (fieldAt === 0) return definition;
  if (root !== 'contentTypes') return undefined;
  const contentType = ownValue(definition.contentTypes, typeName);
  if (fieldAt === 2) return contentType;
  return properties === 'properties' ? ownValue(contentType?.properties, propertyName) : undefined;
}

function setField(level: object | undefined, field: string, value: Change['after']): void {
  if (level === undefined) return;
  const record = level as Record<string, unknown>;
  if (value === null) delete record[field];
  else setOwn(record, field, structuredClone(value));
}

function setUnknown(level: { unknownFields?: UnknownFields } | undefined, change: Change): void {
  if (level === undefined) return;
  const segments = pathSegments(change.path);
  const name = segments.slice(segments.indexOf('unknownFields') + 1).join('.');
  if (change.after === null) {
    removeEntry(level, 'unknownFields', name);
    return;
  }
  const fields: UnknownFields = { ...level.unknownFields };
  setOwn<JsonValue>(fields, name, structuredClone(change.after));
  level.unknownFields = fields;
}

/** Removes `name` from the optional map `key` of `owner`, and the map itself once it is empty ("absent"). */
function removeEntry<K extends string>(owner: Partial<Record<K, Record<string, unknown>>>, key: K, name: string): void {
  const map = owner[key];
  if (map === undefined || !hasOwnName(map, name)) return;
  delete map[name];
  if (Object.keys(map).length === 0) delete owner[key];
}
