/**
 * A user problem found in input (declarations, config, data files). Problems are data,
 * not exceptions: the core returns them and only the CLI decides to print and exit.
 */
import type { GraphformErrorCode } from './error-codes.js';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Stable code, e.g. GF_ID_TOO_LONG. Scripts and golden files depend on it. */
  code: GraphformErrorCode;
  severity: Severity;
  /** Says what is wrong and what to do about it. */
  message: string;
  /**
   * Path relative to the working directory; for a problem given outside any file (a
   * command-line option such as `--documents`), what gave it.
   */
  file: string;
  /** 1-based; 0 when `file` has no place to point at (an option, a JavaScript config). */
  line: number;
  /** 1-based; 0 with `line`. */
  column: number;
  /** Dot-path into the declaration, e.g. contentTypes.Product.properties.Size; '' for the file. */
  path: string;
}

/** `file:line:col`, or `file` alone where there is no line (an option, a JavaScript config): no place is invented. */
export function diagnosticPlace(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  return d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return byCodePoint(a.file, b.file) || a.line - b.line || a.column - b.column || byCodePoint(a.code, b.code) || byCodePoint(a.path, b.path);
}

/** Locale-independent, so diagnostics sort the same on every machine. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
