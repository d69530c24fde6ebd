import type { Reply } from '../server/respond.js';

/** Token answers and their errors must not be cached (RFC 6749 5.1). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'server_error'
  | 'temporarily_unavailable';

/** An error in OAuth 2.0's shape: {error, error_description}; the description is also the log note. */
export function oauthError(status: number, error: OAuthErrorCode, description: string, headers: Record<string, string> = {}): Reply {
  return { status, json: { error, error_description: description }, note: `${error}: ${description}`, headers: { ...NO_STORE, ...headers } };
}

export function oauthJson(value: unknown, note: string): Reply {
  return { status: 200, json: value, note, headers: { ...NO_STORE } };
}

/** The shell's own answers (404, 405, 413, faults) on the authorization server, in its error shape. */
export function oauthShellError(status: number, message: string): Reply {
  const code: OAuthErrorCode =
    status === 401 ? 'invalid_client' : status >= 500 ? (status === 503 ? 'temporarily_unavailable' : 'server_error') : 'invalid_request';
  return oauthError(status, code, message);
}
