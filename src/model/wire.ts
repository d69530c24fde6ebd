import type { JsonValue } from '../diagnostics/errors.js';
import { contentTypeHead } from './content-type-head.js';
import { assignOwn, recordFrom } from './own.js';
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

// Per type and per property, built by assignment in the published order, the unknown fields
// last: they run for every property of every source, and conditional spreads cost more.

export function wireContentType(contentType: ContentTypeDefinition): JsonObject {
  const out: JsonObject = contentTypeHead(contentType);
  out.properties = mapValues(contentType.properties, wireProperty);
  if (contentType.unknownFields !== undefined) assignOwn(out, contentType.unknownFields);
  return out;
}

export function wireProperty(property: PropertyDefinition): JsonObject {
  const out: JsonObject = { type: property.type };
  if (property.searchable !== undefined) out.searchable = property.searchable;
  if (property.skip !== undefined) out.skip = property.skip;
  if (property.index !== undefined) out.index = property.index;
  if (property.ref !== undefined) out.ref = wireRef(property.ref);
  if (property.helpText !== undefined) out.helpText = property.helpText;
  if (property.unknownFields !== undefined) assignOwn(out, property.unknownFields);
  return out;
}

function wirePropertyType(propertyType: PropertyTypeDefinition): JsonObject {
  const out: JsonObject = {};
  if (propertyType.base !== undefined) out.base = propertyType.base;
  if (propertyType.abstract !== undefined) out.abstract = propertyType.abstract;
  out.properties = mapValues(propertyType.properties, (property: PropertyTypeProperty, name) => {
    const wired: JsonObject = { name: property.name === undefined || property.name === '' ? name : property.name, type: property.type };
    if (property.searchable !== undefined) wired.searchable = property.searchable;
    if (property.skip !== undefined) wired.skip = property.skip;
    if (property.index !== undefined) wired.index = property.index;
    if (property.ref !== undefined) wired.ref = wireRef(property.ref);
    if (property.unknownFields !== undefined) assignOwn(wired, property.unknownFields);
    return wired;
  });
  if (propertyType.unknownFields !== undefined) assignOwn(out, propertyType.unknownFields);
  return out;
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
