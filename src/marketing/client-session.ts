import type { AuthServer } from './auth-server.js';
import { REFRESH_MARGIN_MS, type TokenSession } from './session.js';

/**
 * The session of `grant: client_credentials`: an access token fetched with the client id
 * and secret alone, kept in memory for this process and fetched again when it is near its
 * end or refused. Nothing is stored, so there is nothing to log in to, rotate or leak from
 * disk: what a pipeline wants.
 */
export function clientCredentialsSession(server: AuthServer, now: () => number): TokenSession {
  let cached: { token: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  const seen = new Set<string>();

  const fetchToken = (): Promise<string> => {
    inFlight ??= (async () => {
      const response = await server.clientCredentials();
      seen.add(response.accessToken);
      cached = { token: response.accessToken, expiresAt: now() + response.expiresIn * 1000 };
      return response.accessToken;
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  const fresh = (): boolean => cached !== undefined && cached.expiresAt - REFRESH_MARGIN_MS > now();

  return {
    async accessToken() {
      return fresh() && cached !== undefined ? cached.token : fetchToken();
    },
    async renew(rejected) {
      // Another call may have fetched a new token since this one was refused.
      if (fresh() && cached !== undefined && cached.token !== rejected) return cached.token;
      return fetchToken();
    },
    secrets: () => [...seen],
    current: () => undefined,
  };
}
