import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { parseDeclarationFile } from '../../src/load/parse.js';
import { SCALAR_TYPES } from '../../src/model/types.js';
import { validateDeclarations, type ValidationContext, type ValidationResult } from '../../src/validate/validate.js';

export const defaultContext: ValidationContext = {
  scalarTypes: SCALAR_TYPES,
  reservedTypeNames: [],
  maxSources: undefined,
  stateSources: {},
};

/** Parses and validates in-memory files (file name → YAML text). */
export function validateTexts(files: Readonly<Record<string, string>>, context: Partial<ValidationContext> = {}): ValidationResult {
  const parsed = Object.entries(files).map(([file, text]) => parseDeclarationFile(file, text));
  return validateDeclarations(parsed, { ...defaultContext, ...context });
}

/** The golden form of a diagnostic: `file:line:col CODE`. */
export function brief(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code}`;
}

/** Strips the common indentation of a template literal, so YAML can be written indented in tests. */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((out, part, i) => out + part + (i < values.length ? String(values[i]) : ''), '');
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines
    .map((l) => l.slice(indent))
    .join('\n')
    .replace(/[ \t]+$/, '');
}
