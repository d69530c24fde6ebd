import type { ValidateFunction } from 'ajv';
import type { SourceDefinition } from '../../model/types.js';
import type { FormatCheck } from './clean-schema.js';
import { compiledItemSchema, type JsonSchema } from './item-schema.js';
import { valueProblemsFromAjv, type ValueProblem } from './value-problems.js';

/** Checks data lines against their most-derived content type; one compiled schema per type. */
export interface ItemValidators {
  check(typeName: string, item: Record<string, unknown>): ValueProblem[];
  /** Compiles the type's schema as check() would (failing as it would) and returns the schema compiled. */
  prepare(typeName: string): JsonSchema;
  /** The format check ajv runs on a string for `format: name`; undefined when it is not one on strings alone. */
  format(name: string): FormatCheck | undefined;
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
  // No meta-schema: the schemas are graphform's own (item-schema.ts; its tests check them
  // against draft-07), and checking each against the meta-schema cost every thread of a
  // push about 25 ms before its first item.
  const ajv = new ajvModule.default({ allErrors: true, verbose: true, strict: false, ownProperties: true, meta: false, validateSchema: false });
  formatsModule.default(ajv, ['date', 'date-time']);
  const compiled = new Map<string, { validate: ValidateFunction; schema: JsonSchema }>();
  const entry = (typeName: string): { validate: ValidateFunction; schema: JsonSchema } => {
    let found = compiled.get(typeName);
    if (found === undefined) {
      const schema = compiledItemSchema(definition, typeName, routingFields);
      found = { validate: ajv.compile(schema), schema };
      compiled.set(typeName, found);
    }
    return found;
  };

  return {
    check(typeName, item) {
      const { validate } = entry(typeName);
      return validate(item) ? [] : valueProblemsFromAjv(validate.errors ?? []);
    },
    prepare(typeName) {
      return entry(typeName).schema;
    },
    format(name) {
      const added = Object.hasOwn(ajv.formats, name) ? ajv.formats[name] : undefined;
      // What ajv's format keyword calls for a string (vocabularies/format/format.js).
      if (added === undefined) return undefined;
      if (added === true) return () => true;
      if (added instanceof RegExp) return (value) => added.test(value);
      if (typeof added === 'function') return (value) => added(value);
      if ('async' in added && added.async === true) return undefined;
      if ((added.type ?? 'string') !== 'string') return undefined;
      const validate = added.validate;
      return validate instanceof RegExp ? (value) => validate.test(value) : (value) => (validate as (data: string) => boolean)(value);
    },
  };
}
