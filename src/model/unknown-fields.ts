import type { SourceDefinition, UnknownFields } from './types.js';

/**
 * The paths of every field a definition carries under `unknownFields`, in the form the
 * service's answer names them (`contentTypes.Article.colour`): what a GET types reader
 * reports as unknown, so the two can be compared.
 */
export function unknownFieldPaths(definition: SourceDefinition): string[] {
  const paths: string[] = [];
  const add = (prefix: string, fields: UnknownFields | undefined): void => {
    for (const name of Object.keys(fields ?? {})) paths.push(prefix === '' ? name : `${prefix}.${name}`);
  };
  add('', definition.unknownFields);
  for (const [name, link] of Object.entries(definition.links ?? {})) add(`links.${name}`, link.unknownFields);
  for (const [name, propertyType] of Object.entries(definition.propertyTypes ?? {})) {
    add(`propertyTypes.${name}`, propertyType.unknownFields);
    for (const [property, value] of Object.entries(propertyType.properties)) add(`propertyTypes.${name}.properties.${property}`, value.unknownFields);
  }
  for (const [name, contentType] of Object.entries(definition.contentTypes)) {
    add(`contentTypes.${name}`, contentType.unknownFields);
    for (const [property, value] of Object.entries(contentType.properties)) add(`contentTypes.${name}.properties.${property}`, value.unknownFields);
  }
  return paths;
}
