import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import { AUTH_ERROR_CODES } from './codes.js';
import type { AppMode, TokenResponse } from './types.js';

const STRING_FIELDS = ['access_token', 'refresh_token', 'id_token', 'token_type'] as const;

/**
 * Checks a token endpoint answer: every field of the contract present and of its type.
 * The error names the fields, never their values; `what` says which exchange it was.
 */
export function parseTokenResponse(text: string, what: string): TokenResponse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badResponse(`${what}: the token endpoint answered something that is not JSON`);
  }
  if (!isRecord(value)) throw badResponse(`${what}: the token endpoint answered JSON that is not an object`);
  const missing: string[] = [];
  for (const field of STRING_FIELDS) {
    if (typeof value[field] !== 'string' || value[field] === '') missing.push(field);
  }
  const expiresIn = value.expires_in;
  const expiresOk = typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0;
  if (!expiresOk) missing.push('expires_in');
  if (missing.length > 0) {
    const list = missing.join(', ');
    throw badResponse(`${what}: the token response has no valid ${list} (a token response carries access_token, refresh_token, id_token, expires_in and token_type)`, missing);
  }
  const tokenType = value.token_type as string;
  if (tokenType.toLowerCase() !== 'bearer') {
    throw badResponse(`${what}: the token response's token_type is "${tokenType.slice(0, 20)}", not Bearer`, ['token_type']);
  }
  return {
    accessToken: value.access_token as string,
    refreshToken: value.refresh_token as string,
    idToken: value.id_token as string,
    expiresIn: expiresIn as number,
    tokenType,
  };
}

/** The app's mode, read from the access token lifetime the contract gives for each. */
export function modeFromLifetime(expiresIn: number): AppMode | undefined {
  const HOUR = 3600;
  const DAY = 24 * HOUR;
  // A little slack: a server may count from the request, not the answer.
  if (expiresIn > HOUR - 120 && expiresIn <= HOUR) return 'production';
  if (expiresIn > 30 * DAY - 120 && expiresIn <= 30 * DAY) return 'development';
  return undefined;
}

function badResponse(message: string, fields: string[] = []): GraphformError {
  return new GraphformError(AUTH_ERROR_CODES.badTokenResponse, message, {
    details: { fields },
    hint: 'Check that marketing.authUrl points at the authorization server; nothing was stored.',
  });
}
