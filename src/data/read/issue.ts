import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';
import type { EncodingProblem } from '../../fs/utf8-text.js';
import { DATA_CODES, type DataCode } from '../codes.js';

/** A data problem as a Diagnostic: column 1, and `path` holds the JSON pointer into the item. */
export function dataIssue(code: DataCode, file: string, line: number, message: string, path = '', severity: Severity = 'error'): Diagnostic {
  return { code, severity, message, file, line, column: 1, path };
}

/** GF_NOT_UTF8 at the line and column of the first byte that is not UTF-8. */
export function encodingIssue(file: string, problem: EncodingProblem): Diagnostic {
  const message = `${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)}.`;
  return { code: DATA_CODES.notUtf8, severity: 'error', message, file, line: problem.line, column: problem.column, path: '' };
}
