/**
 * Which names mark a value as a secret: query parameters of URLs in remote answers, keys
 * of `name=value` and JSON pairs in error bodies, and config keys. A name is secret when
 * one of its parts (split at punctuation and camelCase) is a word below, or when it ends
 * with one of the suffixes run together ("accesstoken", "apikey"). The list errs on the
 * side of hiding: a hidden harmless value costs a re-read, a shown token costs a rotation.
 */
const SECRET_PARTS: ReadonlySet<string> = new Set([
  'token',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'sig',
  'signature',
  'auth',
  'authorization',
  'code',
  'credential',
  'credentials',
  'session',
  'jwt',
  'otp',
  'bearer',
]);

const SECRET_SUFFIXES: readonly string[] = ['token', 'secret', 'key', 'password', 'passwd', 'signature', 'credential', 'credentials'];

/** The name parts checked: `X-Amz-Signature` → x, amz, signature; `clientSecret` → client, secret. */
function nameParts(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

export function isSecretName(name: string): boolean {
  if (nameParts(name).some((part) => SECRET_PARTS.has(part))) return true;
  const flat = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_SUFFIXES.some((suffix) => flat.endsWith(suffix));
}
