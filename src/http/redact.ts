import { secretsToRemove } from './secret-list.js';
import { isSecretName } from './secret-names.js';

/**
 * The one redaction of graphform: every message, log line or details object built from a
 * remote answer or a URL passes through `redact` before anyone sees it. It removes
 *   - the known secret values: those passed in and the process's list (secret-list.ts:
 *     auth.secret, singleKey, state.password, the marketing client secret, tokens in use),
 *     each in every encoding graphform derives from it (secret-forms.ts),
 *   - the credential after an authorization scheme (Basic, Bearer, epi-hmac), recognised
 *     by its syntax so that prose naming a scheme keeps its words (isCredential),
 *   - the userinfo of URLs (`https://user:pass@host` → `https://[redacted]@host`),
 *   - the value of every `name=value` pair (query strings, form bodies) and JSON string pair
 *     whose name looks secret (secret-names.ts: token, key, secret, password, sig, code, …).
 * A known secret of MIN_SECRET_LENGTH characters or more is removed wherever it occurs;
 * a shorter one only where it stands as a whole word, so a secret "x" cannot turn
 * "text/plain" into "te[redacted]t/plain" (the config refuses such secrets anyway).
 */
export const REDACTED = '[redacted]';

/** Secrets this long are matched anywhere; the config refuses shorter ones (config/secret-checks.ts). */
export const MIN_SECRET_LENGTH = 8;

// Remote bodies can be large: every pattern starts only where a name or scheme can start
// (a lookbehind, not \b, which also matches inside "a.b.c") and scans a bounded stretch,
// so redaction stays linear in the text.
// Credentials never contain quotes, brackets or separators; stopping there keeps the surrounding text intact.
const SCHEME_CREDENTIALS = /\b(Basic|Bearer|epi-hmac)\s+(?!\[redacted\])([^\s"',;()<>[\]{}]+)/gi;
const URL_USERINFO = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/)(?!\[redacted\]@)[^\s/?#@"'<>\\]{1,256}@/gi;
// A value ends where a query, a sentence or a quoted string would end it.
const NAME_VALUE = /(?<![\w.-])([A-Za-z_][\w.-]{0,99})=(?!\[redacted\])([^&#;\s"'<>\\,()[\]{}]+)/g;
const JSON_PAIR = /"([^"\\]{1,100})"(\s*:\s*)"(?:[^"\\]|\\.){0,4096}"/g;

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const value of secretsToRemove(secrets)) out = removeSecret(out, value);
  // Schemes first: a credential such as "key:1:n:sig==" must go whole, not as "sig=…".
  return out
    .replace(SCHEME_CREDENTIALS, (match, scheme: string, value: string) => (isCredential(scheme, value) ? `${scheme} ${REDACTED}` : match))
    .replace(URL_USERINFO, (_match, scheme: string) => `${scheme}${REDACTED}@`)
    .replace(NAME_VALUE, (match, name: string) => (isSecretName(name) ? `${name}=${REDACTED}` : match))
    .replace(JSON_PAIR, (match, name: string, colon: string) => (isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : match));
}

/**
 * A URL from the config, for messages: userinfo, every query value and the fragment
 * hidden, whatever their names, since any of them may be a token the user put there.
 */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return redact(text);
  }
  const slashes = text.includes('://') ? '//' : '';
  const userinfo = url.username !== '' || url.password !== '' ? `${REDACTED}@` : '';
  const names = [...new Set(url.searchParams.keys())];
  const query = url.search === '' ? '' : `?${names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&')}`;
  const hash = url.hash === '' ? '' : `#${REDACTED}`;
  return `${url.protocol}${slashes}${userinfo}${url.host}${url.pathname}${query}${hash}`;
}

/**
 * Whether the word after a scheme name has that scheme's credential syntax, so prose such as
 * "epi-hmac signatures carry a timestamp" or "Basic auth" keeps its words: an epi-hmac
 * credential is `appKey:timestamp:nonce:signature`, a Basic token is the base64 of
 * `user:password`, and a Bearer token is never a plain word (it holds a digit or one of
 * `-._~+/=` inside it, or runs 20 characters or more).
 */
function isCredential(scheme: string, value: string): boolean {
  switch (scheme.toLowerCase()) {
    case 'epi-hmac':
      return /:[^:]/.test(value);
    case 'basic':
      return Buffer.from(value, 'base64').toString('latin1').includes(':') || !PLAIN_WORD.test(value);
    default:
      return value.length >= 20 || !PLAIN_WORD.test(value);
  }
}

/** A word as prose writes it: letters, perhaps ending a sentence or clause. */
const PLAIN_WORD = /^[A-Za-z]+[.:!?]?$/;

/**
 * Whether `text` holds a known secret (those passed in and the process's list, in every
 * form), matched as redact() matches it: a value that does is never written by graphform
 * (graph/secret-values.ts).
 */
export function holdsSecret(text: string, secrets: readonly string[] = []): boolean {
  return secretMatcher(secrets)(text);
}

/** holdsSecret for many texts: the forms of every secret are worked out once. */
export function secretMatcher(secrets: readonly string[] = []): (text: string) => boolean {
  const values = secretsToRemove(secrets);
  if (values.length === 0) return () => false;
  const long = values.filter((value) => value.length >= MIN_SECRET_LENGTH);
  const short = values.filter((value) => value.length < MIN_SECRET_LENGTH);
  return (text) => long.some((value) => text.includes(value)) || short.some((value) => removeSecret(text, value) !== text);
}

function removeSecret(text: string, value: string): string {
  if (value.length >= MIN_SECRET_LENGTH) return text.split(value).join(REDACTED);
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), REDACTED);
}

/** Header names whose values are never logged. */
const SENSITIVE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

export function describeHeaders(headers: Readonly<Record<string, string>>): string {
  return Object.keys(headers)
    .sort()
    .map((name) => {
      const value = headers[name] ?? '';
      if (!SENSITIVE_HEADERS.has(name.toLowerCase())) return `${name}: ${value}`;
      const scheme = /^\S+(?=\s)/.exec(value)?.[0];
      return `${name}: ${scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`}`;
    })
    .join(', ');
}
