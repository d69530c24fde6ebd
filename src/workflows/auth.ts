import { DEFAULT_LOGIN_TIMEOUT_MS, login } from '../../marketing/login.js';
import { continuesChain } from '../../marketing/session.js';
import { refreshExpiresAt } from '../../marketing/stored-tokens.js';
import type { StoredTokens } from '../../marketing/types.js';
import { escapeControl as e } from '../../render/escape-control.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { openBrowser } from '../open-browser.js';
import { openMarketing, type OpenedMarketing } from '../../workflows/open-marketing.js';
import { describeExpiry } from './auth-expiry.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';

export interface LoginOptions {
  /** False with --no-browser: print the URL only. */
  browser: boolean;
  /** --timeout, in seconds. */
  timeoutSeconds: number | undefined;
}

/** `graphform auth login`: the authorization-code flow over the loopback redirect. */
export async function authLogin(ctx: CommandContext, options: LoginOptions): Promise<number> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    return await withMarketing(ctx, async (m) => {
      if (m.app.grant === 'client_credentials') return noLoginNeeded(ctx, m);
      const stored = await login({
        app: m.app,
        store: m.store,
        http: m.http,
        now: m.now,
        timeoutMs: options.timeoutSeconds === undefined ? DEFAULT_LOGIN_TIMEOUT_MS : options.timeoutSeconds * 1000,
        signal: trap.signal,
        announce: (url) => {
          ctx.err(`To log in to ${m.app.description}, open this URL in a browser:\n\n  ${url}\n`);
          const opened = options.browser && openBrowser(url, ctx.io.env);
          ctx.err(`${opened ? 'Opened it in your browser. ' : ''}Waiting for the browser to come back to ${m.app.redirectUri} (Ctrl+C to stop)…`);
        },
      });
      if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ loggedIn: true, ...statusJson(m, stored) }, null, 2));
      else ctx.out([ctx.color().green(`Logged in to ${m.app.description}${stored.user === undefined ? '' : ` as ${e(stored.user)}`}.`), ...statusLines(m, stored)].join('\n'));
      return 0;
    });
  } catch (error) {
    if (trap.received() !== undefined) {
      ctx.err('Login cancelled; stored tokens were left as they were.');
      return exitCodeAfter(trap, 1);
    }
    throw error;
  } finally {
    trap.release();
  }
}

/** `graphform auth status`: what is stored, read without a request; exit 1 when there is nothing to use. */
export async function authStatus(ctx: CommandContext): Promise<number> {
  return withMarketing(ctx, async (m) => {
    if (m.app.grant === 'client_credentials') return clientCredentialsStatus(ctx, m);
    const bootstrap = ctx.io.env.GRAPHFORM_REFRESH_TOKEN;
    const stored = await m.store.read(m.app.issuer, m.app.clientId);
    const usable = continuesChain(stored, bootstrap) ? stored : undefined;
    const fromEnv = bootstrap !== undefined && bootstrap !== '' && usable === undefined;
    if (ctx.globals().format === 'json') {
      ctx.out(JSON.stringify({ loggedIn: usable !== undefined || fromEnv, refreshTokenFromEnvironment: fromEnv, ...(usable === undefined ? { app: m.app.description, clientId: m.app.clientId, store: m.store.path } : statusJson(m, usable)) }, null, 2));
      return usable !== undefined || fromEnv ? 0 : 1;
    }
    if (usable !== undefined) {
      ctx.out([`Logged in to ${m.app.description}${usable.user === undefined ? '' : ` as ${e(usable.user)}`}.`, ...statusLines(m, usable)].join('\n'));
      return 0;
    }
    if (fromEnv) {
      ctx.out(`GRAPHFORM_REFRESH_TOKEN is set: commands start from it (not checked yet) and store the rotated pair in ${m.store.path}.`);
      return 0;
    }
    ctx.err(`Not logged in to ${m.app.description} (client ${e(m.app.clientId)}): ${m.store.path} holds no tokens for it.\n  Run \`graphform auth login\`, or set GRAPHFORM_REFRESH_TOKEN in a pipeline.`);
    return 1;
  });
}

/** `graphform auth refresh`: a refresh now, the rotated pair stored before anything else. */
export async function authRefresh(ctx: CommandContext): Promise<number> {
  return withMarketing(ctx, async (m) => {
    if (m.app.grant === 'client_credentials') return fetchClientToken(ctx, m);
    const { session } = await m.openApi();
    const before = session.current();
    await (before === undefined ? session.accessToken() : session.renew(before.accessToken));
    const after = session.current();
    if (after === undefined) throw new Error('a refresh left the session without tokens');
    if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ refreshed: true, ...statusJson(m, after) }, null, 2));
    else ctx.out([ctx.color().green(`Refreshed the tokens for ${m.app.description}.`), ...statusLines(m, after)].join('\n'));
    return 0;
  });
}

