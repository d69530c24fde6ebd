import { isRecord } from '../graph/own.js';
import type { ContentSourceV3, ContentTypePropertyV3 } from '../graph/wire-definition.js';

/**
 * Which stored key GraphQL serves each property from: the one the definition GraphQL serves
 * names it by (`Name___searchable` for a searchable Name, `Name___skip` for a stored-only one,
 * `Name$$String…` under useTypedFieldNames; a property type's field keeps its plain name).
 * The emulator's own reading of the names the vendor's clients send, apart from graphform's
 * client code, so that a misreading on either side fails against the other.
 */

const SEARCHABLE = '___searchable';
const SKIP = '___skip';
const TYPE_MARK = '$$';

/** A property as GraphQL serves it: the key its value is read from, and the property type of the value, if any. */
export interface ServedField {
  key: string;
  nested: string | undefined;
}

/** Plain name → the field, for one object shape (an item of a content type, or a property type's value). */
export type ServedTable = ReadonlyMap<string, ServedField>;

/** The plain name a stored key stands for: `Name$$String___searchable` → `Name`. */
export function plainNameOf(key: string): string {
  let rest = key;
  if (rest.endsWith(SEARCHABLE) && rest.length > SEARCHABLE.length) rest = rest.slice(0, -SEARCHABLE.length);
  else if (rest.endsWith(SKIP) && rest.length > SKIP.length) rest = rest.slice(0, -SKIP.length);
  const mark = rest.indexOf(TYPE_MARK);
  return mark > 0 ? rest.slice(0, mark) : rest;
}

/** The served keys of one source's content types and property types, worked out once per definition. */
export class ServedFields {
  private readonly contentTables = new Map<string, ServedTable>();
  private readonly propertyTables = new Map<string, ServedTable>();

  constructor(private readonly definition: ContentSourceV3) {
    for (const [name, propertyType] of Object.entries(definition.propertyTypes ?? {}))
      this.propertyTables.set(name, this.table(Object.entries(propertyType.properties ?? {})));
  }

  /** The fields of an item whose most-derived content type is `typeName`, its bases' included. */
  contentType(typeName: string): ServedTable | undefined {
    let table = this.contentTables.get(typeName);
    if (table === undefined && Object.hasOwn(this.definition.contentTypes ?? {}, typeName)) {
      table = this.table(this.effective(typeName));
      this.contentTables.set(typeName, table);
    }
    return table;
  }

  propertyType(name: string): ServedTable | undefined {
    return this.propertyTables.get(name);
  }

  private table(properties: ReadonlyArray<readonly [string, Pick<ContentTypePropertyV3, 'type' | 'searchable' | 'skip'>]>): ServedTable {
    const typed = this.definition.useTypedFieldNames === true;
    const table = new Map<string, ServedField>();
    for (const [name, property] of properties) {
      const element = /^\[(.+)\]$/.exec(property.type)?.[1] ?? property.type;
      if (Object.hasOwn(this.definition.propertyTypes ?? {}, element)) {
        table.set(name, { key: name, nested: element });
        continue;
      }
      const suffix = property.searchable === true ? SEARCHABLE : property.skip === true ? SKIP : '';
      table.set(name, { key: `${name}${typed ? `${TYPE_MARK}${element}` : ''}${suffix}`, nested: undefined });
    }
    return table;
  }

  /** Bases' properties first, so a derived type's declaration of the same name wins. */
  private effective(typeName: string): Array<[string, ContentTypePropertyV3]> {
    const byName = new Map<string, ContentTypePropertyV3>();
    const seen = new Set<string>();
    const visit = (name: string): void => {
      const contentType = Object.hasOwn(this.definition.contentTypes ?? {}, name) ? this.definition.contentTypes?.[name] : undefined;
      if (contentType === undefined || seen.has(name)) return;
      seen.add(name);
      for (const base of contentType.contentType) visit(base);
      for (const [property, declared] of Object.entries(contentType.properties ?? {})) byName.set(property, declared);
    };
    visit(typeName);
    return [...byName];
  }
}

const CACHE = new WeakMap<ContentSourceV3, ServedFields>();

/** The served fields of a definition, worked out once per definition object (a stored definition is never changed in place). */
export function servedFieldsOf(definition: ContentSourceV3): ServedFields {
  let fields = CACHE.get(definition);
  if (fields === undefined) CACHE.set(definition, (fields = new ServedFields(definition)));
  return fields;
}

/**
 * A stored object (an item's data line, or a property type's value in it) as GraphQL sees it:
 * a property's value only under the key the served definition gives it, and not under a key
 * `unindexed` names (one the served schema did not have when the item was pushed). Keys that
 * name no property of the type (the item's own fields: ContentType, Status, _rbac …) stay.
 * The same object when nothing is left out.
 */
export function servedData(data: Record<string, unknown>, table: ServedTable, fields: ServedFields, unindexed?: ReadonlySet<string>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(data)) {
    const field = table.get(plainNameOf(key));
    if (field === undefined) continue;
    const keep = field.key === key && unindexed?.has(key) !== true;
    const nested = keep && field.nested !== undefined ? servedNested(value, field.nested, fields) : value;
    if (keep && nested === value) continue;
    out ??= { ...data };
    if (keep) out[key] = nested;
    else delete out[key];
  }
  return out ?? data;
}

function servedNested(value: unknown, propertyType: string, fields: ServedFields): unknown {
  const table = fields.propertyType(propertyType);
  if (table === undefined) return value;
  if (Array.isArray(value)) {
    const elements = value.map((element) => (isRecord(element) ? servedData(element, table, fields) : element));
    return elements.every((element, i) => element === value[i]) ? value : elements;
  }
  return isRecord(value) ? servedData(value, table, fields) : value;
}

/** The keys of a pushed data line that the served definition does not serve for its type: what a push before the schema has them leaves unindexed. */
export function keysNotServed(data: Record<string, unknown>, table: ServedTable | undefined, itemFields: ReadonlySet<string>): string[] {
  const served = new Set<string>();
  for (const field of table?.values() ?? []) served.add(field.key);
  return Object.keys(data).filter((key) => !served.has(key) && !itemFields.has(key));
}
