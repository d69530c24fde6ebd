/**
 * The wire form of data field names, both ways: the one mapping every writer and reader of
 * items uses (data validate and push, the read-back's fingerprints). The emulator keeps its
 * own reading of the same rules (src/emulator/graph/field-keys.ts), so each side checks the other.
 *
 * The published API file says nothing about field names in data lines. The vendor's own
 * clients and tutorial do (docs/service-facts.md, "Data field names"): a property is sent as
 * `Name` (plain), `Name___searchable` (full-text searchable) or `Name___skip` (stored only,
 * the definition's `skip` flag); under the source's `useTypedFieldNames` the scalar type
 * comes first, `Name$$String___searchable`, `Count$$Int` (`[String]` gives `$$String`), and a
 * property whose type is a property type keeps its plain name (the fields inside its value
 * follow the same rule). GraphQL reads every field back under its plain name.
 *
 * Depends on no other module but its line scanner: callers pass their definitions, which
 * have the shape below.
 */

import { minifiedEntries } from './wire-line.js';

export const SEARCHABLE_SUFFIX = '___searchable';
export const SKIP_SUFFIX = '___skip';
export const TYPE_MARK = '$$';

export type WireSuffix = 'searchable' | 'skip';

/** What decides a property's wire name. */
export interface WireFlags {
  type: string;
  searchable?: boolean | undefined;
  skip?: boolean | undefined;
}

interface WireProperties {
  properties?: Readonly<Record<string, WireFlags>> | undefined;
}

/** The parts of a source definition the names depend on (graphform's SourceDefinition has it, and so does a definition read from the service). */
export interface WireShape {
  useTypedFieldNames?: boolean | undefined;
  propertyTypes?: Readonly<Record<string, WireProperties>> | undefined;
  contentTypes?: Readonly<Record<string, WireProperties & { contentType: readonly string[] }>> | undefined;
}

/** A key of a data line read as a wire name: the plain name, the `$$Type` and the suffix it carries. */
export interface ParsedWireName {
  name: string;
  typeTag: string | undefined;
  suffix: WireSuffix | undefined;
}

/** `[String]` → `String`: the element type, which `$$Type` and property types go by. */
export function elementType(type: string): string {
  const list = /^\[(.+)\]$/.exec(type);
  return list === null ? type : (list[1] ?? type);
}

/**
 * The suffix a property's flags give. `searchable` wins over `skip` when both are set (a
 * searchable field is stored too, so nothing declared searchable is left out of search);
 * `graphform validate` warns of the two together (GF_SEARCHABLE_AND_SKIP).
 */
export function suffixOf(flags: WireFlags): WireSuffix | undefined {
  return flags.searchable === true ? 'searchable' : flags.skip === true ? 'skip' : undefined;
}

/** The wire name of property `name`; `isPropertyType` tells a property type from a scalar. */
export function wireName(name: string, flags: WireFlags, typed: boolean, isPropertyType: (type: string) => boolean): string {
  const element = elementType(flags.type);
  const nested = isPropertyType(element);
  // The vendor's client gives a property type's field its plain name under every setting.
  if (nested) return name;
  const suffix = suffixOf(flags);
  return `${name}${typed ? `${TYPE_MARK}${element}` : ''}${suffix === 'searchable' ? SEARCHABLE_SUFFIX : suffix === 'skip' ? SKIP_SUFFIX : ''}`;
}

/**
 * Reads a key as a wire name. Property names are GraphQL names, which cannot hold `$`, so
 * `$$` always starts a type; a name may end in `___skip` itself, so callers look a key up
 * among the declared names first and parse only what is not one.
 */
export function parseWireName(key: string): ParsedWireName {
  let rest = key;
  let suffix: WireSuffix | undefined;
  if (rest.endsWith(SEARCHABLE_SUFFIX) && rest.length > SEARCHABLE_SUFFIX.length) {
    suffix = 'searchable';
    rest = rest.slice(0, -SEARCHABLE_SUFFIX.length);
  } else if (rest.endsWith(SKIP_SUFFIX) && rest.length > SKIP_SUFFIX.length) {
    suffix = 'skip';
    rest = rest.slice(0, -SKIP_SUFFIX.length);
  }
  const mark = rest.indexOf(TYPE_MARK);
  if (mark > 0) return { name: rest.slice(0, mark), typeTag: rest.slice(mark + TYPE_MARK.length), suffix };
  return { name: rest, typeTag: undefined, suffix };
}

