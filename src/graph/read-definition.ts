import type { JsonValue } from '../diagnostics/errors.js';
import { recordFrom, setOwn } from '../model/own.js';
import { PUBLISHED_FIELDS } from '../model/published-fields.js';
import type {
  ContentTypeDefinition,
  FieldRef,
  LinkDefinition,
  PropertyDefinition,
  PropertyTypeDefinition,
  PropertyTypeProperty,
  SourceDefinition,
  SourcePreset,
  UnknownFields,
} from '../model/types.js';

/**
 * A definition as GET types answers it (the published `ContentSource_V3`), read whole: every
 * published field with its type checked, and every other field kept verbatim in
 * `unknownFields` at its level, its path listed in `unknown` so the caller can name it. A
 * missing or mistyped published field is a problem, named by its path, so nothing
 * half-understood reaches the plan or the state. `label` may be absent or null.
 */
export type ReadResult = { ok: true; definition: SourceDefinition; unknown: string[]; hasDescription: boolean } | { ok: false; problem: string };

type Obj = Record<string, unknown>;

class Problem extends Error {}

const {
  source: SOURCE_KEYS,
  contentType: CONTENT_TYPE_KEYS,
  property: PROPERTY_KEYS,
  propertyType: PROPERTY_TYPE_KEYS,
  propertyTypeProperty: PROPERTY_TYPE_PROPERTY_KEYS,
  link: LINK_KEYS,
} = PUBLISHED_FIELDS;
const PRESETS: readonly string[] = ['legacy', 'next'];

export function readDefinition(value: unknown): ReadResult {
  const unknown: string[] = [];
  try {
    const root = object(value, 'the definition');
    const read = definition(root, unknown);
    return { ok: true, definition: read, unknown: unknown.sort(), hasDescription: Object.hasOwn(root, 'description') };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    throw error;
  }
}

function definition(root: Obj, unknown: string[]): SourceDefinition {
  const result: SourceDefinition = {
    ...optionalText(root, 'label', 'label'),
    ...optionalText(root, 'description', 'description'),
    languages: root.languages === undefined || root.languages === null ? [] : strings(root.languages, 'languages'),
    contentTypes: map(root.contentTypes ?? {}, 'contentTypes', (v, p) => contentType(v, p, unknown)),
  };
  if (root.preset !== undefined && root.preset !== null) result.preset = preset(root.preset);
  if (root.useTypedFieldNames !== undefined && root.useTypedFieldNames !== null)
    result.useTypedFieldNames = boolean(root.useTypedFieldNames, 'useTypedFieldNames');
  if (root.links !== undefined && root.links !== null) result.links = map(root.links, 'links', (v, p) => link(v, p, unknown));
  if (root.propertyTypes !== undefined && root.propertyTypes !== null)
    result.propertyTypes = map(root.propertyTypes, 'propertyTypes', (v, p) => propertyType(v, p, unknown));
  return withUnknown(result, root, SOURCE_KEYS, '', unknown);
}

function contentType(value: unknown, path: string, unknown: string[]): ContentTypeDefinition {
  const raw = object(value, path);
  const result: ContentTypeDefinition = {
    contentType: raw.contentType === undefined || raw.contentType === null ? [] : strings(raw.contentType, `${path}.contentType`),
    properties: map(raw.properties ?? {}, `${path}.properties`, (v, p) => property(v, p, unknown)),
  };
  if (raw.abstract !== undefined && raw.abstract !== null) result.abstract = boolean(raw.abstract, `${path}.abstract`);
  if (raw.base !== undefined && raw.base !== null) result.base = string(raw.base, `${path}.base`);
  Object.assign(result, nullableText(raw, 'displayName', path), nullableText(raw, 'description', path));
  if (raw.sortOrder !== undefined && raw.sortOrder !== null) result.sortOrder = number(raw.sortOrder, `${path}.sortOrder`);
  return withUnknown(result, raw, CONTENT_TYPE_KEYS, path, unknown);
}

function property(value: unknown, path: string, unknown: string[]): PropertyDefinition {
  const raw = object(value, path);
  const result: PropertyDefinition = { type: string(raw.type, `${path}.type`), ...flags(raw, path) };
  Object.assign(result, nullableText(raw, 'helpText', path));
  return withUnknown(result, raw, PROPERTY_KEYS, path, unknown);
}

