import { DEFAULT_LOGIN_TIMEOUT_MS, login } from '../../marketing/login.js';
import { continuesChain } from '../../marketing/session.js';
import { refreshExpiresAt } from '../../marketing/stored-tokens.js';
import type { StoredTokens } from '../../marketing/types.js';
import { escapeControl as e } from '../../render/escape-control.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { openBrowser } from '../open-browser.js';
import { openMarketing, type OpenedMarketing } from '../open-marketing.js';
import { describeExpiry } from './auth-expiry.js';

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
    const stored = await m.store.read(m.app.issuer, m.app.clientId);
    const json = ctx.globals().format === 'json';
    if (stored === undefined) {
      if (json) ctx.out(JSON.stringify({ loggedOut: false, revoked: false, store: m.store.path }, null, 2));
      else ctx.out(`No tokens for ${m.app.description} in ${m.store.path}: nothing to log out.`);
      return 0;
    }
    // Revoked first: if the server refuses, the tokens stay, so the user can try again.
    const revoked = options.revoke ? await m.server.revoke(stored.refreshToken, 'refresh_token') : 'skipped';
    await m.store.locked(() => m.store.remove(stored.issuer, stored.clientId));
    if (json) {
      ctx.out(JSON.stringify({ loggedOut: true, revoked: revoked === 'revoked', store: m.store.path }, null, 2));
      return 0;
    }
    const said =
      revoked === 'revoked'
        ? 'revoked the refresh token and'
        : revoked === 'unsupported'
          ? 'the authorization server offers no revocation (the tokens stay valid until they expire);'
          : 'did not revoke (--no-revoke);';
    ctx.out(`Logged out of ${m.app.description}: ${said} deleted the stored tokens from ${m.store.path}.`);
    return 0;
  });
}

async function withMarketing<T>(ctx: CommandContext, work: (m: OpenedMarketing) => Promise<T>): Promise<T> {
  const config = await ctx.loadConfig();
  const m = await openMarketing(ctx, config, await ctx.environment());
  try {
    return await work(m);
  } finally {
    await m.close();
  }
}

function statusLines(m: OpenedMarketing, tokens: StoredTokens): string[] {
  const now = m.now();
  return [
    `  client:         ${e(m.app.clientId)}`,
    `  app mode:       ${tokens.mode === undefined ? 'unknown' : `${tokens.mode} (from the access token's lifetime)`}`,
    `  access token:   ${describeExpiry(tokens.accessExpiresAt, now, 'refreshed on next use')}`,
    `  refresh token:  issued ${tokens.refreshIssuedAt}, ${describeExpiry(refreshExpiresAt(tokens), now, 'log in again')}`,
    `  stored in:      ${m.store.path}`,
  ];
}

function statusJson(m: OpenedMarketing, tokens: StoredTokens): Record<string, string | null> {
  return {
    app: m.app.description,
    clientId: m.app.clientId,
    user: tokens.user ?? null,
    mode: tokens.mode ?? null,
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: refreshExpiresAt(tokens),
    store: m.store.path,
  };
}
