import { ownContentType } from '../graph/definition-references.js';
import { ownValue } from '../graph/own.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import type { ItemField } from '../types.js';

/**
 * What the GraphQL endpoint's schema holds, worked out from the stored definitions without
 * the graphql package (which loads only when the endpoint is used): the types, their
 * fields and interfaces, the query fields, the locales, and every reason the schema
 * cannot be built. The real service says that content type names shared between sources
 * make "the schema not work"; so does the emulator, naming them.
 */

/** A property's GraphQL type: a scalar or a property type, alone or as a list. */
export interface FieldRef {
  name: string;
  list: boolean;
  /** The scalar behind the property, when it is one (String, Int, Float, Boolean, Date, DateTime). */
  scalar: string | undefined;
}

export interface FieldSpec {
  name: string;
  type: FieldRef;
}

export interface ContentTypeSpec {
  source: string;
  name: string;
  abstract: boolean;
  /** The abstract ancestors, transitively: GraphQL wants every interface named. */
  interfaces: string[];
  /** Own and inherited properties; a derived type's own declaration wins. */
  fields: FieldSpec[];
  /** The concrete types whose items this type's query returns: itself, or (abstract) its concrete descendants. */
  members: string[];
}

export interface PropertyTypeSpec {
  name: string;
  /** The first source that declares it; others may declare the very same shape. */
  source: string;
  fields: FieldSpec[];
}

export interface LocaleSpec {
  /** The enum value's name: the code with every character a GraphQL name cannot hold as `_`. */
  name: string;
  code: string;
}

export interface SchemaModel {
  contentTypes: ContentTypeSpec[];
  propertyTypes: PropertyTypeSpec[];
  locales: LocaleSpec[];
  /** The optional item fields (EmulatorOptions.itemFields) every content type serves besides ITEM_FIELDS. */
  itemFields: readonly ItemField[];
  /** Why the schema does not work; empty when it does. */
  problems: string[];
}

/** Type names of the endpoint itself: a content or property type of the same name breaks the schema. */
export const ENDPOINT_TYPE_NAMES: readonly string[] = [
  'Query',
  'Locales',
  'Ranking',
  'ContentLanguageModel',
  'StringFilterInput',
  'IntFilterInput',
  'FloatFilterInput',
  'BooleanFilterInput',
  'DateFilterInput',
  'DateTimeFilterInput',
  'SearchableStringFilterInput',
  'OrderBy',
  'OrderByFacetType',
  'StringFacet',
  'NumberFacet',
  'DateFacet',
  'RangeFacetsInput',
  'DateFacetUnit',
  'Date',
  'DateTime',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
];

/**
 * Fields every item has; a property of the same name is not shown (the service's own fields
 * win). So do the optional item fields the emulator is configured to serve (`Status`,
 * `_rbac`, `RolesWithReadAccess`: EmulatorOptions.itemFields), which schemaModel adds.
 */
export const ITEM_FIELDS: readonly string[] = ['_id', 'ContentType', 'Language'];

const SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime']);
const TYPE_REF = /^(\[)?([_A-Za-z][_0-9A-Za-z]*)\]?$/;

/** `pt-BR` → `pt_BR`: a language code as a GraphQL enum value. */
export function localeName(code: string): string {
  const name = code.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[_A-Za-z]/.test(name) ? name : `_${name}`;
}

export function fieldRef(type: string): FieldRef {
  const match = TYPE_REF.exec(type);
  const name = match?.[2] ?? type;
  return { name, list: match?.[1] !== undefined, scalar: SCALARS.has(name) ? name : undefined };
}

export function schemaModel(sources: ReadonlyArray<{ id: string; definition: ContentSourceV3 }>, itemFields: readonly ItemField[] = []): SchemaModel {
  const served: readonly string[] = [...ITEM_FIELDS, ...itemFields];
  const owners = new Map<string, string>(ENDPOINT_TYPE_NAMES.map((name) => [name, 'the endpoint itself']));
  const problems: string[] = [];
  /** Claims the names a type brings; reports the first one already taken, and then claims none. */
  const claim = (names: readonly string[], owner: string): boolean => {
    const clash = names.find((name) => owners.has(name));
    if (clash !== undefined) {
      problems.push(`the type name ${clash} is used by ${owners.get(clash) ?? ''} and by ${owner}`);
      return false;
    }
    for (const name of names) owners.set(name, owner);
    return true;
  };

  const propertyTypes = new Map<string, PropertyTypeSpec>();
  const contentTypes: ContentTypeSpec[] = [];
  const locales = new Map<string, LocaleSpec>();
  for (const { id, definition } of sources) {
    for (const code of definition.languages ?? []) {
      const name = localeName(code);
      if (!locales.has(name)) locales.set(name, { name, code });
    }
    for (const [name, type] of Object.entries(definition.propertyTypes ?? {})) {
      const fields = Object.entries(type.properties ?? {}).map(([property, p]) => ({ name: property, type: fieldRef(p.type) }));
      const known = propertyTypes.get(name);
      if (known === undefined) {
        if (claim([name, `${name}WhereInput`, `${name}OrderByInput`], `property type ${name} of source ${id}`))
          propertyTypes.set(name, { name, source: id, fields });
      } else if (JSON.stringify(known.fields) !== JSON.stringify(fields)) {
        problems.push(`property type ${name} is declared differently by sources ${known.source} and ${id}`);
      }
    }
    for (const name of Object.keys(definition.contentTypes ?? {})) {
      if (claim([name, `${name}Output`, `${name}WhereInput`, `${name}OrderByInput`, `${name}Facet`], `content type ${name} of source ${id}`))
        contentTypes.push(contentTypeSpec(id, definition, name, served));
    }
  }
  return { contentTypes, propertyTypes: [...propertyTypes.values()], locales: [...locales.values()], itemFields: [...itemFields], problems };
}

/** `itemFields`: the names the item itself serves (ITEM_FIELDS and the configured optional ones); a property of such a name is left out. */
function contentTypeSpec(source: string, definition: ContentSourceV3, name: string, itemFields: readonly string[]): ContentTypeSpec {
  const lineage = ancestors(definition, name);
  const fields = new Map<string, FieldSpec>();
  // Most distant ancestor first, so nearer declarations (and the type's own) replace theirs.
  for (const type of [...lineage].reverse().concat(name)) {
    for (const [property, p] of Object.entries(ownContentType(definition, type)?.properties ?? {})) {
      if (!itemFields.includes(property)) fields.set(property, { name: property, type: fieldRef(p.type) });
    }
  }
  const abstract = ownContentType(definition, name)?.abstract === true;
  const members = abstract
    ? Object.keys(definition.contentTypes ?? {}).filter(
        (other) => ownValue(definition.contentTypes, other)?.abstract !== true && ancestors(definition, other).includes(name),
      )
    : [name];
  return {
    source,
    name,
    abstract,
    interfaces: lineage.filter((type) => ownContentType(definition, type)?.abstract === true).sort(),
    fields: [...fields.values()],
    members: members.sort(),
  };
}

/** Every ancestor of a content type, nearest first, each once (the emulator refuses cycles, but a guard costs nothing). */
function ancestors(definition: ContentSourceV3, name: string): string[] {
  const found: string[] = [];
  const queue = [...(ownContentType(definition, name)?.contentType ?? [])];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (next === name || found.includes(next)) continue;
    found.push(next);
    queue.push(...(ownContentType(definition, next)?.contentType ?? []));
  }
  return found;
}
