import type { ParsedDeclarationFile } from '../load/parse.js';
import type { DeclarationPath, SourceMap } from '../load/source-map.js';
import { isRecord } from '../model/is-record.js';

/**
 * A tolerant, typed reading of one declaration for the semantic rules: whatever parts are
 * well-formed, even when the schema check failed elsewhere in the file, so that one file
 * reports all of its problems in one run.
 */
export interface SourceView {
  file: string;
  sourceMap: SourceMap;
  /** The raw `id` value (validated by the id rule); undefined when absent. */
  id: unknown;
  contentTypes: ContentTypeView[];
  propertyTypes: PropertyTypeView[];
}

export interface PropertyView {
  name: string;
  /** undefined when `type` is missing or not a string (the schema check reports it). */
  type: string | undefined;
  path: DeclarationPath;
}

export interface PropertyTypePropertyView extends PropertyView {
  /** The explicit `name` field, when written. */
  nameField: string | undefined;
}

export interface BaseReference {
  name: string;
  path: DeclarationPath;
}

export interface ContentTypeView {
  name: string;
  path: DeclarationPath;
  bases: BaseReference[];
  properties: PropertyView[];
}

export interface PropertyTypeView {
  name: string;
  path: DeclarationPath;
  properties: PropertyTypePropertyView[];
}

/** The view of a file whose value is a map; undefined for unusable files. */
export function viewSource(parsed: ParsedDeclarationFile): SourceView | undefined {
  const root = asRecord(parsed.value);
  if (root === undefined) return undefined;
  return {
    file: parsed.file,
    sourceMap: parsed.sourceMap,
    id: root.id,
    contentTypes: entries(root.contentTypes).map(([name, raw]) => viewContentType(name, asRecord(raw))),
    propertyTypes: entries(root.propertyTypes).map(([name, raw]) => viewPropertyType(name, asRecord(raw))),
  };
}

function viewContentType(name: string, raw: Record<string, unknown> | undefined): ContentTypeView {
  const path = ['contentTypes', name];
  const bases: BaseReference[] = [];
  const list = raw?.contentType;
  if (Array.isArray(list)) {
    list.forEach((entry: unknown, index) => {
      if (typeof entry === 'string') bases.push({ name: entry, path: [...path, 'contentType', index] });
    });
  }
  const properties = entries(raw?.properties).map(([key, value]): PropertyView => {
    const type = asRecord(value)?.type;
    return new LazyPath(key, typeof type === 'string' ? type : undefined, path);
  });
  return { name, path, bases, properties };
}

function viewPropertyType(name: string, raw: Record<string, unknown> | undefined): PropertyTypeView {
  const path = ['propertyTypes', name];
  const properties = entries(raw?.properties).map(([key, value]): PropertyTypePropertyView => {
    const property = asRecord(value);
    const type = property?.type;
    const nameField = property?.name;
    return new LazyTypePropertyPath(key, typeof type === 'string' ? type : undefined, path, typeof nameField === 'string' ? nameField : undefined);
  });
  return { name, path, properties };
}

/**
 * A property's view, its path built only when asked (for a diagnostic): there is one per
 * property of every source, and nearly all are never reported.
 */
class LazyPath implements PropertyView {
  constructor(
    readonly name: string,
    readonly type: string | undefined,
    private readonly owner: DeclarationPath,
  ) {}

  get path(): DeclarationPath {
    return [...this.owner, 'properties', this.name];
  }
}

class LazyTypePropertyPath extends LazyPath implements PropertyTypePropertyView {
  constructor(
    name: string,
    type: string | undefined,
    owner: DeclarationPath,
    readonly nameField: string | undefined,
  ) {
    super(name, type, owner);
  }
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

function entries(value: unknown): [string, unknown][] {
  const record = asRecord(value);
  return record === undefined ? [] : Object.entries(record);
}
