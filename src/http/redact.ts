/**
 * Removes credentials from text meant for logs and error messages: every known secret
 * value, and whatever follows an authorization scheme (Basic, Bearer, epi-hmac), so a
 * header that slipped into a line is still safe to print.
 */
export const REDACTED = '[redacted]';

// Credentials never contain quotes, brackets or separators; stopping there keeps the surrounding text intact.
const SCHEME_CREDENTIALS = /\b(Basic|Bearer|epi-hmac)\s+(?!\[redacted\])[^\s"',;()<>[\]{}]+/gi;

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  const values = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join(REDACTED);
  return out.replace(SCHEME_CREDENTIALS, (_match, scheme: string) => `${scheme} ${REDACTED}`);
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
