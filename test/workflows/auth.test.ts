import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authLogin, authLogout, authRefresh, authStatus, type AuthLoginInput } from '../../src/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { rejection } from '../helpers/graphform-error.js';
import { visitAuthorizationUrl } from '../helpers/login-browser.js';
import { signIn } from '../helpers/oauth.js';
import { makeProjectDir, makeTempDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';
import { freePort } from '../marketing/fake-platform.js';

interface StoredEntry {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

/**
 * A project whose marketing: block names a running emulator's demo app (its callback on a
 * free loopback port), the client id and secret from variables, and a token store of its own.
 */
async function project(grant: 'authorization_code' | 'client_credentials' = 'authorization_code') {
  const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
  const emulator = await startTestEmulator({ demoApp: { redirectUri } });
  const demo = emulator.marketing.demoApp;
  const cwd = await makeProjectDir({
    'graphform.config.yaml': [
      'marketing:',
      `  authUrl: ${emulator.url}`,
      `  baseUrl: ${emulator.url}`,
      '  clientId: "${env:MKT_CLIENT_ID}"',
      '  clientSecret: "${env:MKT_CLIENT_SECRET}"',
      grant === 'client_credentials' ? '  grant: client_credentials' : `  redirectUri: ${redirectUri}`,
      '',
    ].join('\n'),
  });
  const xdg = await makeTempDir();
  const variables = { XDG_CONFIG_HOME: xdg, MKT_CLIENT_ID: demo.clientId, MKT_CLIENT_SECRET: demo.clientSecret };
  const storePath = path.join(xdg, 'graphform', 'credentials.json');
  const stored = async (): Promise<StoredEntry[]> => (JSON.parse(await readFile(storePath, 'utf8')) as { tokens: StoredEntry[] }).tokens;
  return {
    emulator,
    demo,
    redirectUri,
    cwd,
    xdg,
    variables,
    storePath,
    stored,
    env: (more: Record<string, string> = {}) => testHost(cwd, { variables: { ...variables, ...more } }),
  };
}

/** What the workflow told the caller, and a login input whose "browser" (openBrowser) is the test. */
function browserLogin(): { told: { url: string; browserOpened: boolean; description: string }[]; input: AuthLoginInput } {
  const told: { url: string; browserOpened: boolean; description: string }[] = [];
  return {
    told,
    input: {
      openBrowser: async (url) => {
        await visitAuthorizationUrl(url);
        return true;
      },
      onAuthorizationUrl: (url, { app, browserOpened }) => void told.push({ url, browserOpened, description: app.description }),
    },
  };
}

describe('the auth workflows against the emulator', () => {
  it('log in through the browser callback, report who and until when (never a token), refresh, and log out with revocation', async () => {
    const p = await project();
    const env = p.env();

    const before = await authStatus({}, env);
    expect(before).toEqual({
      grant: 'authorization_code',
      app: { grant: 'authorization_code', description: p.emulator.url, clientId: p.demo.clientId, openApi: p.emulator.url, redirectUri: p.redirectUri },
      store: p.storePath,
      loggedIn: false,
      refreshTokenFromEnvironment: false,
    });

    const { told, input } = browserLogin();
    const loggedIn = await authLogin(input, env);
    expect(told).toHaveLength(1);
    const url = new URL(told[0]?.url ?? '');
    expect(url.origin).toBe(p.emulator.url);
    expect(url.searchParams.get('client_id')).toBe(p.demo.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(p.redirectUri);
    expect(told[0]).toMatchObject({ browserOpened: true, description: p.emulator.url });
    if (loggedIn.grant !== 'authorization_code') throw new Error('expected the authorization code');
    expect(loggedIn.store).toBe(p.storePath);
    expect(loggedIn.tokens).toMatchObject({ user: 'demo@example.com', mode: 'development' });
    // Development mode: a 30-day access token; the refresh token's year counts from the login.
    expect(Date.parse(loggedIn.tokens.accessExpiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(Date.parse(loggedIn.tokens.refresh?.expiresAt ?? '') - Date.parse(loggedIn.tokens.refresh?.issuedAt ?? '')).toBe(365 * 24 * 3600_000);
    const [first] = await p.stored();
    if (first === undefined) throw new Error('nothing stored');

    const status = await authStatus({}, env);
    expect(status).toMatchObject({ loggedIn: true, tokens: loggedIn.tokens, refreshTokenFromEnvironment: false });

    const refreshed = await authRefresh({}, env);
    const [second] = await p.stored();
    expect(second?.refreshToken).not.toBe(first.refreshToken);
    expect(refreshed).toMatchObject({ grant: 'authorization_code', store: p.storePath, tokens: { user: 'demo@example.com' } });

    // The results name who and when; the tokens themselves stay in the store.
    for (const result of [loggedIn, status, refreshed]) {
      const text = JSON.stringify(result);
      for (const secret of [first.accessToken, first.refreshToken, first.idToken, second?.accessToken, second?.refreshToken, p.demo.clientSecret])
        if (secret !== undefined) expect(text).not.toContain(secret);
    }

    expect(await authLogout({}, env)).toMatchObject({
      grant: 'authorization_code',
      loggedOut: true,
      revocation: 'revoked',
      token: 'refresh_token',
      store: p.storePath,
    });
    expect(p.emulator.marketing.tokens().refreshTokens).toBe(0);
    expect(await readdir(path.dirname(p.storePath))).toEqual([]);
    expect(await authStatus({}, env)).toMatchObject({ loggedIn: false });
    expect(await authLogout({}, env)).toEqual({ grant: 'authorization_code', app: before.app, store: p.storePath, loggedOut: false });
  });

  it('without openBrowser, or with one that fails, tell the URL with browserOpened false, and the caller brings the browser back', async () => {
    const p = await project();
    for (const openBrowser of [undefined, () => Promise.reject(new Error('no display'))]) {
      const told: boolean[] = [];
      const result = await authLogin(
        {
          ...(openBrowser === undefined ? {} : { openBrowser }),
          onAuthorizationUrl: async (url, { browserOpened }) => {
            told.push(browserOpened);
            expect((await visitAuthorizationUrl(url)).page).toContain('You can close this window');
          },
        },
        p.env(),
      );
      expect(told).toEqual([false]);
      expect(result).toMatchObject({ grant: 'authorization_code', tokens: { user: 'demo@example.com' } });
    }
  });

  it('stop a login that waits for the browser when env.signal aborts, leaving the stored tokens as they were', async () => {
    const p = await project();
    await authLogin(browserLogin().input, p.env());
    const before = await readFile(p.storePath, 'utf8');
    const stop = new AbortController();
    const env = testHost(p.cwd, { variables: p.variables, signal: stop.signal });
    const error = await rejection(authLogin({ onAuthorizationUrl: () => stop.abort() }, env));
    expect(error.code).toBe('GF_AUTH_LOGIN_CANCELLED');
    expect(await readFile(p.storePath, 'utf8')).toBe(before);
  });

  it('start from GRAPHFORM_REFRESH_TOKEN when nothing stored continues from it, and store the rotated pair on refresh', async () => {
    const p = await project();
    const pair = await signIn(p.emulator);
    const env = p.env({ GRAPHFORM_REFRESH_TOKEN: pair.refresh_token });
    expect(await authStatus({}, env)).toMatchObject({ loggedIn: true, refreshTokenFromEnvironment: true });
    expect(await authStatus({}, env)).not.toHaveProperty('tokens');

    const refreshed = await authRefresh({}, env);
    expect(refreshed).toMatchObject({ grant: 'authorization_code', tokens: { mode: 'development' } });
    const [stored] = await p.stored();
    expect(stored?.refreshToken).not.toBe(pair.refresh_token);
    // The stored pair continues the variable's chain: it is what commands use now.
    expect(await authStatus({}, env)).toMatchObject({
      loggedIn: true,
      refreshTokenFromEnvironment: false,
      tokens: { accessExpiresAt: refreshed.grant === 'authorization_code' ? refreshed.tokens.accessExpiresAt : '' },
    });
  });

  it('under client credentials: no login and no browser, refresh fetches a token as a check, and nothing is ever stored', async () => {
    const p = await project('client_credentials');
    const env = p.env();
    const { told, input } = browserLogin();
    expect(await authLogin(input, env)).toMatchObject({
      grant: 'client_credentials',
      loginNeeded: false,
      app: { grant: 'client_credentials', clientId: p.demo.clientId },
    });
    expect(told).toEqual([]);
    expect(await authStatus({}, env)).toEqual({ grant: 'client_credentials', app: expect.objectContaining({ openApi: p.emulator.url }) });
    const refreshed = await authRefresh({}, env);
    if (refreshed.grant !== 'client_credentials') throw new Error('expected client credentials');
    expect(Date.parse(refreshed.accessExpiresAt)).toBeGreaterThan(Date.now());
    expect(await authLogout({}, env)).toMatchObject({ grant: 'client_credentials' });
    expect(await readdir(p.xdg)).toEqual([]);
    expect(p.emulator.marketing.tokens().refreshTokens).toBe(0);
  });
});
