import { GraphformError } from '../diagnostics/errors.js';
import { isRecord } from '../model/is-record.js';
import { AUTH_ERROR_CODES } from './codes.js';
import type { AppMode, TokenResponse } from './types.js';

/**
 * expires_in when an answer leaves it out (RFC 6749 5.1 makes it RECOMMENDED, not
 * required): one hour, the shortest lifetime the platform documents (production apps), so
 * a token is never taken for longer-lived than it may be. A 401 refreshes it anyway.
 */
export const DEFAULT_EXPIRES_IN_S = 3600;

const OPTIONAL_STRINGS = ['refresh_token', 'id_token', 'token_type'] as const;

/**
 * Checks a token endpoint answer. Only access_token is required: published clients read
 * nothing else, a refresh may leave out id_token (OpenID Connect) and the refresh token,
 * and the client-credentials grant answers neither. A field that is present must be of
 * its type. The error names the fields, never their values; `what` says which exchange it was.
 */
export function parseTokenResponse(text: string, what: string): TokenResponse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badResponse(`${what}: the token endpoint answered something that is not JSON`);
  }
  if (!isRecord(value)) throw badResponse(`${what}: the token endpoint answered JSON that is not an object`);
  const wrong: string[] = [];
  if (typeof value.access_token !== 'string' || value.access_token === '') wrong.push('access_token');
  for (const field of OPTIONAL_STRINGS) {
    if (value[field] !== undefined && value[field] !== null && (typeof value[field] !== 'string' || value[field] === '')) wrong.push(field);
  }
  const expiresIn = value.expires_in ?? undefined;
  // A number, or its decimal text (some servers send "3600").
  const seconds = typeof expiresIn === 'string' && /^\d{1,10}$/.test(expiresIn) ? Number(expiresIn) : expiresIn;
  if (seconds !== undefined && !(typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0)) wrong.push('expires_in');
  if (wrong.length > 0) {
    throw badResponse(
      `${what}: the token response has no valid ${wrong.join(', ')} (access_token is required; ` +
        'refresh_token, id_token, token_type and expires_in are checked when present)',
      wrong,
    );
  }
  const tokenType = typeof value.token_type === 'string' ? value.token_type : 'Bearer';
  if (tokenType.toLowerCase() !== 'bearer') {
    throw badResponse(`${what}: the token response's token_type is "${tokenType.slice(0, 20)}", not Bearer`, ['token_type']);
  }
  const response: TokenResponse = {
    accessToken: value.access_token as string,
    expiresIn: typeof seconds === 'number' ? seconds : DEFAULT_EXPIRES_IN_S,
    tokenType,
  };
  if (typeof seconds !== 'number') response.expiresInAssumed = true;
  if (typeof value.refresh_token === 'string') response.refreshToken = value.refresh_token;
  if (typeof value.id_token === 'string') response.idToken = value.id_token;
  return response;
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
