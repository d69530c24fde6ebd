/**
 * Operational failures (service down, lock held, stale plan, bad config) are thrown as
 * GraphformError with a stable code and JSON-safe details; the CLI's one top-level catch
 * renders them. User mistakes in declarations are Diagnostics, not errors.
 */
import type { GraphformErrorCode } from './error-codes.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export class GraphformError extends Error {
  /** Stable: one of the documented codes (docs/error-codes.md). */
  readonly code: GraphformErrorCode;
  readonly details: Record<string, JsonValue>;
  /** Extra lines that tell the user what to do next. */
  readonly hint: string | undefined;

  constructor(code: GraphformErrorCode, message: string, options: { details?: Record<string, JsonValue>; hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GraphformError';
    this.code = code;
    this.details = options.details ?? {};
    this.hint = options.hint;
  }
}

export function isGraphformError(error: unknown): error is GraphformError {
  return error instanceof GraphformError;
}
