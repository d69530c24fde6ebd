import type {
  ContentTypeDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  SourceDeclaration,
  SourceDefinition,
} from '../model/types.js';
import type { ContentSourceDeclaration, PropertyType } from '../schema/content-source.types.js';

/**
 * The declaration of a valid file: the service's fields only in `definition` (graphform's
 * own keys id, data and import stay out of it), with property type properties' `name` filled
 * from their key when left out.
 */
export function toSourceDeclaration(file: string, declared: ContentSourceDeclaration): SourceDeclaration {
  const contentTypes = mapValues(declared.contentTypes, (contentType): ContentTypeDefinition => ({
    ...(contentType.abstract === undefined ? {} : { abstract: contentType.abstract }),
    contentType: [...contentType.contentType],
    properties: mapValues(contentType.properties, (property): PropertyDefinition => ({
      type: property.type,
      ...(property.searchable === undefined ? {} : { searchable: property.searchable }),
    })),
  }));
  const definition: SourceDefinition = {
    label: declared.label,
    ...(declared.description === undefined || declared.description === '' ? {} : { description: declared.description }),
    languages: [...declared.languages],
    ...(declared.propertyTypes === undefined ? {} : { propertyTypes: mapValues(declared.propertyTypes, toPropertyType) }),
    contentTypes,
  };
  const declaration: SourceDeclaration = { id: declared.id, definition, data: [...(declared.data ?? [])], file };
  if (declared.import !== undefined) declaration.import = structuredClone(declared.import);
  return declaration;
}

function toPropertyType(propertyType: PropertyType): PropertyTypeDefinition {
  return { properties: mapValues(propertyType.properties, (property, key) => ({ name: property.name ?? key, type: property.type })) };
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}
