import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';
import type { DataCode } from '../codes.js';

/** A data problem as a Diagnostic: column 1, and `path` holds the JSON pointer into the item. */
export function dataIssue(code: DataCode, file: string, line: number, message: string, path = '', severity: Severity = 'error'): Diagnostic {
  return { code, severity, message, file, line, column: 1, path };
}

export function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON and tells a syntax error apart from a value, without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** `_id` values the service takes: a non-empty string, or a number (the contract shows numbers). */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
