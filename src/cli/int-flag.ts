import { GraphformError } from '../diagnostics/errors.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';

/** A whole-number flag value within a range; the error names the flag, the range and what was given. */
export function parseIntFlag(value: string, flag: string, range: { min: number; max?: number }, code: GraphformErrorCode = 'GF_USAGE'): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < range.min || (range.max !== undefined && n > range.max)) {
    const wanted = range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`;
    throw new GraphformError(code, `${flag}: expected a whole number ${wanted}, got ${JSON.stringify(value)}.`);
  }
  return n;
}