function propertyType(value: unknown, path: string, unknown: string[]): PropertyTypeDefinition {
  const raw = object(value, path);
  const result: PropertyTypeDefinition = {
    properties: map(raw.properties ?? {}, `${path}.properties`, (p, ppath) => {
      const prop = object(p, ppath);
      const name = ppath.slice(ppath.lastIndexOf('.') + 1);
      const read: PropertyTypeProperty = {
        name: prop.name === undefined || prop.name === null ? name : string(prop.name, `${ppath}.name`),
        type: string(prop.type, `${ppath}.type`),
        ...flags(prop, ppath),
      };
      return withUnknown(read, prop, PROPERTY_TYPE_PROPERTY_KEYS, ppath, unknown);
    }),
  };
  if (raw.base !== undefined && raw.base !== null) result.base = string(raw.base, `${path}.base`);
  if (raw.abstract !== undefined && raw.abstract !== null) result.abstract = boolean(raw.abstract, `${path}.abstract`);
  return withUnknown(result, raw, PROPERTY_TYPE_KEYS, path, unknown);
}

/** searchable, skip, index and ref: the property fields content types and property types share. */
function flags(raw: Obj, path: string): Pick<PropertyDefinition, 'searchable' | 'skip' | 'index' | 'ref'> {
  const result: Pick<PropertyDefinition, 'searchable' | 'skip' | 'index' | 'ref'> = {};
  if (raw.searchable !== undefined && raw.searchable !== null) result.searchable = boolean(raw.searchable, `${path}.searchable`);
  if (raw.skip !== undefined && raw.skip !== null) result.skip = boolean(raw.skip, `${path}.skip`);
  if (raw.index !== undefined && raw.index !== null) result.index = boolean(raw.index, `${path}.index`);
  if (raw.ref !== undefined && raw.ref !== null) result.ref = ref(raw.ref, `${path}.ref`);
  return result;
}

function ref(value: unknown, path: string): FieldRef {
  const raw = object(value, path);
  const result: FieldRef = {};
  if (raw.id !== undefined && raw.id !== null) result.id = string(raw.id, `${path}.id`);
  if (raw.type !== undefined && raw.type !== null) result.type = string(raw.type, `${path}.type`);
  const extra = Object.keys(raw).find((key) => key !== 'id' && key !== 'type');
  if (extra !== undefined) throw new Problem(`${path}.${extra} is not a field of a ref (id, type)`);
  return result;
}

function link(value: unknown, path: string, unknown: string[]): LinkDefinition {
  const raw = object(value, path);
  const result: LinkDefinition = { from: string(raw.from, `${path}.from`), to: string(raw.to, `${path}.to`) };
  return withUnknown(result, raw, LINK_KEYS, path, unknown);
}

/** Keeps every key of `raw` that is not in `known`, verbatim, and lists its path. */
function withUnknown<T extends { unknownFields?: UnknownFields }>(result: T, raw: Obj, known: readonly string[], path: string, unknown: string[]): T {
  const extra = Object.keys(raw).filter((key) => !known.includes(key) && raw[key] !== undefined);
  if (extra.length === 0) return result;
  const fields: UnknownFields = {};
  for (const key of extra) {
    setOwn(fields, key, json(raw[key], path === '' ? key : `${path}.${key}`));
    unknown.push(path === '' ? key : `${path}.${key}`);
  }
  result.unknownFields = fields;
  return result;
}

function optionalText(raw: Obj, key: 'label' | 'description', path: string): { label?: string | null; description?: string | null } {
  const value = raw[key];
  if (value === undefined) return {};
  if (value !== null && typeof value !== 'string') throw new Problem(`${path} is not a string or null`);
  return { [key]: value };
}

function nullableText(raw: Obj, key: 'displayName' | 'description' | 'helpText', path: string): Record<string, string | null> {
  const value = raw[key];
  if (value === undefined) return {};
  if (value !== null && typeof value !== 'string') throw new Problem(`${path}.${key} is not a string or null`);
  return { [key]: value };
}

function preset(value: unknown): SourcePreset {
  if (typeof value !== 'string' || !PRESETS.includes(value)) throw new Problem(`preset is not one of ${PRESETS.join(', ')}`);
  return value as SourcePreset;
}

function map<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): Record<string, T> {
  const raw = object(value, path);
  return recordFrom(Object.keys(raw).map((key) => [key, item(raw[key], `${path}.${key}`)] as const));
}

function object(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Problem(`${path} is not an object`);
  return value as Obj;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new Problem(`${path} is not a string`);
  return value;
}

function number(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Problem(`${path} is not a number`);
  return value;
}

function strings(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Problem(`${path} is not a list of strings`);
  return [...(value as string[])];
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new Problem(`${path} is not true or false`);
  return value;
}

/** A JSON value as parsed; anything else (never from JSON.parse) is a problem. */
function json(value: unknown, path: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (Array.isArray(value)) return value.map((item, index) => json(item, `${path}.${index}`));
  if (typeof value === 'object') {
    const raw = value as Obj;
    return recordFrom(Object.keys(raw).map((key) => [key, json(raw[key], `${path}.${key}`)] as const));
  }
  throw new Problem(`${path} is not a JSON value`);
}
