import { compiledItemSchema, compiledPropertyTypeSchemas, type JsonSchema } from '../data/validate/item-schema.js';
import { compareText } from '../model/canonical.js';
import { ownValue, recordFrom } from '../model/own.js';
import type { SourceDefinition } from '../model/types.js';

/** The JSON Schema document written to `<id>.schema.json`. */
export type SourceSchemaDocument = JsonSchema & { $schema: string; $comment: string; description: string; anyOf: JsonSchema[] };

/**
 * One JSON Schema document per source: under `definitions`, each content type's item schema
 * exactly as the data validator compiles it (data/validate/item-schema.ts, not a second
 * copy: closed to undeclared fields, the routing fields `routingFields` allowed) and each
 * property type, with the document itself accepting an item of any concrete type. Every item schema carries the same property type `definitions`; here they are
 * hoisted to the document, where their `$ref: #/definitions/X` still point (content type
 * and property type names never clash within a source: a validation rule).
 */
export function sourceJsonSchema(id: string, definition: SourceDefinition, routingFields: readonly string[], header: readonly string[]): SourceSchemaDocument {
  const contentTypes = Object.keys(definition.contentTypes).sort(compareText);
  const schemas: [string, JsonSchema][] = contentTypes.map((name) => {
    const { definitions: _hoisted, ...schema } = compiledItemSchema(definition, name, routingFields);
    return [name, schema];
  });
  const definitions = recordFrom([...schemas, ...Object.entries(compiledPropertyTypeSchemas(definition))].sort(([a], [b]) => compareText(a, b)));
  const concrete = contentTypes.filter((name) => ownValue(definition.contentTypes, name)?.abstract !== true);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: header.join(' '),
    title: id,
    description:
      `An item of content source ${id}${(definition.label ?? '') === '' ? '' : ` (${definition.label ?? ''})`}: ` +
      `one of its concrete content types, ${concrete.join(', ') || 'none declared'}.`,
    anyOf: concrete.map((name) => ({ $ref: `#/definitions/${name}` })),
    definitions,
  };
}
