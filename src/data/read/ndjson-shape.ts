import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { DATA_CODES } from '../codes.js';
import { dataIssue } from './issue.js';

/**
 * Messages for an NDJSON file that holds JSON of another shape: one document spread over
 * lines (pretty-printed), or an array on a line. Both say what NDJSON needs and what the
 * file most likely is instead.
 */

/** A line that opens a value spread over the lines after it: `{` or `[` alone. */
export function opensSpreadValue(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '{' || trimmed === '[';
}

/** The one error for a file that is a JSON document over several lines, at the line where it starts. */
export function spreadDocumentIssue(file: string, line: number): Diagnostic {
  return dataIssue(
    DATA_CODES.invalidJson,
    file,
    line,
    'This file holds JSON spread over several lines (pretty-printed), not NDJSON, which needs one whole item per line; ' +
      "its lines were not read one by one. Write each item as a JSON object on a line of its own (jq -c '.[]' does it for an array), " +
      'or, for a JSON array of items, rename the file to .json.',
  );
}

/** An NDJSON line (a plain item, or a data line) that holds an array. */
export function arrayLineIssue(file: string, line: number, what: 'item' | 'data line'): Diagnostic {
  return dataIssue(
    DATA_CODES.notAnObject,
    file,
    line,
    `${what === 'item' ? 'An item' : 'A data line'} must be a JSON object, found an array: in NDJSON each line is one object. ` +
      'Write each item on a line of its own; a file that holds a JSON array of items is a .json file (rename it).',
  );
}
