import type { ContentTypeDefinition, PropertyDefinition, PropertyTypeDefinition, SourceDefinition } from '../model/types.js';

/**
 * A definition as GET types answers it, reduced to the contract's fields. The service may
 * answer more (description, displayName, …: public-facts.md), which graphform neither
 * sends nor stores; a missing or mistyped contract field is a problem, named by its path,
 * so nothing half-understood reaches the plan or the state.
 */
export type ReadResult = { ok: true; definition: SourceDefinition } | { ok: false; problem: string };

type Obj = Record<string, unknown>;

class Problem extends Error {}

export function readDefinition(value: unknown): ReadResult {
  try {
    return { ok: true, definition: definition(value) };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    throw error;
  }
}

function definition(value: unknown): SourceDefinition {
  const root = object(value, 'the definition');
  const result: SourceDefinition = {
    label: string(root.label, 'label'),
    languages: strings(root.languages, 'languages'),
    contentTypes: map(root.contentTypes, 'contentTypes', contentType),
  };
  if (root.propertyTypes !== undefined && root.propertyTypes !== null) result.propertyTypes = map(root.propertyTypes, 'propertyTypes', propertyType);
  return result;
}

function contentType(value: unknown, path: string): ContentTypeDefinition {
  const raw = object(value, path);
  const result: ContentTypeDefinition = {
    contentType: raw.contentType === undefined ? [] : strings(raw.contentType, `${path}.contentType`),
    properties: map(raw.properties ?? {}, `${path}.properties`, property),
  };
  if (raw.abstract !== undefined) result.abstract = boolean(raw.abstract, `${path}.abstract`);
  return result;
}

function property(value: unknown, path: string): PropertyDefinition {
  const raw = object(value, path);
  const result: PropertyDefinition = { type: string(raw.type, `${path}.type`) };
  if (raw.searchable !== undefined) result.searchable = boolean(raw.searchable, `${path}.searchable`);
  return result;
}

function propertyType(value: unknown, path: string): PropertyTypeDefinition {
  const raw = object(value, path);
  return {
    properties: map(raw.properties ?? {}, `${path}.properties`, (p, ppath) => {
      const prop = object(p, ppath);
      const name = ppath.slice(ppath.lastIndexOf('.') + 1);
      return { name: prop.name === undefined ? name : string(prop.name, `${ppath}.name`), type: string(prop.type, `${ppath}.type`) };
    }),
  };
}

function map<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): Record<string, T> {
  const raw = object(value, path);
  return Object.fromEntries(Object.entries(raw).map(([key, v]) => [key, item(v, `${path}.${key}`)]));
}

function object(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Problem(`${path} is not an object`);
  return value as Obj;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new Problem(`${path} is not a string`);
  return value;
}

function strings(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Problem(`${path} is not a list of strings`);
  return value;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new Problem(`${path} is not true or false`);
  return value;
}
