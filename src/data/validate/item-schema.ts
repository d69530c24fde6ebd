import { ownValue, recordFrom, setOwn } from '../../model/own.js';
import type { SourceDefinition } from '../../model/types.js';
import { WireNames, type WireTable } from '../wire-names.js';

/** The subset of JSON Schema graphform derives; plain data, so it can be printed and tested. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minItems?: number;
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  additionalProperties?: boolean;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * Fields every data line may carry without a declaration: the service uses them itself.
 * They win over a declared property of the same name, since the service reads them.
 */
export const SERVICE_FIELDS: Record<string, JsonSchema> = {
  ContentType: { type: 'array', title: '[String]', items: { type: 'string', title: 'String' }, minItems: 1 },
  Language: {
    type: 'object',
    title: 'Language',
    properties: { Name: { type: 'string', title: 'String' }, DisplayName: { type: 'string', title: 'String' } },
  },
  Status: { type: 'string', title: 'String' },
  RolesWithReadAccess: { type: 'string', title: 'String' },
  _rbac: { type: 'string', title: 'String' },
  __typename: { type: 'string', title: 'String' },
};

/** A property's declared type as JSON Schema. Null stands for "no value" and is accepted. */
export function propertySchema(type: string, definition: SourceDefinition): JsonSchema {
  const list = /^\[(.+)\]$/.exec(type);
  if (list !== null) return { type: ['array', 'null'], title: type, items: nonNull(propertySchema(list[1] ?? '', definition)) };
  switch (type) {
    case 'String':
      return { type: ['string', 'null'], title: type };
    case 'Int':
      return { type: ['integer', 'null'], title: type, minimum: INT_MIN, maximum: INT_MAX };
    case 'Float':
      return { type: ['number', 'null'], title: type };
    case 'Boolean':
      return { type: ['boolean', 'null'], title: type };
    case 'Date':
      return { type: ['string', 'null'], title: type, format: 'date' };
    case 'DateTime':
      return { type: ['string', 'null'], title: type, format: 'date-time' };
    default:
      // A property type is an object; a configured extra scalar has no known shape.
      return ownValue(definition.propertyTypes, type) === undefined ? { title: type } : { $ref: `#/definitions/${type}` };
  }
}

/** List elements are values, not "no value": `[1, null]` is refused. */
function nonNull(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((t) => t !== 'null');
  return { ...schema, type: types.length === 1 ? (types[0] ?? 'null') : types };
}

/** Own properties plus every base's, bases first, so a derived type can refine nothing away. */
export function effectiveProperties(definition: SourceDefinition, typeName: string): Record<string, string> {
  const result: Record<string, string> = {};
  const visit = (name: string, seen: Set<string>): void => {
    const contentType = ownValue(definition.contentTypes, name);
    if (contentType === undefined || seen.has(name)) return;
    seen.add(name);
    for (const base of contentType.contentType) visit(base, seen);
    for (const [property, declared] of Object.entries(contentType.properties)) setOwn(result, property, declared.type);
  };
  visit(typeName, new Set());
  return result;
}

/** Every base of a content type, transitively, nearest first. */
export function ancestorsOf(definition: SourceDefinition, typeName: string): string[] {
  const result: string[] = [];
  const visit = (name: string): void => {
    for (const base of ownValue(definition.contentTypes, name)?.contentType ?? []) {
      if (result.includes(base) || base === typeName) continue;
      result.push(base);
      visit(base);
    }
  };
  visit(typeName);
  return result;
}

/**
 * Which names an item schema takes for a declared property: `both` its plain and its wire
 * name (data files may use either, wire-names.ts), `plain` only (the TypeScript write shape).
 */
export type SchemaNames = 'both' | 'plain';

/** The wire names of each definition, worked out once: every schema and record of a push asks. */
const WIRE_NAMES = new WeakMap<SourceDefinition, WireNames>();

export function wireNamesOf(definition: SourceDefinition): WireNames {
  let names = WIRE_NAMES.get(definition);
  if (names === undefined) WIRE_NAMES.set(definition, (names = new WireNames(definition)));
  return names;
}

/** The JSON Schema of a data line whose most-derived content type is `typeName`. */
export function itemSchema(definition: SourceDefinition, typeName: string, names: SchemaNames = 'both'): JsonSchema {
  // Declared names are user-given: recordFrom keeps each an own key; the service's fields win.
  const declared = Object.entries(effectiveProperties(definition, typeName)).map(([name, type]): [string, JsonSchema] => [
    name,
    propertySchema(type, definition),
  ]);
  const properties = recordFrom([...withWireNames(declared, wireNamesOf(definition).contentType(typeName), names), ...Object.entries(SERVICE_FIELDS)]);
  return { type: 'object', title: typeName, properties, required: ['ContentType'], definitions: propertyTypeSchemas(definition, names) };
}

/**
 * The declared properties, each followed (`both`) by its wire name where that differs, with
 * the same schema; with `plain`, a renamed property says in its description what is sent.
 */
function withWireNames(declared: readonly [string, JsonSchema][], table: WireTable | undefined, names: SchemaNames): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  for (const [name, schema] of declared) {
    const wire = table?.byPlain.get(name)?.wire ?? name;
    if (wire === name) out.push([name, schema]);
    else if (names === 'plain') out.push([name, { ...schema, description: `Sent as \`${wire}\`.` }]);
    else out.push([name, schema], [wire, schema]);
  }
  return out;
}

/** Each property type as JSON Schema, by name: the `definitions` that item schemas `$ref`. */
export function propertyTypeSchemas(definition: SourceDefinition, names: SchemaNames = 'both'): Record<string, JsonSchema> {
  const wire = wireNamesOf(definition);
  return recordFrom(
    Object.entries(definition.propertyTypes ?? {}).map(([name, propertyType]): [string, JsonSchema] => {
      const declared = Object.entries(propertyType.properties).map(([key, property]): [string, JsonSchema] => [key, propertySchema(property.type, definition)]);
      return [name, { type: ['object', 'null'], title: name, properties: recordFrom(withWireNames(declared, wire.propertyType(name), names)) }];
    }),
  );
}

/**
 * The schema as the data validator compiles it (item-validators.ts), and as codegen writes
 * it: `additionalProperties: false` on the item and on every property type, so ajv's
 * generated code finds undeclared fields in the same pass (they become warnings, see
 * value-problems); the routing fields (data.idField, data.languageField) are allowed at the top.
 */
export function compiledItemSchema(definition: SourceDefinition, typeName: string, routingFields: readonly string[], names: SchemaNames = 'both'): JsonSchema {
  const schema = itemSchema(definition, typeName, names);
  // Field and type names are user-given (config, declarations): recordFrom keeps each an own key.
  const top = recordFrom(routingFields.map((field): [string, JsonSchema] => [field, {}]));
  return { ...schema, properties: { ...top, ...schema.properties }, additionalProperties: false, definitions: compiledPropertyTypeSchemas(definition, names) };
}

/** The `definitions` of every compiled item schema: each property type, closed to undeclared fields. */
export function compiledPropertyTypeSchemas(definition: SourceDefinition, names: SchemaNames = 'both'): Record<string, JsonSchema> {
  return recordFrom(Object.entries(propertyTypeSchemas(definition, names)).map(([name, schema]) => [name, { ...schema, additionalProperties: false }]));
}
