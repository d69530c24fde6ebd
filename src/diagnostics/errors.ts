/**
 * Operational failures (service down, lock held, stale plan, bad config) are thrown as
 * GraphformError with a stable code and JSON-safe details; the CLI's one top-level catch
 * renders them. User mistakes in declarations are Diagnostics, not errors.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export class GraphformError extends Error {
  readonly code: string;
  readonly details: Record<string, JsonValue>;
  /** Extra lines that tell the user what to do next. */
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { details?: Record<string, JsonValue>; hint?: string; cause?: unknown } = {}) {
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
