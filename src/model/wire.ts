import type { JsonValue } from '../diagnostics/errors.js';
import { recordFrom } from './own.js';
import type {
  ContentTypeDefinition,
  FieldRef,
  LinkDefinition,
  PartialTypesBody,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDefinition,
} from './types.js';

/** A JSON object as it goes on the wire. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A definition as the types endpoints take it: the published fields under their own names,
 * in declared order, and each level's `unknownFields` spread back into that level, so a field
 * graphform does not know goes back to the service exactly where it came from. A property
 * type's property `name` is filled from its key, since the contract's format carries it.
 */
export function wireDefinition(definition: SourceDefinition): JsonObject {
  return {
    ...(definition.label === undefined ? {} : { label: definition.label }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    languages: [...definition.languages],
    ...wireSettings(definition),
    ...(definition.propertyTypes === undefined ? {} : { propertyTypes: mapValues(definition.propertyTypes, wirePropertyType) }),
    contentTypes: mapValues(definition.contentTypes, wireContentType),
    ...definition.unknownFields,
  };
}

/** The POST types body on the wire: languages, the content types it lists, and the source-level settings it carries. */
export function wirePartialBody(body: PartialTypesBody): JsonObject {
  return {
    languages: [...body.languages],
    ...wireSettings(body),
    contentTypes: mapValues(body.contentTypes, wireContentType),
    ...body.unknownFields,
  };
}

/** preset, useTypedFieldNames and links, where the source has them. */
function wireSettings(source: Pick<SourceDefinition, 'preset' | 'useTypedFieldNames' | 'links'>): JsonObject {
  return {
    ...(source.preset === undefined ? {} : { preset: source.preset }),
    ...(source.useTypedFieldNames === undefined ? {} : { useTypedFieldNames: source.useTypedFieldNames }),
    ...(source.links === undefined ? {} : { links: mapValues(source.links, wireLink) }),
  };
}

export function wireContentType(contentType: ContentTypeDefinition): JsonObject {
  return {
    ...(contentType.abstract === undefined ? {} : { abstract: contentType.abstract }),
    ...(contentType.base === undefined ? {} : { base: contentType.base }),
    contentType: [...contentType.contentType],
    ...(contentType.displayName === undefined ? {} : { displayName: contentType.displayName }),
    ...(contentType.description === undefined ? {} : { description: contentType.description }),
    ...(contentType.sortOrder === undefined ? {} : { sortOrder: contentType.sortOrder }),
    properties: mapValues(contentType.properties, wireProperty),
    ...contentType.unknownFields,
  };
}

export function wireProperty(property: PropertyDefinition): JsonObject {
  return {
    type: property.type,
    ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
    ...(property.index === undefined ? {} : { index: property.index }),
    ...(property.ref === undefined ? {} : { ref: wireRef(property.ref) }),
    ...(property.helpText === undefined ? {} : { helpText: property.helpText }),
    ...property.unknownFields,
  };
}

function wirePropertyType(propertyType: PropertyTypeDefinition): JsonObject {
  return {
    ...(propertyType.base === undefined ? {} : { base: propertyType.base }),
    ...(propertyType.abstract === undefined ? {} : { abstract: propertyType.abstract }),
    properties: mapValues(propertyType.properties, (property: PropertyTypeProperty, name) => ({
      name: property.name === undefined || property.name === '' ? name : property.name,
      type: property.type,
      ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
      ...(property.index === undefined ? {} : { index: property.index }),
      ...(property.ref === undefined ? {} : { ref: wireRef(property.ref) }),
      ...property.unknownFields,
    })),
    ...propertyType.unknownFields,
  };
}

function wireLink(link: LinkDefinition): JsonObject {
  return { from: link.from, to: link.to, ...link.unknownFields };
}

function wireRef(ref: FieldRef): JsonObject {
  return { ...(ref.id === undefined ? {} : { id: ref.id }), ...(ref.type === undefined ? {} : { type: ref.type }) };
}

/** Same keys in the same (declared) order; keys are user-given names, kept as own keys. */
function mapValues<T>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => JsonObject): JsonObject {
  return recordFrom(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}
