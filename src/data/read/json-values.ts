/** Small helpers for values read from data files. */

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

/** "null", "an array", "a string": for messages about a value of the wrong kind. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return `${type === 'object' || type === 'undefined' ? 'an' : 'a'} ${type}`;
}
