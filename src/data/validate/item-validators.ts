import type { ValidateFunction } from 'ajv';
import type { SourceDefinition } from '../../model/types.js';
import { compiledItemSchema, type JsonSchema } from './item-schema.js';
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
        const schema = compiledItemSchema(definition, typeName, routingFields);
        entry = { validate: ajv.compile(schema), schema };
        compiled.set(typeName, entry);
      }
      return entry.validate(item) ? [] : valueProblemsFromAjv(entry.validate.errors ?? []);
    },
  };
}
