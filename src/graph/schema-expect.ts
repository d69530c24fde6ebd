import { elementType } from '../data/wire-names.js';
import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import { ITEM_SERVICE_FIELDS, SCALAR_TYPES, type SourceDefinition } from '../model/types.js';
import { typeProperties } from './export-query.js';

/**
 * A type GraphQL must serve for a definition: a content type (object or interface) or a property
 * type (object), and each field's type written `String`, `[Int]`, `Size`.
 */
export interface ExpectedType {
  name: string;
  /** The kinds it may have: a concrete content type or property type is an OBJECT, an abstract content type an INTERFACE. */
  kinds: readonly string[];
  what: 'content type' | 'property type';
  /** Field name → expected type; undefined where only presence is checked (fields every item has). */
  fields: Map<string, string | undefined>;
}

/** Fields every item has, whose GraphQL type is the service's own, not a property's. */
const ITEM_FIELDS: readonly string[] = ['_id', 'ContentType', 'Language', ...ITEM_SERVICE_FIELDS];

/**
 * What GraphQL serves once it serves `definition`: every content type with every property,
 * own and inherited, each of its declared type, and every property type those reach, with
 * its properties. A declared property named like an item field (`Status`) is served as the
 * item field, so only its presence is checked.
 */
export function expectedTypes(definition: SourceDefinition): ExpectedType[] {
  const expected: ExpectedType[] = [];
  const reached = new Set<string>();
  const reach = (declared: string): void => {
    const element = elementType(declared);
    if ((SCALAR_TYPES as readonly string[]).includes(element) || reached.has(element)) return;
    const propertyType = ownValue(definition.propertyTypes ?? {}, element);
    if (propertyType === undefined) return;
    reached.add(element);
    const fields = new Map<string, string | undefined>();
    expected.push({ name: element, kinds: ['OBJECT'], what: 'property type', fields });
    for (const [name, property] of Object.entries(propertyType.properties).sort(([a], [b]) => (a < b ? -1 : 1))) {
      fields.set(name, property.type);
      reach(property.type);
    }
  };
  for (const type of Object.keys(definition.contentTypes).sort()) {
    const fields = new Map<string, string | undefined>();
    const abstract = ownValue(definition.contentTypes, type)?.abstract === true;
    expected.push({ name: type, kinds: abstract ? ['INTERFACE'] : ['OBJECT'], what: 'content type', fields });
    for (const [name, declared] of [...typeProperties(definition, type)].sort(([a], [b]) => (a < b ? -1 : 1))) {
      fields.set(name, ITEM_FIELDS.includes(name) ? undefined : declared);
      reach(declared);
    }
  }
  return expected;
}

/** The introspection selection that servedType reads: a field's type through two wrappers (`[String!]!`). */
export const TYPE_REF_SELECTION = 'type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

/**
 * An introspected type reference written as a declaration writes it: `String`, `[Int]`; non-null
 * is left out. Undefined when it is not one graphform can read.
 */
export function servedType(ref: unknown): string | undefined {
  if (!isRecord(ref)) return undefined;
  if (ref.kind === 'NON_NULL') return servedType(ref.ofType);
  if (ref.kind === 'LIST') {
    const inner = servedType(ref.ofType);
    return inner === undefined ? undefined : `[${inner}]`;
  }
  return typeof ref.name === 'string' ? ref.name : undefined;
}
