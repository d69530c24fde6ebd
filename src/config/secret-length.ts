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
