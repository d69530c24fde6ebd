import type { Change } from '../diff/change.js';
import { pathSegments } from '../diff/change.js';
import { recordFrom, setOwn } from '../model/own.js';
import type {
  ContentTypeDefinition,
  PartialTypesBody,
  PropertyDefinition,
  PropertyTypeDefinition,
  SourceDefinition,
} from '../model/types.js';
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
 * an undeclared description is sent as empty.
 */
export function labelsBody(definition: SourceDefinition): SourceLabels {
  return { label: definition.label, description: definition.description ?? '' };
}

/**
 * The PUT body: the definition exactly as declared, in declared order, holding only the
 * service's own fields (the server rejects unknown ones). A property type's property
 * `name` is filled from its key, since the service's format carries it.
 */
export function fullBody(definition: SourceDefinition): SourceDefinition {
  return {
    label: definition.label,
    languages: [...definition.languages],
    ...(definition.propertyTypes === undefined ? {} : { propertyTypes: mapValues(definition.propertyTypes, wirePropertyType) }),
    contentTypes: mapValues(definition.contentTypes, wireContentType),
  };
}

/**
 * The POST body: every declared language, and only the content types that are added or
 * changed, each with its complete property list (the service replaces a listed type's
 * properties). A property whose `searchable` goes from true to false carries an
 * explicit `searchable: false`, so the service cannot read its absence as "unchanged".
 *
 * A change that only adds a language sends `contentTypes: {}`: the body must have the
 * key, and resending unchanged content types would only start needless re-indexing.
 */
export function partialBody(definition: SourceDefinition, changes: readonly Change[]): PartialTypesBody {
  const touched = new Set<string>();
  const unsearchable = new Set<string>();
  for (const change of changes) {
    const [root, typeName = '', , propertyName = ''] = pathSegments(change.path);
    if (root !== 'contentTypes') continue;
    touched.add(typeName);
    if (change.kind === 'property.searchableChanged' && change.after === false) unsearchable.add(`${typeName}.${propertyName}`);
  }
  const contentTypes: Record<string, ContentTypeDefinition> = {};
  for (const [name, contentType] of Object.entries(definition.contentTypes)) {
    if (!touched.has(name)) continue;
    const wire = wireContentType(contentType);
    for (const [propertyName, property] of Object.entries(wire.properties)) {
      if (unsearchable.has(`${name}.${propertyName}`)) property.searchable = false;
    }
    setOwn(contentTypes, name, wire);
  }
  return { languages: [...definition.languages], contentTypes };
}

function wireContentType(contentType: ContentTypeDefinition): ContentTypeDefinition {
  return {
    ...(contentType.abstract === undefined ? {} : { abstract: contentType.abstract }),
    contentType: [...contentType.contentType],
    properties: mapValues(contentType.properties, wireProperty),
  };
}

function wireProperty(property: PropertyDefinition): PropertyDefinition {
  return property.searchable === undefined ? { type: property.type } : { type: property.type, searchable: property.searchable };
}

function wirePropertyType(propertyType: PropertyTypeDefinition): PropertyTypeDefinition {
  return {
    properties: mapValues(propertyType.properties, (property, name) => ({
      name: property.name === undefined || property.name === '' ? name : property.name,
      type: property.type,
    })),
  };
}

/** Same keys in the same (declared) order; keys are user-given names, kept as own keys. */
function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  return recordFrom(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}
