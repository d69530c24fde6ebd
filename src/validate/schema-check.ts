import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import schema from '../schema/content-source.schema.json' with { type: 'json' };
import type { ContentSourceDeclaration } from '../schema/content-source.types.js';

export type SchemaCheck = { valid: true; value: ContentSourceDeclaration } | { valid: false; errors: ErrorObject[] };

let validator: ValidateFunction<ContentSourceDeclaration> | undefined;

/** Checks a plain value against content-source.schema.json, compiled once on first use. */
export function checkSchema(value: unknown): SchemaCheck {
  // allErrors: report every problem of a file in one run; verbose: errors carry their schema for messages;
  // ownProperties: user-given keys such as `constructor` are data, never Object.prototype's members.
  validator ??= new Ajv({ allErrors: true, verbose: true, strict: true, ownProperties: true }).compile<ContentSourceDeclaration>(schema);
  if (validator(value)) return { valid: true, value };
  return { valid: false, errors: [...(validator.errors ?? [])] };
}
