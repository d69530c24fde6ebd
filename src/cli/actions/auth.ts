import { escapeControl as e } from '../../render/escape-control.js';
import {
  authLogin as loginWorkflow,
  authLogout as logoutWorkflow,
  authRefresh as refreshWorkflow,
  authStatus as statusWorkflow,
  type AuthApp,
  type AuthTokens,
} from '../../workflows/auth.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { openBrowser } from '../open-browser.js';
import { clock, workflowHostFor } from '../workflow-host.js';
import { selection } from './data.js';
import { describeExpiry } from './auth-expiry.js';

export interface LoginOptions {
  /** False with --no-browser: print the URL only. */
  browser: boolean;
  /** --timeout, in seconds. */
  timeoutSeconds: number | undefined;
}

/** What the status lines and JSON of a stored pair name besides the tokens. */
interface StoredAt {
  app: AuthApp;
  store: string;
}

/** `graphform auth login`: the authorization-code flow over the loopback redirect. */
export async function authLogin(ctx: CommandContext, options: LoginOptions): Promise<number> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    const result = await loginWorkflow(
      {
        ...(await selection(ctx)),
        ...(options.timeoutSeconds === undefined ? {} : { timeoutMs: options.timeoutSeconds * 1000 }),
        ...(options.browser ? { openBrowser: (url: string) => openBrowser(url, ctx.io.env) } : {}),
        onAuthorizationUrl: (url, { app, browserOpened }) => {
          ctx.err(`To log in to ${app.description}, open this URL in a browser:\n\n  ${url}\n`);
          ctx.err(`${browserOpened ? 'Opened it in your browser. ' : ''}Waiting for the browser to come back to ${app.redirectUri} (Ctrl+C to stop)…`);
        },
      },
      workflowHostFor(ctx, trap.signal),
    );
    const json = ctx.globals().format === 'json';
    if (result.grant === 'client_credentials') {
      if (json) ctx.out(JSON.stringify({ grant: result.grant, loggedIn: false, loginNeeded: false }, null, 2));
      else
        ctx.out(
          'No login needed: marketing.grant is client_credentials, ' +
            `so every command fetches its own access token from ${result.app.description} with the client id and secret alone. Nothing is stored.`,
        );
      return 0;
    }
    const { tokens } = result;
    if (json) ctx.out(JSON.stringify({ loggedIn: true, ...statusJson(result, tokens) }, null, 2));
    else
      ctx.out(
        [
          ctx.color().green(`Logged in to ${result.app.description}${tokens.user === undefined ? '' : ` as ${e(tokens.user)}`}.`),
          ...statusLines(ctx, result, tokens),
        ].join('\n'),
      );
    return 0;
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
  const result = await statusWorkflow(await selection(ctx), workflowHostFor(ctx));
  const json = ctx.globals().format === 'json';
  const { app } = result;
  if (result.grant === 'client_credentials') {
    if (json) ctx.out(JSON.stringify({ grant: app.grant, app: app.description, clientId: app.clientId, openApi: app.openApi, store: null }, null, 2));
    else
      ctx.out(
        [
          'Grant: client_credentials (marketing.grant): ' +
            `commands fetch an access token from ${app.description} with the client id and secret; no login, no token store.`,
          `  client:         ${e(app.clientId)}`,
          `  Open API:       ${app.openApi}`,
          '  Run `graphform auth refresh` to check the credentials now.',
        ].join('\n'),
      );
    return 0;
  }
  const { tokens, refreshTokenFromEnvironment, loggedIn } = result;
  if (json) {
    ctx.out(
      JSON.stringify(
        {
          loggedIn,
          refreshTokenFromEnvironment,
          ...(tokens === undefined ? { app: app.description, clientId: app.clientId, store: result.store } : statusJson(result, tokens)),
        },
        null,
        2,
      ),
    );
    return loggedIn ? 0 : 1;
  }
  if (tokens !== undefined) {
    ctx.out([`Logged in to ${app.description}${tokens.user === undefined ? '' : ` as ${e(tokens.user)}`}.`, ...statusLines(ctx, result, tokens)].join('\n'));
    return 0;
  }
  if (refreshTokenFromEnvironment) {
    ctx.out(`GRAPHFORM_REFRESH_TOKEN is set: commands start from it (not checked yet) and store the rotated pair in ${result.store}.`);
    return 0;
  }
  ctx.err(
    `Not logged in to ${app.description} (client ${e(app.clientId)}): ` +
      `${result.store} holds no tokens for it.\n  Run \`graphform auth login\`, or set GRAPHFORM_REFRESH_TOKEN in a pipeline.`,
  );
  return 1;
}

