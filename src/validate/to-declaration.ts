import type { JsonValue } from '../diagnostics/errors.js';
import { contentTypeHead } from '../model/content-type-head.js';
import { recordFrom } from '../model/own.js';
import type {
  ContentTypeDefinition,
  FieldRef,
  KeepDeclaration,
  LinkDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDeclaration,
  SourceDefinition,
  UnknownFields,
} from '../model/types.js';
import type {
  ContentSourceDeclaration,
  ContentType,
  Property,
  PropertyType,
  PropertyTypeProperty as DeclaredTypeProperty,
} from '../schema/content-source.types.js';

/**
 * The declaration of a valid file: the service's fields only in `definition` (graphform's
 * own keys id, data and import stay out of it), with property type properties' `name` filled
 * from their key when left out. Every published field is carried; `unknownFields` as written.
 */
export function toSourceDeclaration(file: string, declared: ContentSourceDeclaration): SourceDeclaration {
  const definition: SourceDefinition = {
    ...(declared.label === undefined ? {} : { label: declared.label }),
    ...(declared.description === undefined || declared.description === '' ? {} : { description: declared.description }),
    languages: [...declared.languages],
    ...(declared.preset === undefined ? {} : { preset: declared.preset }),
    ...(declared.useTypedFieldNames === undefined ? {} : { useTypedFieldNames: declared.useTypedFieldNames }),
    ...(declared.links === undefined
      ? {}
      : { links: mapValues(declared.links, (link): LinkDefinition => ({ from: link.from, to: link.to, ...unknown(link.unknownFields) })) }),
    ...(declared.propertyTypes === undefined ? {} : { propertyTypes: mapValues(declared.propertyTypes, toPropertyType) }),
    contentTypes: mapValues(declared.contentTypes, toContentType),
    ...unknown(declared.unknownFields),
  };
  const declaration: SourceDeclaration = { id: declared.id, definition, data: [...(declared.data ?? [])], file };
  if (declared.import !== undefined) declaration.import = structuredClone(declared.import);
  if (declared.moved !== undefined) declaration.moved = declared.moved.map((move) => ({ from: move.from, to: move.to }));
  if (declared.convert !== undefined) declaration.convert = mapValues(declared.convert, (conversion) => ({ onError: conversion.onError ?? 'fail' }));
  if (declared.keep !== undefined) declaration.keep = keepOf(declared.keep);
  return declaration;
}

// Per type and per property, built by assignment in the declared field order: they run for
// every property of every source, and conditional spreads cost several times more.

function toContentType(contentType: ContentType): ContentTypeDefinition {
  const out: Partial<ContentTypeDefinition> = contentTypeHead(contentType);
  out.properties = mapValues(contentType.properties, toProperty);
  if (hasFields(contentType.unknownFields)) out.unknownFields = structuredClone(contentType.unknownFields) as UnknownFields;
  return out as ContentTypeDefinition;
}

function toProperty(property: Property): PropertyDefinition {
  const out: PropertyDefinition = { type: property.type };
  if (property.searchable !== undefined) out.searchable = property.searchable;
  if (property.skip !== undefined) out.skip = property.skip;
  if (property.index !== undefined) out.index = property.index;
  if (property.ref !== undefined) out.ref = toRef(property.ref);
  if (property.helpText !== undefined) out.helpText = property.helpText;
  if (hasFields(property.unknownFields)) out.unknownFields = structuredClone(property.unknownFields) as UnknownFields;
  return out;
}

function toPropertyType(propertyType: PropertyType): PropertyTypeDefinition {
  return {
    ...(propertyType.base === undefined ? {} : { base: propertyType.base }),
    ...(propertyType.abstract === undefined ? {} : { abstract: propertyType.abstract }),
    properties: mapValues(propertyType.properties, (property: DeclaredTypeProperty, key): PropertyTypeProperty => ({
      name: property.name ?? key,
      type: property.type,
      ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
      ...(property.skip === undefined ? {} : { skip: property.skip }),
      ...(property.index === undefined ? {} : { index: property.index }),
      ...(property.ref === undefined ? {} : { ref: toRef(property.ref) }),
      ...unknown(property.unknownFields),
    })),
    ...unknown(propertyType.unknownFields),
  };
}

function keepOf(keep: NonNullable<ContentSourceDeclaration['keep']>): KeepDeclaration {
  if (typeof keep === 'boolean') return { enabled: keep, defaults: {} };
  return { enabled: true, defaults: { ...(keep.defaults ?? {}) } };
}

function toRef(ref: { id?: string; type?: string }): FieldRef {
  return { ...(ref.id === undefined ? {} : { id: ref.id }), ...(ref.type === undefined ? {} : { type: ref.type }) };
}

function hasFields(fields: Readonly<Record<string, unknown>> | undefined): fields is Readonly<Record<string, unknown>> {
  return fields !== undefined && Object.keys(fields).length > 0;
}

/** A file's `unknownFields` block: parsed YAML, so plain JSON values. */
function unknown(fields: Readonly<Record<string, unknown>> | undefined): { unknownFields?: UnknownFields } {
  if (!hasFields(fields)) return {};
  return { unknownFields: structuredClone(fields) as Record<string, JsonValue> };
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  return recordFrom(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}
