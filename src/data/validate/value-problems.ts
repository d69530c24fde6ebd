import type { ErrorObject } from 'ajv';
import { excerpt } from '../../diagnostics/excerpt.js';
import { didYouMean } from '../../diagnostics/suggest.js';
import { DATA_CODES, type DataCode } from '../codes.js';
import { describe } from '../read/json-values.js';

/** A problem inside one item, before it gets its file and line. */
export interface ValueProblem {
  code: DataCode;
  /** JSON pointer into the data line, e.g. /Size/Width. */
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

const FORMAT_EXAMPLES: Record<string, string> = {
  date: 'a date such as "2024-05-31"',
  'date-time': 'a date and time with a time zone such as "2024-05-31T14:30:00Z"',
};

/** Turns ajv's errors (compiled with verbose: true) into graphform's words and codes. */
export function valueProblemsFromAjv(errors: readonly ErrorObject[]): ValueProblem[] {
  return errors.map((error) => {
    const path = error.instancePath;
    const title = typeof error.parentSchema?.title === 'string' ? error.parentSchema.title : 'the declared type';
    const value: unknown = error.data;
    switch (error.keyword) {
      case 'type':
        if (path === '/_rbac') {
          return problem(
            DATA_CODES.rbacNotString,
            path,
            `_rbac must be a string such as "r:Everyone:Read", found ${describe(value)}: the service answers 200 for such an item but indexes nothing.`,
          );
        }
        if (path === '/ContentType')
          return problem(DATA_CODES.missingContentType, path, `ContentType must be an array of content type names, found ${describe(value)}.`);
        return problem(DATA_CODES.invalidValue, path, `Expected ${title}, found ${describe(value)}${scalarText(value)}.`);
      case 'format': {
        const format = typeof error.params.format === 'string' ? error.params.format : '';
        return problem(DATA_CODES.invalidValue, path, `${excerpt(JSON.stringify(value))} is not ${FORMAT_EXAMPLES[format] ?? `a valid ${format}`} (${title}).`);
      }
      case 'minimum':
      case 'maximum':
        return problem(
          DATA_CODES.invalidValue,
          path,
          `${String(value)} is outside the range of ${title} (-2147483648 to 2147483647): declare the property as Float for larger numbers.`,
        );
      case 'minItems':
        return problem(DATA_CODES.missingContentType, path, "ContentType is empty: list the item's content types, its most-derived type last.");
      case 'additionalProperties': {
        const key = typeof error.params.additionalProperty === 'string' ? error.params.additionalProperty : '';
        return problem(
          DATA_CODES.undeclaredField,
          excerpt(`${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, 200),
          `"${excerpt(key)}" is not declared by ${title}; ` +
            `the service stores it without a schema. Declare it or leave it out${didYouMean(key, declaredKeys(error.parentSchema)) || '.'}`,
          'warning',
        );
      }
      case 'required': {
        const missing = typeof error.params.missingProperty === 'string' ? error.params.missingProperty : '';
        const code = missing === 'ContentType' ? DATA_CODES.missingContentType : DATA_CODES.invalidValue;
        return problem(code, `${path}/${missing}`, `The item has no "${missing}".`);
      }
      default:
        return problem(DATA_CODES.invalidValue, path, `The value ${error.message ?? 'does not match its declared type'} (${title}).`);
    }
  });
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return ` ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return ` ${String(value)}`;
  return '';
}

export function problem(code: DataCode, path: string, message: string, severity: 'error' | 'warning' = 'error'): ValueProblem {
  return { code, path, message, severity };
}

/** The property names a schema declares, for suggesting one in place of a misspelt field. */
function declaredKeys(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}
