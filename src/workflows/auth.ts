import type { MarketingGrant } from '../config/types.js';
import { DEFAULT_LOGIN_TIMEOUT_MS, login } from '../marketing/login.js';
import { continuesChain } from '../marketing/session.js';
import { refreshExpiresAt } from '../marketing/stored-tokens.js';
import type { AppMode, StoredTokens } from '../marketing/types.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { openMarketing, type OpenedMarketing } from './internal/open-marketing.js';
import { resolveSelection } from './internal/select.js';

/** The marketing app the commands use: the config's `marketing:` block, or the embedded emulator's demo app. */
export interface AuthApp {
  grant: MarketingGrant;
  /** The authorization server's URL, or "the local emulator's demo app (environment …)". */
  description: string;
  clientId: string;
  /** The Open API's base URL. */
  openApi: string;
  /** Where the browser comes back to after a login (authorization code only). */
  redirectUri: string;
}

/** A stored pair as results show it: who, and until when. The tokens themselves never leave the store. */
export interface AuthTokens {
  /** Who logged in, from userinfo; absent when the server said nothing usable. */
  user?: string;
  /** Guessed from the access token's lifetime. */
  mode?: AppMode;
  /** ISO 8601; an API call refreshes the access token shortly before. */
  accessExpiresAt: string;
  /** Absent when the server issued no refresh token (log in again once the access token expires). */
  refresh?: { issuedAt: string; expiresAt: string };
}

/** Under marketing.grant client_credentials: nothing is stored, each command fetches its own token. */
export interface ClientCredentialsApp {
  grant: 'client_credentials';
  app: AuthApp;
}

/** Under the authorization code: the app, and the token store's file. */
export interface AuthorizationCodeApp {
  grant: 'authorization_code';
  app: AuthApp;
  store: string;
}

export type AuthStatusResult =
  | ClientCredentialsApp
  | (AuthorizationCodeApp & {
      /** Commands have something to start from: a stored pair, or GRAPHFORM_REFRESH_TOKEN. */
      loggedIn: boolean;
      /** The stored pair commands use; absent when the store holds none for the app, or one GRAPHFORM_REFRESH_TOKEN supersedes. */
      tokens?: AuthTokens;
      /** GRAPHFORM_REFRESH_TOKEN is set and nothing stored continues from it: commands start from it (not checked here). */
      refreshTokenFromEnvironment: boolean;
    });

export interface AuthLoginInput extends ProjectSelection {
  /**
   * Told the authorization URL once graphform listens for the browser's return, and before
   * it waits: show it to the user. `browserOpened` says whether `openBrowser` started one.
   */
  onAuthorizationUrl(url: string, context: { app: AuthApp; browserOpened: boolean }): void | Promise<void>;
  /** Asked to open the URL in a browser; answers whether one was started. Absent: no browser is opened. */
  openBrowser?(url: string): boolean | Promise<boolean>;
  /** How long to wait for the browser (default 5 minutes). */
  timeoutMs?: number;
}

/** A login's outcome: the stored pair, or, under client credentials, that no login is needed (nothing was done). */
export type AuthLoginResult = (ClientCredentialsApp & { loginNeeded: false }) | (AuthorizationCodeApp & { tokens: AuthTokens });

/** Under client credentials: a token was fetched as a check of the credentials, and not stored. */
export type AuthRefreshResult = (ClientCredentialsApp & { accessExpiresAt: string }) | (AuthorizationCodeApp & { tokens: AuthTokens });

export interface AuthLogoutInput extends ProjectSelection {
  /** Ask the authorization server to revoke the token before deleting it (default true). */
  revoke?: boolean;
}

export type AuthLogoutResult =
  | ClientCredentialsApp
  | (AuthorizationCodeApp & { loggedOut: false })
  | (AuthorizationCodeApp & {
      loggedOut: true;
      /** `unsupported`: the server offers no revocation, so the token stays valid until it expires. */
      revocation: 'revoked' | 'unsupported' | 'skipped';
      /** The token revoked (or that would have been): the refresh token, or the access token when the server issued none. */
      token: 'refresh_token' | 'access_token';
    });

/**
 * `graphform auth login`: the authorization-code flow over the loopback redirect. The stored
 * tokens change only when every step succeeded; `host.signal` cancels the wait for the
 * browser (GF_AUTH_LOGIN_CANCELLED), leaving them as they were.
 */
