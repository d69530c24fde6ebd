import { EMULATOR_SCALARS, ownContentType } from './definition-references.js';
import type { ContentSourceV3, ContentTypePropertyV3 } from './wire-definition.js';

/**
 * The service's field names in data lines, as the emulator reads them: a property's value
 * arrives under `Name`, `Name___searchable` (full-text searchable) or `Name___skip` (stored
 * only); under `useTypedFieldNames` the scalar type comes between, `Name$$String___searchable`
 * (`[String]` gives `$$String`), and a property whose type is a property type keeps its plain
 * name. GraphQL serves every value under the plain name.
 *
 * Written here from the service's published rules, apart from graphform's own writer of
 * these names, so that a misreading on either side shows against the other.
 */

export const SEARCHABLE_SUFFIX = '___searchable';
export const STORED_ONLY_SUFFIX = '___skip';
const TYPE_MARK = '$$';

/** What a data line's key says about its value. */
export interface KeyReading {
  /** The property the key names: what GraphQL serves it under. */
  name: string;
  searchable: boolean;
}

/**
 * Reads a data line's key. The suffix comes last and the type first, so the suffix is cut
 * before the type; property names are GraphQL names and cannot hold `$`, so the first `$$`
 * starts a type. A key that is only a suffix names a property of that name.
 */
export function readKey(key: string): KeyReading {
  let searchable = false;
  let head = key;
  if (head.length > SEARCHABLE_SUFFIX.length && head.endsWith(SEARCHABLE_SUFFIX)) {
    searchable = true;
    head = head.slice(0, head.length - SEARCHABLE_SUFFIX.length);
  } else if (head.length > STORED_ONLY_SUFFIX.length && head.endsWith(STORED_ONLY_SUFFIX)) {
    head = head.slice(0, head.length - STORED_ONLY_SUFFIX.length);
  }
  const typeAt = head.indexOf(TYPE_MARK);
  return { name: typeAt > 0 ? head.slice(0, typeAt) : head, searchable };
}

/** One key a value of a plain name may be stored under, and whether it is a searchable one. */
export interface StoredKey {
  key: string;
  searchable: boolean;
}

const STORED_KEYS = new Map<string, readonly StoredKey[]>();
const MAX_STORED_KEYS_KEPT = 10_000;

/**
 * Every key a value GraphQL serves as `name` may be stored under, whatever the definition
 * said when it arrived: the searchable ones first (a value sent to be searched is the one
 * served), then the plain ones, then the stored-only ones, each bare and with each scalar's
 * type. Worked out once per name: every item of every query asks.
 */
export function storedKeys(name: string): readonly StoredKey[] {
  const kept = STORED_KEYS.get(name);
  if (kept !== undefined) return kept;
  const typed = [name, ...EMULATOR_SCALARS.map((scalar) => name + TYPE_MARK + scalar)];
  const keys = [
    ...typed.map((head) => ({ key: head + SEARCHABLE_SUFFIX, searchable: true })),
    ...typed.map((head) => ({ key: head, searchable: false })),
    ...typed.map((head) => ({ key: head + STORED_ONLY_SUFFIX, searchable: false })),
  ];
  if (STORED_KEYS.size < MAX_STORED_KEYS_KEPT) STORED_KEYS.set(name, keys);
  return keys;
}

type Flags = Pick<ContentTypePropertyV3, 'type' | 'searchable' | 'skip'>;

/**
 * The key a property's definition asks its values to arrive under. A property marked both
 * searchable and stored-only is searchable: a searchable value is stored as well.
 */
export function definedKey(name: string, property: Flags, definition: ContentSourceV3): string {
  const listed = /^\[(.*)\]$/.exec(property.type);
  const element = listed?.[1] ?? property.type;
  if (definition.propertyTypes !== undefined && Object.hasOwn(definition.propertyTypes, element)) return name;
  const type = definition.useTypedFieldNames === true ? TYPE_MARK + element : '';
  const suffix = property.searchable === true ? SEARCHABLE_SUFFIX : property.skip === true ? STORED_ONLY_SUFFIX : '';
  return name + type + suffix;
}

/** The top-level properties of one content type, by name and by the key they are defined to arrive under. */
export interface DefinedKeys {
  keyOf: ReadonlyMap<string, string>;
  nameOf: ReadonlyMap<string, string>;
}

/**
 * The defined keys of an item whose most-derived content type is `typeName`: its own
 * properties and its bases', a derived type's declaration of a name winning over a base's.
 * Undefined for a type the source does not have.
 */
export function definedKeys(definition: ContentSourceV3, typeName: string): DefinedKeys | undefined {
  if (ownContentType(definition, typeName) === undefined) return undefined;
  const declared = new Map<string, Flags>();
  const visited = new Set<string>();
  const collect = (name: string): void => {
    const contentType = ownContentType(definition, name);
    if (contentType === undefined || visited.has(name)) return;
    visited.add(name);
    for (const base of contentType.contentType) collect(base);
    for (const [property, flags] of Object.entries(contentType.properties ?? {})) declared.set(property, flags);
  };
  collect(typeName);
  const keyOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  for (const [name, flags] of declared) {
    const key = definedKey(name, flags, definition);
    keyOf.set(name, key);
    nameOf.set(key, name);
  }
  return { keyOf, nameOf };
}
