import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';
import type { DataCode } from '../codes.js';

/** A data problem as a Diagnostic: column 1, and `path` holds the JSON pointer into the item. */
export function dataIssue(code: DataCode, file: string, line: number, message: string, path = '', severity: Severity = 'error'): Diagnostic {
  return { code, severity, message, file, line, column: 1, path };
}