export async function authLogin(input: AuthLoginInput, host: WorkflowHost): Promise<AuthLoginResult> {
  return withMarketing(input, host, async (m) => {
    const app = authApp(m);
    if (m.app.grant === 'client_credentials') return { grant: 'client_credentials', app, loginNeeded: false };
    const stored = await login({
      app: m.app,
      store: m.store,
      http: m.http,
      now: m.now,
      timeoutMs: input.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS,
      signal: host.signal,
      announce: async (url) => {
        // The URL is shown whatever happens to the browser: a browser that failed to start is one that did not.
        const browserOpened = input.openBrowser === undefined ? false : await Promise.resolve(input.openBrowser(url)).catch(() => false);
        await input.onAuthorizationUrl(url, { app, browserOpened });
      },
    });
    return { grant: 'authorization_code', app, store: m.store.path, tokens: authTokens(stored) };
  });
}

/** `graphform auth status`: what is stored, read without a request. */
export async function authStatus(input: ProjectSelection, host: WorkflowHost): Promise<AuthStatusResult> {
  return withMarketing(input, host, async (m) => {
    const app = authApp(m);
    if (m.app.grant === 'client_credentials') return { grant: 'client_credentials', app };
    const bootstrap = host.variables.GRAPHFORM_REFRESH_TOKEN;
    const stored = await m.store.read(m.app.issuer, m.app.clientId);
    const usable = continuesChain(stored, bootstrap) ? stored : undefined;
    const fromEnvironment = bootstrap !== undefined && bootstrap !== '' && usable === undefined;
    return {
      grant: 'authorization_code',
      app,
      store: m.store.path,
      loggedIn: usable !== undefined || fromEnvironment,
      ...(usable === undefined ? {} : { tokens: authTokens(usable) }),
      refreshTokenFromEnvironment: fromEnvironment,
    };
  });
}

/**
 * `graphform auth refresh`: a refresh now, the rotated pair stored before anything else.
 * Under client credentials: one token fetched, as a check of the credentials; nothing stored.
 */
export async function authRefresh(input: ProjectSelection, host: WorkflowHost): Promise<AuthRefreshResult> {
  return withMarketing(input, host, async (m) => {
    const app = authApp(m);
    if (m.app.grant === 'client_credentials') {
      const tokens = await m.server.clientCredentials();
      return { grant: 'client_credentials', app, accessExpiresAt: new Date(m.now() + tokens.expiresIn * 1000).toISOString() };
    }
    const { session } = await m.openApi();
    const before = session.current();
    await (before === undefined ? session.accessToken() : session.renew(before.accessToken));
    const after = session.current();
    if (after === undefined) throw new Error('a refresh left the session without tokens');
    return { grant: 'authorization_code', app, store: m.store.path, tokens: authTokens(after) };
  });
}

/** `graphform auth logout`: revoke the refresh token (unless `revoke` is false), then delete the stored pair. */
export async function authLogout(input: AuthLogoutInput, host: WorkflowHost): Promise<AuthLogoutResult> {
  return withMarketing(input, host, async (m) => {
    const app = authApp(m);
    if (m.app.grant === 'client_credentials') return { grant: 'client_credentials', app };
    const store = m.store.path;
    const stored = await m.store.read(m.app.issuer, m.app.clientId);
    if (stored === undefined) return { grant: 'authorization_code', app, store, loggedOut: false };
    // Without a refresh token (the server issued none), the access token is what can be revoked.
    const token = stored.refreshToken === undefined ? 'access_token' : 'refresh_token';
    // Revoked first: if the server refuses, the tokens stay, so the user can try again.
    const revocation = input.revoke === false ? 'skipped' : await m.server.revoke(stored.refreshToken ?? stored.accessToken, token);
    await m.store.locked(() => m.store.remove(stored.issuer, stored.clientId));
    return { grant: 'authorization_code', app, store, loggedOut: true, revocation, token };
  });
}

async function withMarketing<T>(input: ProjectSelection, host: WorkflowHost, work: (m: OpenedMarketing) => Promise<T>): Promise<T> {
  const { config, environment } = await resolveSelection(input, host);
  const m = await openMarketing(host, config, environment);
  try {
    return await work(m);
  } finally {
    await m.close();
  }
}

function authApp(m: OpenedMarketing): AuthApp {
  return { grant: m.app.grant, description: m.app.description, clientId: m.app.clientId, openApi: m.app.baseUrl, redirectUri: m.app.redirectUri };
}

function authTokens(tokens: StoredTokens): AuthTokens {
  return {
    ...(tokens.user === undefined ? {} : { user: tokens.user }),
    ...(tokens.mode === undefined ? {} : { mode: tokens.mode }),
    accessExpiresAt: tokens.accessExpiresAt,
    ...(tokens.refreshToken === undefined ? {} : { refresh: { issuedAt: tokens.refreshIssuedAt, expiresAt: refreshExpiresAt(tokens) } }),
  };
}