/** `graphform auth logout`: revoke the refresh token (unless --no-revoke), then delete the stored pair. */
export async function authLogout(ctx: CommandContext, options: { revoke: boolean }): Promise<number> {
  return withMarketing(ctx, async (m) => {
    const json = ctx.globals().format === 'json';
    if (m.app.grant === 'client_credentials') {
      if (json) ctx.out(JSON.stringify({ grant: m.app.grant, loggedOut: false, revoked: false }, null, 2));
      else ctx.out(`marketing.grant is client_credentials: nothing is stored, so there is nothing to log out of (each command's token expires on its own).`);
      return 0;
    }
    const stored = await m.store.read(m.app.issuer, m.app.clientId);
    if (stored === undefined) {
      if (json) ctx.out(JSON.stringify({ loggedOut: false, revoked: false, store: m.store.path }, null, 2));
      else ctx.out(`No tokens for ${m.app.description} in ${m.store.path}: nothing to log out.`);
      return 0;
    }
    // Revoked first: if the server refuses, the tokens stay, so the user can try again.
    // Without a refresh token (the server issued none), the access token is what can be revoked.
    const revoked = !options.revoke ? 'skipped' : stored.refreshToken === undefined ? await m.server.revoke(stored.accessToken, 'access_token') : await m.server.revoke(stored.refreshToken, 'refresh_token');
    await m.store.locked(() => m.store.remove(stored.issuer, stored.clientId));
    if (json) {
      ctx.out(JSON.stringify({ loggedOut: true, revoked: revoked === 'revoked', store: m.store.path }, null, 2));
      return 0;
    }
    const said =
      revoked === 'revoked'
        ? `revoked the ${stored.refreshToken === undefined ? 'access' : 'refresh'} token and`
        : revoked === 'unsupported'
          ? 'the authorization server offers no revocation (the tokens stay valid until they expire);'
          : 'did not revoke (--no-revoke);';
    ctx.out(`Logged out of ${m.app.description}: ${said} deleted the stored tokens from ${m.store.path}.`);
    return 0;
  });
}

async function withMarketing<T>(ctx: CommandContext, work: (m: OpenedMarketing) => Promise<T>): Promise<T> {
  const config = await ctx.loadConfig();
  const m = await openMarketing(workflowEnvironmentFor(ctx), config, await ctx.environment());
  try {
    return await work(m);
  } finally {
    await m.close();
  }
}

/** `auth login` under client credentials: there is no user to log in; say so, and what happens instead. */
function noLoginNeeded(ctx: CommandContext, m: OpenedMarketing): number {
  if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ grant: m.app.grant, loggedIn: false, loginNeeded: false }, null, 2));
  else ctx.out(`No login needed: marketing.grant is client_credentials, so every command fetches its own access token from ${m.app.description} with the client id and secret alone. Nothing is stored.`);
  return 0;
}

/** `auth status` under client credentials: the grant, read from the config without a request. */
function clientCredentialsStatus(ctx: CommandContext, m: OpenedMarketing): number {
  if (ctx.globals().format === 'json') {
    ctx.out(JSON.stringify({ grant: m.app.grant, app: m.app.description, clientId: m.app.clientId, openApi: m.app.baseUrl, store: null }, null, 2));
    return 0;
  }
  ctx.out(
    [
      `Grant: client_credentials (marketing.grant): commands fetch an access token from ${m.app.description} with the client id and secret; no login, no token store.`,
      `  client:         ${e(m.app.clientId)}`,
      `  Open API:       ${m.app.baseUrl}`,
      '  Run `graphform auth refresh` to check the credentials now.',
    ].join('\n'),
  );
  return 0;
}

/** `auth refresh` under client credentials: one token fetched now, as a check of the credentials; nothing stored. */
async function fetchClientToken(ctx: CommandContext, m: OpenedMarketing): Promise<number> {
  const tokens = await m.server.clientCredentials();
  const expiresAt = new Date(m.now() + tokens.expiresIn * 1000).toISOString();
  if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ grant: m.app.grant, fetched: true, accessExpiresAt: expiresAt, stored: false }, null, 2));
  else ctx.out(ctx.color().green(`Fetched an access token from ${m.app.description} with client credentials: it ${describeExpiry(expiresAt, m.now(), 'fetched again on next use')}. Nothing was stored.`));
  return 0;
}

function statusLines(m: OpenedMarketing, tokens: StoredTokens): string[] {
  const now = m.now();
  return [
    `  grant:          ${m.app.grant}`,
    `  client:         ${e(m.app.clientId)}`,
    `  app mode:       ${tokens.mode === undefined ? 'unknown' : `${tokens.mode} (from the access token's lifetime)`}`,
    `  access token:   ${describeExpiry(tokens.accessExpiresAt, now, 'refreshed on next use')}`,
    tokens.refreshToken === undefined
      ? '  refresh token:  none issued (log in again once the access token expires)'
      : `  refresh token:  issued ${tokens.refreshIssuedAt}, ${describeExpiry(refreshExpiresAt(tokens), now, 'log in again')}`,
    `  stored in:      ${m.store.path}`,
  ];
}

function statusJson(m: OpenedMarketing, tokens: StoredTokens): Record<string, string | null> {
  return {
    grant: m.app.grant,
    app: m.app.description,
    clientId: m.app.clientId,
    user: tokens.user ?? null,
    mode: tokens.mode ?? null,
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshToken === undefined ? null : refreshExpiresAt(tokens),
    store: m.store.path,
  };
}
