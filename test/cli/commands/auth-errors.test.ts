import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/types.js';
import { startTestEmulator } from '../../helpers/emulator.js';
import { runCli, type CliRun } from '../../helpers/run-cli.js';
import { makeTempDir, writeFiles } from '../../helpers/temp-dir.js';
import { freePort } from '../../marketing/fake-platform.js';
import { loginFollowing, storedPair, storeFile, type Tamper } from './marketing-helpers.js';

/** A project whose marketing: block points at a running emulator's demo app, with its own token store. */
async function project(options: { redirectUri?: (registered: string) => string; secret?: (real: string) => string } = {}) {
  const port = await freePort();
  const registered = `http://127.0.0.1:${port}/callback`;
  const emulator = await startTestEmulator({ demoApp: { redirectUri: registered } });
  const demo = emulator.marketing.demoApp;
  const dir = await makeTempDir();
  const xdg = await makeTempDir();
  await writeFiles(dir, {
    'graphform.config.yaml': [
      'marketing:',
      `  authUrl: ${emulator.url}`,
      `  baseUrl: ${emulator.url}`,
      '  clientId: "${env:MKT_CLIENT_ID}"',
      '  clientSecret: "${env:MKT_CLIENT_SECRET}"',
      `  redirectUri: ${options.redirectUri?.(registered) ?? registered}`,
      '',
    ].join('\n'),
  });
  const env = { XDG_CONFIG_HOME: xdg, MKT_CLIENT_ID: demo.clientId, MKT_CLIENT_SECRET: options.secret?.(demo.clientSecret) ?? demo.clientSecret };
  const cli = (argv: string[], more: Record<string, string> = {}): Promise<CliRun> => runCli(argv, { cwd: dir, env: { ...env, ...more } });
  const login = (tamper?: Tamper, ...argv: string[]) => loginFollowing(argv, { cwd: dir, env, ...(tamper === undefined ? {} : { tamper }) });
  const storeText = (): Promise<string> => readFile(storeFile(xdg), 'utf8').catch(() => '(none)');
  return { emulator, demo, dir, xdg, env, cli, login, storeText };
}

