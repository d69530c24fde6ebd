import { MIN_SECRET_LENGTH } from './redact.js';
import { isSecretName } from './secret-names.js';

/** Shorter values are never treated as secrets: nothing that short can be removed from text without ordinary words. */
const MIN_QUERY_SECRET = 3;

/** A number or a word of letters: `1`, `42`, `en`, `prod`, `true`. */
const PLAIN = /^(?:\d+|[A-Za-z]+)$/;

/**
 * The query values of an address that may be credentials, to be redacted wherever they occur
 * (a GitLab-style `?private_token=…`, the signature of a signed URL). A value counts when it
 * is MIN_SECRET_LENGTH characters or longer, whatever its name, or when it is shorter but
 * sits under a secret-looking name or is no plain number or word (`q1w2`). A short plain
 * value under an ordinary name (`?v=1`, `?env=prod`) is not a secret: counting it would
 * turn every "1" of an answer, the host 127.0.0.1 included, into "[redacted]".
 */
export function secretQueryValues(address: string): string[] {
  let params: URLSearchParams;
  try {
    params = new URL(address).searchParams;
  } catch {
    return [];
  }
  return [...params]
    .filter(([name, value]) => value.length >= MIN_SECRET_LENGTH || (value.length >= MIN_QUERY_SECRET && (isSecretName(name) || !PLAIN.test(value))))
    .map(([, value]) => value);
}