/** One declared field of an object (an item of a content type, or a property type's value). */
export interface WireField {
  /** The declared (plain) name: what GraphQL serves. */
  name: string;
  /** What is sent. */
  wire: string;
  /** The property type of the value (or of each element of a list), when it is one. */
  nested: string | undefined;
}

/** The declared fields of one object shape, by plain and by wire name. */
export interface WireTable {
  byPlain: ReadonlyMap<string, WireField>;
  byWire: ReadonlyMap<string, WireField>;
  /** Some field's wire name differs from its plain one, here or in a property type it holds. */
  renames: boolean;
}

/** The fields of every content type and property type of one source, worked out once per definition. */
export class WireNames {
  private readonly typed: boolean;
  private readonly contentTables = new Map<string, WireTable>();
  private readonly propertyTables = new Map<string, WireTable>();
  /** Whether any field of the source is sent under a name other than its plain one. */
  readonly renames: boolean;

  constructor(private readonly definition: WireShape) {
    this.typed = definition.useTypedFieldNames === true;
    const isPropertyType = (type: string): boolean => this.propertyType(type) !== undefined;
    for (const [name, propertyType] of Object.entries(definition.propertyTypes ?? {})) {
      this.propertyTables.set(name, this.table(Object.entries(propertyType.properties ?? {}), isPropertyType));
    }
    for (const name of Object.keys(definition.contentTypes ?? {})) {
      this.contentTables.set(name, this.table(this.effective(name), isPropertyType));
    }
    let renames = false;
    for (const table of [...this.contentTables.values(), ...this.propertyTables.values()]) renames ||= table.renames;
    this.renames = renames;
  }

  /** The fields of an item whose most-derived content type is `typeName` (its bases' included). */
  contentType(typeName: string): WireTable | undefined {
    return this.contentTables.get(typeName);
  }

  propertyType(name: string): WireTable | undefined {
    return this.propertyTables.get(name);
  }

  /**
   * The item with every declared field under its wire name, nested property type values
   * too; the same object when nothing is renamed. Keys it does not know stay as they are
   * (validation has named them); a plain and a wire key of one field both in the item is a
   * validation error, so it never gets here from a valid item.
   */
  toWire(item: Record<string, unknown>, typeName: string): Record<string, unknown> {
    const table = this.contentTables.get(typeName);
    return table === undefined || !table.renames ? item : this.renameObject(item, table);
  }

  /** Whether toWire would change the item. */
  needsRename(item: Record<string, unknown>, typeName: string): boolean {
    const table = this.contentTables.get(typeName);
    return table !== undefined && table.renames && this.objectNeedsRename(item, table);
  }

  /**
   * The same as JSON.stringify(toWire(JSON.parse(line))) for a minified data line whose keys
   * hold no escapes, worked on the text: only the top-level keys that need it are replaced,
   * nothing is parsed but the ContentType value. Undefined when the line is not of that kind
   * (an escaped key, a nested value that renames, no ContentType): the caller goes the
   * parsing way. The line as it is when nothing is renamed.
   */
  renameLine(line: string): string | undefined {
    const entries = minifiedEntries(line);
    if (entries === undefined) return undefined;
    if (entries.length === 0) return line;
    const typeEntry = entries.find((entry) => entry.key === 'ContentType');
    if (typeEntry === undefined) return undefined;
    const types: unknown = JSON.parse(line.slice(typeEntry.valueFrom, typeEntry.valueTo));
    const typeName = Array.isArray(types) ? types[types.length - 1] : undefined;
    const table = typeof typeName === 'string' ? this.contentTables.get(typeName) : undefined;
    if (table === undefined || !table.renames) return line;
    let out = '';
    let copied = 0;
    for (const { key, keyFrom: from, keyEnd } of entries) {
      const field = table.byPlain.get(key) ?? table.byWire.get(key);
      if (field === undefined) continue;
      if (field.nested !== undefined && this.propertyTables.get(field.nested)?.renames === true) return undefined;
      if (field.wire === key) continue;
      out += `${line.slice(copied, from + 1)}${field.wire}`;
      copied = keyEnd;
    }
    return copied === 0 ? line : out + line.slice(copied);
  }