/** POST /o/oauth2/v1/token as another client of the same app would. */
async function tokenRequest(emulator: RunningEmulator, body: Record<string, string>): Promise<number> {
  const demo = emulator.marketing.demoApp;
  const answer = await fetch(`${emulator.url}/o/oauth2/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: demo.clientId, client_secret: demo.clientSecret, ...body }),
  });
  return answer.status;
}

function expectClean(run: CliRun, secrets: readonly string[]): void {
  for (const secret of secrets) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

describe('auth errors against the emulator leave stored credentials intact', () => {
  it.each<{ name: string; code: string; says: string; argv?: string[]; tamper: (p: Awaited<ReturnType<typeof project>>) => Tamper }>([
    // A wrong state is refused and the login waits on for the right one, until its timeout.
    {
      name: 'a wrong state',
      code: 'GF_AUTH_STATE_MISMATCH',
      says: 'another state',
      argv: ['--timeout', '1'],
      tamper: () => (callback) => callback.searchParams.set('state', 'forged-state'),
    },
    {
      name: 'a reused code',
      code: 'GF_AUTH_CODE_REJECTED',
      says: 'already used',
      tamper: (p) => async (callback) => {
        expect(
          await tokenRequest(p.emulator, {
            grant_type: 'authorization_code',
            code: callback.searchParams.get('code') ?? '',
            redirect_uri: `${callback.origin}${callback.pathname}`,
          }),
        ).toBe(200);
      },
    },
  ])('login stops at $name with $code', async ({ code, says, argv = [], tamper }) => {
    const p = await project();
    expect((await p.login()).run.code).toBe(0);
    const before = await p.storeText();
    const { run, page, code: issued } = await p.login(tamper(p), ...argv);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`[${code}]`);
    expect(run.stderr).toContain(says);
    expect(page).toContain('You can close this window');
    expectClean(run, [issued, p.demo.clientSecret, (await storedPair(p.xdg)).refreshToken]);
    expect(await p.storeText()).toBe(before);
  });

  it('login stops at a wrong client secret with GF_AUTH_CLIENT_REJECTED and stores nothing', async () => {
    const p = await project({ secret: () => 'not-the-client-secret' });
    const { run, code } = await p.login();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[GF_AUTH_CLIENT_REJECTED]');
    expect(run.stderr).toContain('marketing.clientId and marketing.clientSecret');
    expectClean(run, [code, 'not-the-client-secret', p.demo.clientSecret]);
    expect(await p.storeText()).toBe('(none)');
  });

  it('login with a redirect_uri the app did not register never gets a code: it times out and says why it may have', async () => {
    const other = await freePort();
    const p = await project({ redirectUri: () => `http://127.0.0.1:${other}/callback` });
    const { run, page } = await p.login(undefined, '--timeout', '1');
    expect(page).toContain('redirect_uri');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[GF_AUTH_LOGIN_TIMEOUT]');
    expect(run.stderr).toContain('marketing.redirectUri is not the callback URL registered');
  });

  it.each(['http://192.168.10.20:8765/callback', 'http://login.example.com:8765/callback'])(
    'login refuses the non-loopback redirectUri %s before any request',
    async (redirectUri) => {
      const p = await project({ redirectUri: () => redirectUri });
      const run = await p.cli(['auth', 'login', '--no-browser']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('[GF_AUTH_REDIRECT_NOT_LOOPBACK]');
      expect(run.stderr).not.toContain('/o/oauth2/v1/auth?');
      expect(p.emulator.inspect.requests().filter((r) => r.path.startsWith('/o/'))).toEqual([]);
    },
  );

  it.each<{ name: string; spoil: (p: Awaited<ReturnType<typeof project>>) => Promise<void>; says: string }>([
    {
      name: 'a refresh token already used',
      spoil: async (p) =>
        void expect(await tokenRequest(p.emulator, { grant_type: 'refresh_token', refresh_token: (await storedPair(p.xdg)).refreshToken })).toBe(200),
      says: 'already used',
    },
    { name: 'an expired refresh token', spoil: (p) => p.emulator.marketing.advanceClock(366 * 24 * 3600_000), says: 'has expired' },
  ])('auth refresh stops at $name with GF_AUTH_REFRESH_REJECTED', async ({ spoil, says }) => {
    const p = await project();
    expect((await p.login()).run.code).toBe(0);
    const before = await p.storeText();
    const pair = await storedPair(p.xdg);
    await spoil(p);
    const run = await p.cli(['auth', 'refresh']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[GF_AUTH_REFRESH_REJECTED]');
    expect(run.stderr).toContain(says);
    expect(run.stderr).toContain('graphform auth login');
    expectClean(run, [pair.refreshToken, pair.accessToken, p.demo.clientSecret]);
    expect(await p.storeText()).toBe(before);
  });

  it('a pipeline starts from GRAPHFORM_REFRESH_TOKEN with no token store, and stores only the rotated pair', async () => {
    const p = await project();
    expect((await p.login()).run.code).toBe(0);
    const bootstrap = (await storedPair(p.xdg)).refreshToken;
    const ci = await makeTempDir();
    const env = { XDG_CONFIG_HOME: ci, GRAPHFORM_REFRESH_TOKEN: bootstrap };

    const status = await p.cli(['auth', 'status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('GRAPHFORM_REFRESH_TOKEN is set');
    const listed = await p.cli(['assets', 'list', '--format', 'json'], env);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(p.emulator.marketing.assets().length);
    const file = await readFile(storeFile(ci), 'utf8');
    expect(file).not.toContain(bootstrap);
    const rotated = await storedPair(ci);
    expectClean(listed, [bootstrap, rotated.refreshToken, rotated.accessToken]);

    // The next job on the same runner, given the same (now spent) variable, continues from the stored pair.
    expect((await p.cli(['assets', 'list'], env)).code).toBe(0);
    expect((await p.cli(['auth', 'refresh'], env)).code).toBe(0);
    expect((await storedPair(ci)).refreshToken).not.toBe(rotated.refreshToken);
  });
});

describe('marketing commands that cannot start', () => {
  it('ask for a marketing: block in an environment that does not run the emulator', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'graphform.config.yaml': [
        'defaultEnvironment: prod',
        'environments:',
        '  prod:',
        '    graphUrl: https://graph.example.com',
        '    auth: { scheme: basic, appKey: key, secret: "${env:GRAPH_SECRET}" }',
        '',
      ].join('\n'),
    });
    const run = await runCli(['auth', 'login', '--no-browser'], {
      cwd: dir,
      env: { GRAPH_SECRET: 'graph-secret-value', XDG_CONFIG_HOME: await makeTempDir() },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[GF_CONFIG_MARKETING_MISSING]');
    expect(run.stderr).toContain('environment prod does not run the local emulator');
  });

  it('refuse to sync a source without an import: block, before any request', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'content-sources/shop.yaml': 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Page:\n    contentType: []\n    properties: {}\n',
    });
    const run = await runCli(['assets', 'sync', 'shop'], { cwd: dir, env: { XDG_CONFIG_HOME: await makeTempDir() } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[GF_ASSETS_NO_IMPORT]');
    expect(run.stderr).toContain('contentType: Article');
  });
});
