import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { SourceDefinition } from '../../model/types.js';
import type { FormatCheck } from './clean-schema.js';
import { compiledItemSchema, type JsonSchema } from './item-schema.js';
import { valueProblemsFromAjv, type ValueProblem } from './value-problems.js';

/** Checks data lines against their most-derived content type; one compiled schema per type. */
export interface ItemValidators {
  check(typeName: string, item: Record<string, unknown>): ValueProblem[];
  /** The schema check() compiles for the type (the same object). */
  schema(typeName: string): JsonSchema;
  /** The format check ajv runs on a string for `format: name`; undefined when it is not one on strings alone. */
  format(name: string): FormatCheck | undefined;
}

/** The formats the item schemas use (item-schema.ts), as ajv-formats defines them. */
const FORMATS = ['date', 'date-time'] as const;

/** A format as ajv-formats defines it (see ajv's vocabularies/format/format.js for how ajv calls each). */
type FormatDefinition = true | RegExp | ((data: string) => boolean) | { validate: RegExp | ((data: string) => boolean); type?: string; async?: boolean };

const requireCjs = createRequire(import.meta.url);

/**
 * Compiles each content type's schema once, the first time an item of that type needs it.
 * ajv itself is loaded (synchronously, it is CommonJS) only then: a push whose every line
 * the quick check takes (CleanLines) never loads it, on any thread. `routingFields`
 * (data.idField, data.languageField) are expected on plain items and never reported as
 * undeclared.
 */
export function createItemValidators(definition: SourceDefinition, routingFields: readonly string[] = []): ItemValidators {
  const schemas = new Map<string, JsonSchema>();
  const compiled = new Map<string, ValidateFunction>();
  let ajv: import('ajv').Ajv | undefined;
  const schemaOf = (typeName: string): JsonSchema => {
    let schema = schemas.get(typeName);
    if (schema === undefined) {
      schema = compiledItemSchema(definition, typeName, routingFields);
      schemas.set(typeName, schema);
    }
    return schema;
  };
  const loadAjv = (): import('ajv').Ajv => {
    if (ajv !== undefined) return ajv;
    const { default: Ajv } = requireCjs('ajv') as typeof import('ajv');
    const { default: addFormats } = requireCjs('ajv-formats') as typeof import('ajv-formats');
    // ownProperties: a declared property named `toString` must not match the item's inherited method.
    // No meta-schema: the schemas are graphform's own (item-schema.ts; its tests check them
    // against draft-07), and checking each against the meta-schema cost every thread of a
    // push about 25 ms before its first item.
    ajv = new Ajv({ allErrors: true, verbose: true, strict: false, ownProperties: true, meta: false, validateSchema: false });
    addFormats(ajv, [...FORMATS]);
    return ajv;
  };

  return {
    check(typeName, item) {
      let validate = compiled.get(typeName);
      if (validate === undefined) {
        validate = loadAjv().compile(schemaOf(typeName));
        compiled.set(typeName, validate);
      }
      return validate(item) ? [] : valueProblemsFromAjv(validate.errors ?? []);
    },
    schema: schemaOf,
    format(name) {
      if (!(FORMATS as readonly string[]).includes(name)) return undefined;
      const { fullFormats } = requireCjs('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatDefinition> };
      return formatCheck(fullFormats[name]);
    },
  };
}

/** What ajv's format keyword calls for a string with this format (vocabularies/format/format.js). */
function formatCheck(added: FormatDefinition | undefined): FormatCheck | undefined {
  if (added === undefined) return undefined;
  if (added === true) return () => true;
  if (added instanceof RegExp) return (value) => added.test(value);
  if (typeof added === 'function') return added;
  if (added.async === true || (added.type ?? 'string') !== 'string') return undefined;
  const validate = added.validate;
  return validate instanceof RegExp ? (value) => validate.test(value) : validate;
}
