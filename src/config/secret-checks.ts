import { GraphformError } from '../diagnostics/errors.js';
import { MIN_SECRET_LENGTH } from '../http/redact.js';

/**
 * Refuses a configured secret shorter than MIN_SECRET_LENGTH characters. Redaction removes
 * a secret wherever it occurs in output; a short one ("x", "test") would also match inside
 * ordinary words, so it could be neither hidden safely nor shown. Such a value is a
 * placeholder anyway: real credentials are far longer. The value itself is never shown.
 */
export function checkSecretLength(value: string | undefined, where: string, key: string): void {
  if (value === undefined || value.length >= MIN_SECRET_LENGTH) return;
  throw new GraphformError('GF_CONFIG_SECRET_TOO_SHORT', `${where}: ${key} is shorter than ${MIN_SECRET_LENGTH} characters, so it cannot be a real secret.`, {
    details: { key, minLength: MIN_SECRET_LENGTH },
    hint:
      `Set ${key} to the real secret (usually through \${env:NAME}); ` +
      `graphform refuses secrets under ${MIN_SECRET_LENGTH} characters because they could not be redacted from output safely.`,
  });
}

/** Base64 or base64url, padded or not: what decodes to the bytes epi-hmac signs with. */
const BASE64ISH = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Refuses an epi-hmac secret that is not base64: the signature's key is its decoded bytes,
 * and Node decodes leniently (skipping what is not base64), so a wrong value would only show
 * as every request refused with 401. The value itself is never shown.
 */
export function checkHmacSecret(value: string, where: string, key: string): void {
  if (value === '' || (BASE64ISH.test(value) && value.replace(/=+$/, '').length % 4 !== 1)) return;
  throw new GraphformError(
    'GF_CONFIG_SECRET_NOT_BASE64',
    `${where}: ${key} is not base64, so it cannot be an epi-hmac secret (whose decoded bytes sign each request).`,
    {
      details: { key },
      hint: `Set ${key} to the app's secret exactly as the service gave it (a base64 text, usually through \${env:NAME}), with no spaces or quotes around it; with scheme: basic the secret is sent as it is.`,
    },
  );
}