  private renameObject(value: Record<string, unknown>, table: WireTable): Record<string, unknown> {
    if (!this.objectNeedsRename(value, table)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const field = table.byPlain.get(key) ?? table.byWire.get(key);
      const child = value[key];
      const renamed = field?.nested === undefined ? child : this.renameNested(child, field.nested);
      Object.defineProperty(out, field?.wire ?? key, { value: renamed, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  private renameNested(value: unknown, propertyType: string): unknown {
    const table = this.propertyTables.get(propertyType);
    if (table === undefined || !table.renames) return value;
    if (Array.isArray(value)) return value.map((element) => (isPlainObject(element) ? this.renameObject(element, table) : element));
    return isPlainObject(value) ? this.renameObject(value, table) : value;
  }

  private objectNeedsRename(value: Record<string, unknown>, table: WireTable): boolean {
    for (const key of Object.keys(value)) {
      const field = table.byPlain.get(key) ?? table.byWire.get(key);
      if (field === undefined) continue;
      if (field.wire !== key) return true;
      if (field.nested !== undefined && this.nestedNeedsRename(value[key], field.nested)) return true;
    }
    return false;
  }

  private nestedNeedsRename(value: unknown, propertyType: string): boolean {
    const table = this.propertyTables.get(propertyType);
    if (table === undefined || !table.renames) return false;
    if (Array.isArray(value)) return value.some((element) => isPlainObject(element) && this.objectNeedsRename(element, table));
    return isPlainObject(value) && this.objectNeedsRename(value, table);
  }

  /** Own properties and every base's, bases first, so a derived type's declaration wins. */
  private effective(typeName: string): [string, WireFlags][] {
    const result = new Map<string, WireFlags>();
    const visit = (name: string, seen: Set<string>): void => {
      const contentTypes = this.definition.contentTypes ?? {};
      if (!Object.hasOwn(contentTypes, name) || seen.has(name)) return;
      seen.add(name);
      const contentType = contentTypes[name];
      for (const base of contentType?.contentType ?? []) visit(base, seen);
      for (const [property, flags] of Object.entries(contentType?.properties ?? {})) result.set(property, flags);
    };
    visit(typeName, new Set());
    return [...result];
  }

  private table(properties: readonly [string, WireFlags][], isPropertyType: (type: string) => boolean): WireTable {
    const byPlain = new Map<string, WireField>();
    const byWire = new Map<string, WireField>();
    let renames = false;
    const nestedTypes: string[] = [];
    for (const [name, flags] of properties) {
      const element = elementType(flags.type);
      const nested = Object.hasOwn(this.definition.propertyTypes ?? {}, element) ? element : undefined;
      const field: WireField = { name, wire: wireName(name, flags, this.typed, isPropertyType), nested };
      byPlain.set(name, field);
      byWire.set(field.wire, field);
      renames ||= field.wire !== name;
      if (nested !== undefined) nestedTypes.push(nested);
    }
    // A property type's table may not be built yet (they can refer to each other): its own
    // flags are read straight from the definition, transitively.
    renames ||= nestedTypes.some((type) => this.propertyTypeRenames(type, new Set()));
    return { byPlain, byWire, renames };
  }

  private propertyTypeRenames(type: string, seen: Set<string>): boolean {
    if (seen.has(type)) return false;
    seen.add(type);
    const propertyTypes = this.definition.propertyTypes ?? {};
    const properties = Object.entries((Object.hasOwn(propertyTypes, type) ? propertyTypes[type] : undefined)?.properties ?? {});
    return properties.some(([, flags]) => {
      const element = elementType(flags.type);
      if (Object.hasOwn(propertyTypes, element)) return this.propertyTypeRenames(element, seen);
      return this.typed || suffixOf(flags) !== undefined;
    });
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
