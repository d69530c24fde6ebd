import type { ContentTypeDefinition, PartialTypesBody, PropertyTypeDefinition, SourceDefinition } from '../../model/types.js';

/**
 * The service's checks on a types body: the contract's fields only (unknown fields are
 * rejected, as the real service does), each with its type, and references that resolve.
 */
export type ShapeResult<T> = { ok: true; value: T } | { ok: false; message: string };

const GRAPHQL_NAME = /^(?!__)[_A-Za-z][_0-9A-Za-z]*$/;
const TYPE_REF = /^(\[)?([_A-Za-z][_0-9A-Za-z]*)(\])?$/;
export const EMULATOR_SCALARS: readonly string[] = ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime'];

class ShapeError extends Error {}

type Obj = Record<string, unknown>;

function fail(message: string): never {
  throw new ShapeError(message);
}

function object(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${path} must be an object`);
  return value as Obj;
}

function onlyKeys(value: Obj, allowed: readonly string[], path: string, hint = ''): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(`unknown field ${path === '' ? key : `${path}.${key}`}${hint}`);
  }
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') fail(`${path} must be a non-empty string`);
  return value;
}

function names(value: Obj, path: string): void {
  for (const key of Object.keys(value)) if (!GRAPHQL_NAME.test(key)) fail(`${path}.${key}: "${key}" is not a valid GraphQL name`);
}

function languages(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) fail('languages must be a non-empty array of language codes');
  const list = value.map((l, i) => string(l, `languages[${i}]`));
  if (new Set(list).size !== list.length) fail('languages must not repeat a language');
  return list;
}

function propertyTypes(value: unknown): Record<string, PropertyTypeDefinition> {
  const map = object(value, 'propertyTypes');
  names(map, 'propertyTypes');
  for (const [name, raw] of Object.entries(map)) {
    const path = `propertyTypes.${name}`;
    const def = object(raw, path);
    onlyKeys(def, ['properties'], path);
    const props = object(def.properties, `${path}.properties`);
    names(props, `${path}.properties`);
    for (const [prop, p] of Object.entries(props)) {
      const ppath = `${path}.properties.${prop}`;
      const pdef = object(p, ppath);
      onlyKeys(pdef, ['name', 'type'], ppath);
      string(pdef.name, `${ppath}.name`);
      string(pdef.type, `${ppath}.type`);
    }
  }
  return map as Record<string, PropertyTypeDefinition>;
}

function contentTypes(value: unknown): Record<string, ContentTypeDefinition> {
  const map = object(value, 'contentTypes');
  names(map, 'contentTypes');
  for (const [name, raw] of Object.entries(map)) {
    const path = `contentTypes.${name}`;
    const def = object(raw, path);
    onlyKeys(def, ['abstract', 'contentType', 'properties'], path);
    if (def.abstract !== undefined && typeof def.abstract !== 'boolean') fail(`${path}.abstract must be true or false`);
    if (!Array.isArray(def.contentType)) fail(`${path}.contentType must be an array of content type names ([] for a base type)`);
    def.contentType.forEach((b, i) => string(b, `${path}.contentType[${i}]`));
    const props = object(def.properties, `${path}.properties`);
    names(props, `${path}.properties`);
    for (const [prop, p] of Object.entries(props)) {
      const ppath = `${path}.properties.${prop}`;
      const pdef = object(p, ppath);
      onlyKeys(pdef, ['type', 'searchable'], ppath);
      string(pdef.type, `${ppath}.type`);
      if (pdef.searchable !== undefined && typeof pdef.searchable !== 'boolean') fail(`${ppath}.searchable must be true or false`);
    }
  }
  return map as Record<string, ContentTypeDefinition>;
}

/**
 * The content type declared under `name`, never a member of Object.prototype: names are
 * data, and `contentTypes.constructor` must not find Object's constructor.
 */
export function ownContentType(definition: SourceDefinition, name: string): ContentTypeDefinition | undefined {
  return Object.hasOwn(definition.contentTypes, name) ? definition.contentTypes[name] : undefined;
}

/** Every property type resolves; every base content type exists; no inheritance cycle. */
export function checkReferences(definition: SourceDefinition): void {
  const known = new Set([...EMULATOR_SCALARS, ...Object.keys(definition.propertyTypes ?? {})]);
  const typeOk = (type: string): boolean => {
    const m = TYPE_REF.exec(type);
    return m !== null && (m[1] === undefined) === (m[3] === undefined) && known.has(m[2] ?? '');
  };
  for (const [name, pt] of Object.entries(definition.propertyTypes ?? {})) {
    for (const [prop, p] of Object.entries(pt.properties)) {
      if (!typeOk(p.type)) fail(`propertyTypes.${name}.properties.${prop}.type: unknown type "${p.type}"`);
    }
  }
  for (const [name, ct] of Object.entries(definition.contentTypes)) {
    for (const [prop, p] of Object.entries(ct.properties)) {
      if (!typeOk(p.type)) fail(`contentTypes.${name}.properties.${prop}.type: unknown type "${p.type}"`);
    }
    for (const base of ct.contentType) {
      if (!Object.hasOwn(definition.contentTypes, base)) fail(`contentTypes.${name}.contentType: unknown content type "${base}"`);
    }
  }
  for (const start of Object.keys(definition.contentTypes)) {
    const seen = new Set<string>();
    const walk = (name: string): void => {
      if (name === start && seen.size > 0) fail(`contentTypes.${start}: inheritance cycle`);
      if (seen.has(name)) return;
      seen.add(name);
      for (const base of ownContentType(definition, name)?.contentType ?? []) walk(base);
    };
    walk(start);
  }
}

function run<T>(check: () => T): ShapeResult<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Body of PUT types: the whole definition. */
export function checkFullDefinition(body: unknown): ShapeResult<SourceDefinition> {
  return run(() => {
    const root = object(body, 'the body');
    onlyKeys(root, ['label', 'languages', 'propertyTypes', 'contentTypes'], '');
    const definition: SourceDefinition = {
      label: string(root.label, 'label'),
      languages: languages(root.languages),
      ...(root.propertyTypes === undefined ? {} : { propertyTypes: propertyTypes(root.propertyTypes) }),
      contentTypes: contentTypes(root.contentTypes),
    };
    checkReferences(definition);
    return definition;
  });
}

/** Body of POST types: languages and the content types to replace. */
export function checkPartialBody(body: unknown): ShapeResult<PartialTypesBody> {
  return run(() => {
    const root = object(body, 'the body');
    onlyKeys(root, ['languages', 'contentTypes'], '', ' (a partial update takes languages and contentTypes only; use a full update for the rest)');
    return { languages: languages(root.languages), contentTypes: contentTypes(root.contentTypes) };
  });
}

/** The definition after a partial update: languages from the body, each listed content type replaced whole. */
export function mergePartial(current: SourceDefinition, body: PartialTypesBody): ShapeResult<SourceDefinition> {
  return run(() => {
    const merged: SourceDefinition = { ...current, languages: [...body.languages], contentTypes: { ...current.contentTypes, ...body.contentTypes } };
    checkReferences(merged);
    return merged;
  });
}
