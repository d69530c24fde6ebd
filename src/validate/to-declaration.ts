import type { JsonValue } from '../diagnostics/errors.js';
import { recordFrom } from '../model/own.js';
import type {
  ContentTypeDefinition,
  FieldRef,
  LinkDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDeclaration,
  SourceDefinition,
  UnknownFields,
} from '../model/types.js';
import type { ContentSourceDeclaration, ContentType, Property, PropertyType, PropertyTypeProperty as DeclaredTypeProperty } from '../schema/content-source.types.js';

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
    ...(declared.links === undefined ? {} : { links: mapValues(declared.links, (link): LinkDefinition => ({ from: link.from, to: link.to, ...unknown(link.unknownFields) })) }),
    ...(declared.propertyTypes === undefined ? {} : { propertyTypes: mapValues(declared.propertyTypes, toPropertyType) }),
    contentTypes: mapValues(declared.contentTypes, toContentType),
    ...unknown(declared.unknownFields),
  };
  const declaration: SourceDeclaration = { id: declared.id, definition, data: [...(declared.data ?? [])], file };
  if (declared.import !== undefined) declaration.import = structuredClone(declared.import);
  return declaration;
}

function toContentType(contentType: ContentType): ContentTypeDefinition {
  return {
    ...(contentType.abstract === undefined ? {} : { abstract: contentType.abstract }),
    ...(contentType.base === undefined ? {} : { base: contentType.base }),
    contentType: [...contentType.contentType],
    ...(contentType.displayName === undefined ? {} : { displayName: contentType.displayName }),
    ...(contentType.description === undefined ? {} : { description: contentType.description }),
    ...(contentType.sortOrder === undefined ? {} : { sortOrder: contentType.sortOrder }),
    properties: mapValues(contentType.properties, toProperty),
    ...unknown(contentType.unknownFields),
  };
}

function toProperty(property: Property): PropertyDefinition {
  return {
    type: property.type,
    ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
    ...(property.index === undefined ? {} : { index: property.index }),
    ...(property.ref === undefined ? {} : { ref: toRef(property.ref) }),
    ...(property.helpText === undefined ? {} : { helpText: property.helpText }),
    ...unknown(property.unknownFields),
  };
}

function toPropertyType(propertyType: PropertyType): PropertyTypeDefinition {
  return {
    ...(propertyType.base === undefined ? {} : { base: propertyType.base }),
    ...(propertyType.abstract === undefined ? {} : { abstract: propertyType.abstract }),
    properties: mapValues(propertyType.properties, (property: DeclaredTypeProperty, key): PropertyTypeProperty => ({
      name: property.name ?? key,
      type: property.type,
      ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
      ...(property.index === undefined ? {} : { index: property.index }),
      ...(property.ref === undefined ? {} : { ref: toRef(property.ref) }),
      ...unknown(property.unknownFields),
    })),
    ...unknown(propertyType.unknownFields),
  };
}

function toRef(ref: { id?: string; type?: string }): FieldRef {
  return { ...(ref.id === undefined ? {} : { id: ref.id }), ...(ref.type === undefined ? {} : { type: ref.type }) };
}

/** A file's `unknownFields` block: parsed YAML, so plain JSON values. */
function unknown(fields: Readonly<Record<string, unknown>> | undefined): { unknownFields?: UnknownFields } {
  if (fields === undefined || Object.keys(fields).length === 0) return {};
  return { unknownFields: structuredClone(fields) as Record<string, JsonValue> };
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  return recordFrom(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}
