import type { ValidateFunction } from 'ajv';
import type { SourceDefinition } from '../../model/types.js';
import { recordFrom } from '../../model/own.js';
import { itemSchema, type JsonSchema } from './item-schema.js';
import { valueProblemsFromAjv, type ValueProblem } from './value-problems.js';

/** Checks data lines against their most-derived content type; one compiled schema per type. */
export interface ItemValidators {
  check(typeName: string, item: Record<string, unknown>): ValueProblem[];
}

/**
 * Loads ajv on first use (so the CLI starts fast when no data is validated) and compiles
 * each content type's schema once, the first time an item of that type is seen.
 * `routingFields` (data.idField, data.languageField) are expected on plain items and never
 * reported as undeclared.
 */
export async function createItemValidators(definition: SourceDefinition, routingFields: readonly string[] = []): Promise<ItemValidators> {
  const [{ default: ajvModule }, { default: formatsModule }] = await Promise.all([import('ajv'), import('ajv-formats')]);
  // ownProperties: a declared property named `toString` must not match the item's inherited method.
  const ajv = new ajvModule.default({ allErrors: true, verbose: true, strict: false, ownProperties: true });
  formatsModule.default(ajv, ['date', 'date-time']);
  const compiled = new Map<string, { validate: ValidateFunction; schema: JsonSchema }>();

  return {
    check(typeName, item) {
      let entry = compiled.get(typeName);
      if (entry === undefined) {
        const schema = reportingUndeclared(itemSchema(definition, typeName), routingFields);
        entry = { validate: ajv.compile(schema), schema };
        compiled.set(typeName, entry);
      }
      return entry.validate(item) ? [] : valueProblemsFromAjv(entry.validate.errors ?? []);
    },
  };
}

/**
 * The schema as compiled: `additionalProperties: false` on the item and on every property
 * type, so ajv's generated code finds undeclared fields in the same pass (they become
 * warnings, see value-problems); the routing fields are allowed at the top.
 */
function reportingUndeclared(schema: JsonSchema, routingFields: readonly string[]): JsonSchema {
  // Field and type names are user-given (config, declarations): recordFrom keeps each an own key.
  const top = recordFrom(routingFields.map((field): [string, JsonSchema] => [field, {}]));
  const definitions = recordFrom(Object.entries(schema.definitions ?? {}).map(([name, definition]) => [name, { ...definition, additionalProperties: false }]));
  return { ...schema, properties: { ...top, ...schema.properties }, additionalProperties: false, definitions };
}
