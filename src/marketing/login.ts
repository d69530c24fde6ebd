import { randomBytes } from 'node:crypto';
import { AUTH_PATHS, createAuthServer, type MarketingHttp } from './auth-server.js';
import { listenForCallback } from './callback-server.js';
import { parseLoopbackRedirect } from './loopback.js';
import { storedFrom, userFrom } from './stored-tokens.js';
import type { TokenStore } from './token-store.js';
import { endpoint } from './transport.js';
import type { MarketingApp, StoredTokens } from './types.js';

export const SCOPES = ['openid', 'profile', 'offline_access'] as const;
export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface LoginOptions {
  app: MarketingApp;
  store: TokenStore;
  http?: MarketingHttp;
  /** How long to wait for the browser. Default 5 minutes. */
  timeoutMs?: number;
  now?: () => number;
  /** Told the authorization URL once the callback server listens: print it, open a browser. */
  announce(url: string): void | Promise<void>;
  signal?: AbortSignal | undefined;
  /** The `state` value; 32 random bytes by default (tests pin it). */
  state?: string;
}

/**
 * The authorization-code flow: listen on the loopback redirectUri, hand out the
 * authorization URL, wait for the browser, check `state`, exchange the code, check the
 * access token at userinfo, then store the pair. Nothing is stored unless every step
 * succeeded, so a failed login leaves the stored tokens as they were.
 */
export async function login(options: LoginOptions): Promise<StoredTokens> {
  const { app } = options;
  // Refused before anything listens or is sent.
  const redirect = parseLoopbackRedirect(app.redirectUri);
  // A store that cannot be written (others can read it, or it is not ours) fails now, not
  // after the code was spent.
  await options.store.read(app.issuer, app.clientId);
  const state = options.state ?? randomBytes(32).toString('base64url');
  const server = createAuthServer(app, options.http);
  const callback = await listenForCallback({ redirect, state, timeoutMs: options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS, signal: options.signal });
  let code: string;
  try {
    await options.announce(authorizationUrl(app, state));
    code = await callback.code;
  } finally {
    await callback.close();
  }
  const now = options.now ?? Date.now;
  const tokens = await server.exchangeCode(code);
  const obtained = now();
  const user = userFrom(await server.userinfo(tokens.accessToken));
  const stored = storedFrom(app, tokens, obtained, user === undefined ? {} : { user });
  await options.store.locked(() => options.store.save(stored));
  return stored;
}

/** The authorization endpoint with the contract's parameters; the scope is space-separated and percent-encoded. */
export function authorizationUrl(app: MarketingApp, state: string): string {
  const params: [string, string][] = [
    ['client_id', app.clientId],
    ['redirect_uri', app.redirectUri],
    ['response_type', 'code'],
    ['scope', SCOPES.join(' ')],
    ['state', state],
  ];
  // encodeURIComponent, not URLSearchParams: the latter writes spaces as "+".
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${endpoint(app.authUrl, AUTH_PATHS.authorize)}?${query}`;
}
