import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import type { AuthServer } from './auth-server.js';
import { AUTH_ERROR_CODES } from './codes.js';
import { bootstrapHash, storedFrom } from './stored-tokens.js';
import type { TokenStore } from './token-store.js';
import type { MarketingApp, StoredTokens } from './types.js';

/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 60_000;

/** The tokens a call uses: fresh enough, refreshed and stored when they are not. */
export interface TokenSession {
  /** An access token good for at least the margin; refreshes (and stores the new pair) first when needed. */
  accessToken(): Promise<string>;
  /** After a 401 for `rejected`: refreshes once and answers the new access token. */
  renew(rejected: string): Promise<string>;
  /** Every token value this session has seen, for redaction. */
  secrets(): string[];
  /** The stored pair in use, undefined until the first refresh of a bootstrap token. */
  current(): StoredTokens | undefined;
}

export interface SessionOptions {
  app: MarketingApp;
  store: TokenStore;
  server: AuthServer;
  now?: () => number;
  /** GRAPHFORM_REFRESH_TOKEN: starts a session with no token store entry (headless pipelines). */
  bootstrapRefreshToken?: string | undefined;
}

/**
 * Opens the session of an app: the stored pair, or the bootstrap refresh token when one is
 * given and the store holds nothing newer from it. Throws GF_AUTH_NOT_LOGGED_IN when there
 * is neither.
 */
export async function openSession(options: SessionOptions): Promise<TokenSession> {
  const { app, store, server } = options;
  const now = options.now ?? Date.now;
  const bootstrap = options.bootstrapRefreshToken === '' ? undefined : options.bootstrapRefreshToken;
  const chain = bootstrap === undefined ? undefined : bootstrapHash(bootstrap);
  const stored = await store.read(app.issuer, app.clientId);
  const continues = (entry: StoredTokens | undefined): entry is StoredTokens => continuesChain(entry, bootstrap);
  let current: StoredTokens | undefined = continues(stored) ? stored : undefined;
  if (current === undefined && bootstrap === undefined) throw notLoggedIn(app, store.path);
  const seen = new Set<string>(bootstrap === undefined ? [] : [bootstrap]);
  const remember = (tokens: StoredTokens): void => {
    for (const value of [tokens.accessToken, tokens.refreshToken, tokens.idToken]) if (value !== undefined) seen.add(value);
  };
  if (current !== undefined) remember(current);
  let inFlight: Promise<StoredTokens> | undefined;

  const fresh = (tokens: StoredTokens | undefined): tokens is StoredTokens =>
    tokens !== undefined && Date.parse(tokens.accessExpiresAt) - REFRESH_MARGIN_MS > now();

  // Under the store's lock: another process may have rotated the pair since we read it.
  const refresh = (force: boolean): Promise<StoredTokens> =>
    store.locked(async () => {
      const latest = await store.read(app.issuer, app.clientId);
      if (continues(latest) && latest.refreshToken !== current?.refreshToken) {
        current = latest;
        remember(latest);
        if (!force || fresh(latest)) return latest;
      }
      const refreshToken = current?.refreshToken ?? bootstrap;
      if (refreshToken === undefined) throw noRefreshToken(app);
      const response = await server.refresh(refreshToken);
      const lineage = current?.bootstrapHash ?? chain;
      // The bootstrap token is never carried over: the variable is not written to disk.
      const next = storedFrom(app, response, now(), {
        ...(current?.user === undefined ? {} : { user: current.user }),
        ...(current?.mode === undefined ? {} : { mode: current.mode }),
        ...(lineage === undefined ? {} : { bootstrapHash: lineage }),
        ...(current?.refreshToken === undefined ? {} : { refreshToken: current.refreshToken, refreshIssuedAt: current.refreshIssuedAt }),
        ...(current?.idToken === undefined ? {} : { idToken: current.idToken }),
      });
      remember(next);
      // The old refresh token is spent now: the new pair is stored before anything uses it.
      try {
        await store.save(next);
      } catch (error) {
        throw saveFailed(store.path, error);
      }
      current = next;
      return next;
    });

  const refreshOnce = (force: boolean): Promise<StoredTokens> => {
    inFlight ??= refresh(force).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    async accessToken() {
      if (fresh(current)) return current.accessToken;
      return (await refreshOnce(false)).accessToken;
    },
    async renew(rejected) {
      if (current !== undefined && current.accessToken !== rejected && fresh(current)) return current.accessToken;
      return (await refreshOnce(true)).accessToken;
    },
    secrets: () => [...seen],
    current: () => current,
  };
}

/**
 * Whether a stored pair is the one to use: always without a bootstrap token; with one,
 * only when the pair was rotated from it (or is it), so a newer variable wins over an old pair.
 */
export function continuesChain(entry: StoredTokens | undefined, bootstrap: string | undefined): entry is StoredTokens {
  if (entry === undefined) return false;
  if (bootstrap === undefined || bootstrap === '') return true;
  return entry.bootstrapHash === bootstrapHash(bootstrap) || entry.refreshToken === bootstrap;
}

function notLoggedIn(app: MarketingApp, storePath: string): GraphformError {
  return new GraphformError(
    AUTH_ERROR_CODES.notLoggedIn,
    `Not logged in to the marketing platform at ${app.description} (client ${app.clientId}): ${storePath} holds no tokens for it.`,
    {
      details: { clientId: app.clientId },
      hint: 'Run `graphform auth login`. In a pipeline, set GRAPHFORM_REFRESH_TOKEN to a refresh token instead.',
    },
  );
}

function noRefreshToken(app: MarketingApp): GraphformError {
  return new GraphformError(
    AUTH_ERROR_CODES.notLoggedIn,
    `The access token for ${app.description} (client ${app.clientId}) has expired, and the authorization server issued no refresh token to renew it.`,
    {
      details: { clientId: app.clientId },
      hint: 'Run `graphform auth login` again. For pipelines, marketing.grant: client_credentials needs no stored tokens at all.',
    },
  );
}

function saveFailed(storePath: string, error: unknown): GraphformError {
  const why = isGraphformError(error) ? error.message : error instanceof Error ? error.message : String(error);
  return new GraphformError(AUTH_ERROR_CODES.storeWriteFailed, `The refreshed tokens could not be saved to ${storePath}: ${why}`, {
    details: { path: storePath },
    hint: 'The previous refresh token is no longer valid. Fix the problem above, then run `graphform auth login` again.',
    cause: error,
  });
}
