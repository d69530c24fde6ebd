import type { ErrorObject } from 'ajv';
import { validate } from '../schema/content-source.validate.js';
import type { ContentSourceDeclaration } from '../schema/content-source.types.js';

export type SchemaCheck = { valid: true; value: ContentSourceDeclaration } | { valid: false; errors: ErrorObject[] };

/** ajv's standalone validator: a function with the errors of its last call on it. */
type StandaloneValidate = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Checks a plain value against content-source.schema.json. The schema is compiled to code
 * at build time (scripts/generate-validator.mjs: allErrors, verbose, ownProperties), so a
 * run loads plain code and never compiles a schema.
 */
export function checkSchema(value: unknown): SchemaCheck {
  const check = validate as StandaloneValidate;
  if (check(value)) return { valid: true, value: value as ContentSourceDeclaration };
  return { valid: false, errors: [...(check.errors ?? [])] };
}
