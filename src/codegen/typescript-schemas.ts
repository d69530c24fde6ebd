import { compiledItemSchema, compiledPropertyTypeSchemas, type JsonSchema } from '../data/validate/item-schema.js';
import { compareText } from '../model/canonical.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';
import { typeScriptNames } from './names.js';

/** The schema keywords json-schema-to-typescript reads that graphform adds to the item schemas. */
export type TypeScriptSchema = JsonSchema & {
  description?: string;
  /** json-schema-to-typescript's escape hatch: the TypeScript type, as written. */
  tsType?: string;
  anyOf?: TypeScriptSchema[];
  extends?: TypeScriptSchema[];
  properties?: Record<string, TypeScriptSchema>;
  items?: TypeScriptSchema;
};

/** One named type to generate: its TypeScript name and the schema that json-schema-to-typescript compiles. */
export interface NamedSchema {
  graphqlName: string;
  typeScriptName: string;
  schema: TypeScriptSchema;
}

export interface TypeScriptInput {
  contentTypes: NamedSchema[];
  propertyTypes: NamedSchema[];
  /** Every named type by GraphQL name, for `$ref: #/definitions/<name>`. */
  definitions: Record<string, TypeScriptSchema>;
  /** TypeScript names of the concrete content types, sorted: the members of the source's union. */
  concrete: string[];
}

/**
 * The item schemas the data validator compiles (data/validate/item-schema.ts) reshaped
 * for TypeScript, and nothing else changed: a derived type keeps only what its bases do not have and `extends` them;
 * a property type becomes a named object type, and each use of it `X | null` (the schema
 * accepts null there); field titles, which json-schema-to-typescript would turn into
 * types named `String`, become descriptions where the TypeScript type does not say the
 * declared one (Int, Date, DateTime). Interfaces are exact (no index signature), as the
 * schemas are closed; the routing fields (data.idField, data.languageField) are `unknown`,
 * as the validator takes any value there.
 */
export function typeScriptInput(id: string, definition: SourceDefinition, routingFields: readonly string[]): TypeScriptInput {
  const contentNames = Object.keys(definition.contentTypes).sort(compareText);
  const propertyNames = Object.keys(definition.propertyTypes ?? {}).sort(compareText);
  const names = typeScriptNames([...contentNames, ...propertyNames]);
  const tsName = (name: string): string => names.get(name) ?? name;

  const contentTypes = contentNames.map((name): NamedSchema => {
    const own = ownValue(definition.contentTypes, name);
    const bases = (own?.contentType ?? []).filter((base) => ownValue(definition.contentTypes, base) !== undefined);
    const inherited = new Set(bases.flatMap((base) => Object.keys(compiledItemSchema(definition, base, routingFields, 'plain').properties ?? {})));
    const schema = compiledItemSchema(definition, name, routingFields, 'plain');
    const kept = Object.entries(schema.properties ?? {}).filter(([property]) => !inherited.has(property));
    const description = `${own?.abstract === true ? 'Abstract content type' : 'Content type'} ${name} of content source ${id}.`;
    const typed: TypeScriptSchema = {
      type: 'object',
      title: tsName(name),
      description,
      properties: recordFrom(kept.map(([property, value]) => [property, forTypeScript(value)])),
      required: (schema.required ?? []).filter((property) => !inherited.has(property)),
      additionalProperties: false,
    };
    if (bases.length > 0) typed.extends = bases.map((base) => ({ $ref: `#/definitions/${base}` }));
    return { graphqlName: name, typeScriptName: tsName(name), schema: typed };
  });

  const propertySchemas = compiledPropertyTypeSchemas(definition, 'plain');
  const propertyTypes = propertyNames.map((name): NamedSchema => {
    const properties = ownValue(propertySchemas, name)?.properties ?? {};
    const schema: TypeScriptSchema = {
      type: 'object',
      title: tsName(name),
      description: `Property type ${name} of content source ${id}.`,
      properties: recordFrom(Object.entries(properties).map(([property, value]) => [property, forTypeScript(value)])),
      additionalProperties: false,
    };
    return { graphqlName: name, typeScriptName: tsName(name), schema };
  });

  const definitions = recordFrom([...contentTypes, ...propertyTypes].map((named) => [named.graphqlName, named.schema]));
  const concrete = contentTypes.filter((named) => ownValue(definition.contentTypes, named.graphqlName)?.abstract !== true).map((named) => named.typeScriptName);
  return { contentTypes, propertyTypes, definitions, concrete };
}

/** A property's schema without titles, with property type references allowing null. */
function forTypeScript(schema: JsonSchema): TypeScriptSchema {
  if (schema.$ref !== undefined) return { anyOf: [{ $ref: schema.$ref }, { type: 'null' }] };
  const { title, items, properties, minimum: _minimum, maximum: _maximum, format: _format, ...rest } = schema;
  const result: TypeScriptSchema = { ...rest };
  if (items !== undefined) result.items = forTypeScript(items);
  if (properties !== undefined) result.properties = recordFrom(Object.entries(properties).map(([name, value]) => [name, forTypeScript(value)]));
  if (title !== undefined && saysMoreThanTypeScript(schema)) result.description = `Declared type: ${title}`;
  return result;
}

/** Int, Date and DateTime (also in lists) are `number` and `string` in TypeScript: the comment keeps the declared type. */
function saysMoreThanTypeScript(schema: JsonSchema): boolean {
  const inner = schema.items ?? schema;
  const types = Array.isArray(inner.type) ? inner.type : [inner.type];
  return types.includes('integer') || inner.format !== undefined;
}
