import { excerpt } from '../diagnostics/excerpt.js';
import { redact } from '../http/redact.js';
import { isRecord } from '../model/is-record.js';

/** The most a message quotes of what a server said. */
const MAX_CHARS = 300;

/**
 * What a marketing platform server said in an error body, for a message: the Open API's
 * `message` (and the first of its `errors`), OAuth's `error` and `error_description`, or
 * the text itself; redacted of every secret and token known, escaped and bounded.
 */
export function serviceMessage(text: string, secrets: readonly string[]): { message: string; oauthError: string | undefined } {
  let said = text.trim();
  let oauthError: string | undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      oauthError = typeof body.error === 'string' ? body.error : undefined;
      const parts = [
        oauthError,
        typeof body.error_description === 'string' ? body.error_description : undefined,
        typeof body.message === 'string' ? body.message : undefined,
        firstError(body.errors),
      ].filter((part): part is string => part !== undefined && part !== '');
      if (parts.length > 0) said = parts.join(': ');
    }
  } catch {
    // Not JSON: the text is the message.
  }
  return { message: excerpt(redact(said, secrets), MAX_CHARS), oauthError };
}

function firstError(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first: unknown = errors[0];
  if (typeof first === 'string') return first;
  if (isRecord(first) && typeof first.message === 'string') return first.message;
  return undefined;
}