/** `graphform auth refresh`: a refresh now, the rotated pair stored before anything else. */
export async function authRefresh(ctx: CommandContext): Promise<number> {
  const result = await refreshWorkflow(await selection(ctx), workflowHostFor(ctx));
  const json = ctx.globals().format === 'json';
  if (result.grant === 'client_credentials') {
    if (json) ctx.out(JSON.stringify({ grant: result.grant, fetched: true, accessExpiresAt: result.accessExpiresAt, stored: false }, null, 2));
    else
      ctx.out(
        ctx
          .color()
          .green(
            `Fetched an access token from ${result.app.description} with client credentials: ` +
              `it ${describeExpiry(result.accessExpiresAt, now(ctx), 'fetched again on next use')}. Nothing was stored.`,
          ),
      );
    return 0;
  }
  if (json) ctx.out(JSON.stringify({ refreshed: true, ...statusJson(result, result.tokens) }, null, 2));
  else ctx.out([ctx.color().green(`Refreshed the tokens for ${result.app.description}.`), ...statusLines(ctx, result, result.tokens)].join('\n'));
  return 0;
}

/** `graphform auth logout`: revoke the refresh token (unless --no-revoke), then delete the stored pair. */
export async function authLogout(ctx: CommandContext, options: { revoke: boolean }): Promise<number> {
  const result = await logoutWorkflow({ ...(await selection(ctx)), revoke: options.revoke }, workflowHostFor(ctx));
  const json = ctx.globals().format === 'json';
  if (result.grant === 'client_credentials') {
    if (json) ctx.out(JSON.stringify({ grant: result.grant, loggedOut: false, revoked: false }, null, 2));
    else ctx.out(`marketing.grant is client_credentials: nothing is stored, so there is nothing to log out of (each command's token expires on its own).`);
    return 0;
  }
  if (!result.loggedOut) {
    if (json) ctx.out(JSON.stringify({ loggedOut: false, revoked: false, store: result.store }, null, 2));
    else ctx.out(`No tokens for ${result.app.description} in ${result.store}: nothing to log out.`);
    return 0;
  }
  if (json) {
    ctx.out(JSON.stringify({ loggedOut: true, revoked: result.revocation === 'revoked', store: result.store }, null, 2));
    return 0;
  }
  const said =
    result.revocation === 'revoked'
      ? `revoked the ${result.token === 'access_token' ? 'access' : 'refresh'} token and`
      : result.revocation === 'unsupported'
        ? 'the authorization server offers no revocation (the tokens stay valid until they expire);'
        : 'did not revoke (--no-revoke);';
  ctx.out(`Logged out of ${result.app.description}: ${said} deleted the stored tokens from ${result.store}.`);
  return 0;
}

/** The command's clock, read when the lines are written, as the expiries are measured against it. */
function now(ctx: CommandContext): number {
  return clock(ctx)().getTime();
}

function statusLines(ctx: CommandContext, at: StoredAt, tokens: AuthTokens): string[] {
  const nowMs = now(ctx);
  return [
    `  grant:          ${at.app.grant}`,
    `  client:         ${e(at.app.clientId)}`,
    `  app mode:       ${tokens.mode === undefined ? 'unknown' : `${tokens.mode} (from the access token's lifetime)`}`,
    `  access token:   ${describeExpiry(tokens.accessExpiresAt, nowMs, 'refreshed on next use')}`,
    tokens.refresh === undefined
      ? '  refresh token:  none issued (log in again once the access token expires)'
      : `  refresh token:  issued ${tokens.refresh.issuedAt}, ${describeExpiry(tokens.refresh.expiresAt, nowMs, 'log in again')}`,
    `  stored in:      ${at.store}`,
  ];
}

function statusJson(at: StoredAt, tokens: AuthTokens): Record<string, string | null> {
  return {
    grant: at.app.grant,
    app: at.app.description,
    clientId: at.app.clientId,
    user: tokens.user ?? null,
    mode: tokens.mode ?? null,
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refresh?.expiresAt ?? null,
    store: at.store,
  };
}
