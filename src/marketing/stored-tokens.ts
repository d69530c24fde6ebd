import { createHash } from 'node:crypto';
import { modeFromLifetime } from './token-response.js';
import type { MarketingApp, StoredTokens, TokenResponse } from './types.js';

/** The contract's refresh token lifetime, the same in both app modes (docs/service-facts.md "Tokens"). */
export const REFRESH_LIFETIME_MS = 365 * 24 * 3600 * 1000;

/** What a refresh answer may leave out, carried over from the pair it replaces. */
export type CarriedOver = Partial<Pick<StoredTokens, 'user' | 'mode' | 'bootstrapHash' | 'refreshToken' | 'idToken' | 'refreshIssuedAt'>>;

/**
 * A token response as the store keeps it: expiry as a time, not a duration, so a later run
 * knows whether the access token is still good. `previous` carries what a refresh answer
 * does not repeat (who logged in, the chain's bootstrap, and the refresh token and ID token
 * when it issues no new ones: a refresh without a new refresh token keeps the old one).
 */
export function storedFrom(app: MarketingApp, response: TokenResponse, nowMs: number, previous: CarriedOver = {}): StoredTokens {
  const mode = (response.expiresInAssumed === true ? undefined : modeFromLifetime(response.expiresIn)) ?? previous.mode;
  const refreshToken = response.refreshToken ?? previous.refreshToken;
  const idToken = response.idToken ?? previous.idToken;
  // A kept refresh token keeps its age: its lifetime counts from when it was issued.
  const refreshIssuedAt =
    response.refreshToken === undefined && previous.refreshIssuedAt !== undefined ? previous.refreshIssuedAt : new Date(nowMs).toISOString();
  return {
    issuer: app.issuer,
    clientId: app.clientId,
    accessToken: response.accessToken,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(idToken === undefined ? {} : { idToken }),
    tokenType: response.tokenType,
    accessExpiresAt: new Date(nowMs + response.expiresIn * 1000).toISOString(),
    refreshIssuedAt,
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
