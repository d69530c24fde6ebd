import { positionAt } from '../config/config-text.js';
import { GraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { jsonSyntaxError } from '../load/json-error-offset.js';

/** Longest reason taken from the JSON parser. */
const REASON_CHARS = 200;

/**
 * GF_PLAN_FORMAT for a plan file that is not JSON, at its line and column. The parser's own
 * message quotes the text, which may be anything (a declaration, a secret): only where it
 * breaks is said. A file that does not even open as a JSON object is most likely not a plan
 * at all (a declaration given to apply by mistake): its hint says what apply takes instead.
 */
export function planJsonError(text: string, fileName: string, error: unknown): GraphformError {
  const syntax = jsonSyntaxError(text, error instanceof Error ? error.message : String(error));
  const { line, column } = positionAt(text, syntax.offset);
  const opensAsObject = text.trimStart().startsWith('{');
  const problem = opensAsObject
    ? `is not valid JSON at line ${line}, column ${column} (${excerpt(syntax.reason, REASON_CHARS)})`
    : `is not JSON: a plan file is a JSON object, and this one stops being JSON at line ${line}, column ${column}`;
  return new GraphformError('GF_PLAN_FORMAT', `The plan file ${fileName} ${problem}.`, {
    details: { file: fileName, line, column },
    hint: opensAsObject
      ? 'A plan file is applied as graphform wrote it: make it again with `graphform plan --out FILE` rather than fixing it by hand.'
      : 'apply takes a plan saved with `graphform plan --out FILE`; to apply the declarations, run `graphform apply` without a file.',
  });
}
