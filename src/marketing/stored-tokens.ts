import { createHash } from 'node:crypto';
import { modeFromLifetime } from './token-response.js';
import type { MarketingApp, StoredTokens, TokenResponse } from './types.js';

/** The contract's refresh token lifetime, the same in both app modes (service-api.md "Limits"). */
export const REFRESH_LIFETIME_MS = 365 * 24 * 3600 * 1000;

/**
 * A token response as the store keeps it: expiry as a time, not a duration, so a later run
 * knows whether the access token is still good. `previous` carries what a refresh answer
 * does not repeat (who logged in, the chain's bootstrap).
 */
export function storedFrom(app: MarketingApp, response: TokenResponse, nowMs: number, previous: Partial<Pick<StoredTokens, 'user' | 'mode' | 'bootstrapHash'>> = {}): StoredTokens {
  const mode = modeFromLifetime(response.expiresIn) ?? previous.mode;
  return {
    issuer: app.issuer,
    clientId: app.clientId,
    accessToken: response.accessToken,
    refreshToken: response.refreshToken,
    idToken: response.idToken,
    tokenType: response.tokenType,
    accessExpiresAt: new Date(nowMs + response.expiresIn * 1000).toISOString(),
    refreshIssuedAt: new Date(nowMs).toISOString(),
    ...(previous.user === undefined ? {} : { user: previous.user }),
    ...(mode === undefined ? {} : { mode }),
    ...(previous.bootstrapHash === undefined ? {} : { bootstrapHash: previous.bootstrapHash }),
  };
}

/** Who logged in, from a userinfo answer: the first of email, name, preferred_username, sub. */
export function userFrom(userinfo: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of ['email', 'name', 'preferred_username', 'sub']) {
    const value = userinfo[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
  }
  return undefined;
}

/** The hash a bootstrap refresh token is recognised by later, without keeping the token. */
export function bootstrapHash(refreshToken: string): string {
  return createHash('sha256').update(refreshToken, 'utf8').digest('hex');
}

export function refreshExpiresAt(tokens: Pick<StoredTokens, 'refreshIssuedAt'>): string {
  return new Date(Date.parse(tokens.refreshIssuedAt) + REFRESH_LIFETIME_MS).toISOString();
}
