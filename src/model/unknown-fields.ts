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

/**
 * The definition without the unknown fields at `paths` (as unknownFieldPaths names them):
 * what the plan compares when those are fields the service holds and the declaration does
 * not carry, which are named in a warning, never planned away.
 */
export function withoutUnknownFields(definition: SourceDefinition, paths: readonly string[]): SourceDefinition {
  if (paths.length === 0) return definition;
  const copy = structuredClone(definition);
  for (const path of paths) {
    const parts = path.split('.');
    const field = parts.pop() ?? '';
    const level = levelAt(copy, parts);
    if (level?.unknownFields !== undefined && Object.hasOwn(level.unknownFields, field)) {
      delete level.unknownFields[field];
      if (Object.keys(level.unknownFields).length === 0) delete level.unknownFields;
    }
  }
  return copy;
}

/** The object at a level path (`contentTypes.X.properties.Y`, `links.L`, '' for the source), if it exists. */
function levelAt(definition: SourceDefinition, parts: readonly string[]): { unknownFields?: UnknownFields } | undefined {
  let level: unknown = definition;
  for (const part of parts) {
    if (typeof level !== 'object' || level === null || !Object.hasOwn(level, part)) return undefined;
    level = (level as Record<string, unknown>)[part];
  }
  return typeof level === 'object' && level !== null ? (level as { unknownFields?: UnknownFields }) : undefined;
}
