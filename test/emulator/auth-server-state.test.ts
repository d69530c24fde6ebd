import { readFile, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type MarketingApp, type RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { codeFor, exchange, refresh, signIn, userinfo } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const PRODUCTION_APP: MarketingApp = {
  clientId: 'prod-app',
  clientSecret: 'prod-secret-123456',
  redirectUri: 'http://127.0.0.1:9911/cb',
  mode: 'production',
  name: 'Production app',
};

/** One emulator run on the data directory, closed before the next starts (as the `local` environment does per command). */
async function run<T>(dataDir: string, work: (emulator: RunningEmulator) => Promise<T>, options: EmulatorOptions = {}): Promise<T> {
  const emulator = await startEmulator({ port: 0, dataDir, ...options });
  try {
    return await work(emulator);
  } finally {
    await emulator.close();
  }
}

describe('the authorization server in --data-dir', () => {
  it('keeps the demo app, tokens and codes across restarts, in oauth.json (mode 0600) holding no usable token', async () => {
    const dataDir = await makeTempDir();
    const { demo, pair, code } = await run(dataDir, async (emulator) => ({
      demo: emulator.marketing.demoApp,
      pair: await signIn(emulator),
      code: await codeFor(emulator),
    }));
    const file = join(dataDir, 'oauth.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = await readFile(file, 'utf8');
    expect(stored).toContain(demo.clientSecret);
    for (const secret of [pair.access_token, pair.refresh_token, code]) expect(stored).not.toContain(secret);

    await run(dataDir, async (emulator) => {
      expect(emulator.marketing.demoApp).toEqual(demo);
      expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(200);
      expect((await exchange(emulator, code)).status).toBe(200);
      const rotated = await refresh(emulator, pair.refresh_token);
      expect(rotated.status).toBe(200);
      expect(emulator.marketing.tokens()).toEqual({ accessTokens: 3, refreshTokens: 2, codes: 0 });
    });
    await run(dataDir, async (emulator) => {
      expect((await refresh(emulator, pair.refresh_token)).json.error).toBe('invalid_grant');
      expect((await exchange(emulator, code)).json.error_description).toMatch(/already used/);
    });
  });

  it('keeps apps given once, and lets demoApp set the demo credentials', async () => {
    const dataDir = await makeTempDir();
    const generated = await run(dataDir, async (emulator) => emulator.marketing.demoApp, { apps: [PRODUCTION_APP] });
    await run(dataDir, async (emulator) => {
      expect(emulator.marketing.apps().map((a) => a.clientId)).toEqual([generated.clientId, 'prod-app']);
      expect((await signIn(emulator, PRODUCTION_APP)).expires_in).toBe(3600);
    });
    await run(
      dataDir,
      async (emulator) => {
        expect(emulator.marketing.demoApp).toMatchObject({
          clientId: 'fixed-demo',
          clientSecret: 'fixed-demo-secret',
          redirectUri: 'http://127.0.0.1:8765/callback',
          mode: 'development',
        });
        expect((await signIn(emulator)).token_type).toBe('Bearer');
      },
      { demoApp: { clientId: 'fixed-demo', clientSecret: 'fixed-demo-secret' } },
    );
    await run(dataDir, async (emulator) => expect(emulator.marketing.demoApp.clientId).toBe('fixed-demo'));
  });

  it('keeps clock advances, so a token expired by one stays expired', async () => {
    const dataDir = await makeTempDir();
    const pair = await run(
      dataDir,
      async (emulator) => {
        const signedIn = await signIn(emulator, PRODUCTION_APP);
        await emulator.marketing.advanceClock(3_600_000);
        return signedIn;
      },
      { apps: [PRODUCTION_APP] },
    );
    await run(dataDir, async (emulator) => {
      expect(emulator.marketing.now()).toBeGreaterThan(Date.now() + 3_500_000);
      expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
    });
  });

  it('reports a damaged oauth.json and releases the data directory', async () => {
    const dataDir = await makeTempDir();
    await run(dataDir, async () => undefined);
    await writeFile(join(dataDir, 'oauth.json'), '{"formatVersion": 1, "apps": "many"}');
    await expect(startEmulator({ port: 0, dataDir })).rejects.toMatchObject({
      code: 'GF_EMULATOR_CORRUPT_DATA',
      message: expect.stringMatching(/oauth\.json is damaged/) as unknown,
    });
    await writeFile(join(dataDir, 'oauth.json'), 'not json');
    await expect(startEmulator({ port: 0, dataDir })).rejects.toMatchObject({ code: 'GF_EMULATOR_CORRUPT_DATA' });
    await writeFile(
      join(dataDir, 'oauth.json'),
      '{"formatVersion": 1, "clockOffsetMs": 0, "demoApp": {"clientId": "d", "clientSecret": "short", "redirectUri": "http://127.0.0.1:1/cb", "mode": "development"}, "apps": [], "codes": [], "tokens": []}',
    );
    await expect(startEmulator({ port: 0, dataDir })).rejects.toMatchObject({
      code: 'GF_EMULATOR_CORRUPT_DATA',
      message: expect.stringMatching(/clientSecret/) as unknown,
    });
    await writeFile(
      join(dataDir, 'oauth.json'),
      '{"formatVersion": 1, "clockOffsetMs": 0, "demoApp": {"clientId": "d", "clientSecret": "long-enough", "redirectUri": "http://127.0.0.1:1/cb", "mode": "development"}, "apps": [], "codes": [], "tokens": []}',
    );
    await run(dataDir, async (emulator) => expect(emulator.marketing.demoApp.clientId).toBe('d'));
  });
});

describe('options of the authorization server', () => {
  const good = PRODUCTION_APP;
  it.each([
    ['a short secret', { apps: [{ ...good, clientSecret: 'short' }] }, /clientSecret is 8-500/],
    ['a secret with a space', { apps: [{ ...good, clientSecret: 'has a space' }] }, /without spaces/],
    ['a relative callback', { apps: [{ ...good, redirectUri: '/callback' }] }, /redirectUri must be an absolute http\(s\) URL/],
    ['a callback with a fragment', { apps: [{ ...good, redirectUri: 'http://127.0.0.1:1/cb#x' }] }, /without a fragment/],
    ['an ftp callback', { apps: [{ ...good, redirectUri: 'ftp://example.com/cb' }] }, /http\(s\)/],
    ['an unknown mode', { apps: [{ ...good, mode: 'staging' as 'production' }] }, /mode is production or development/],
    ['a client id with a space', { apps: [{ ...good, clientId: 'my app' }] }, /clientId is 1-200/],
    ['a client id twice', { apps: [good, good] }, /registered twice/],
    ["the demo app's client id", { apps: [{ ...good, clientId: 'demo' }], demoApp: { clientId: 'demo' } }, /demo app's client id/],
    ['a short demo secret', { demoApp: { clientSecret: 'short' } }, /demoApp: clientSecret/],
    ['an empty organization', { apps: [{ ...good, organizationId: '' }] }, /organizationId/],
  ])('refuses %s', async (_name, options: EmulatorOptions, message) => {
    await expect(startEmulator({ port: 0, ...options })).rejects.toMatchObject({
      code: 'GF_EMULATOR_BAD_OPTIONS',
      message: expect.stringMatching(message) as unknown,
    });
  });
});

describe('the control API for the marketing platform', () => {
  async function control(
    emulator: RunningEmulator,
    method: string,
    path: string,
    body?: string,
    contentType = 'application/json',
  ): Promise<{ status: number; text: string }> {
    const init: RequestInit = { method, ...(body === undefined ? {} : { body, headers: { 'content-type': contentType } }) };
    const response = await fetch(`${emulator.url}/_emulator/${path}`, init);
    return { status: response.status, text: await response.text() };
  }

  it('lists apps without secrets, counts tokens, lists assets', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    await signIn(emulator);
    await codeFor(emulator);
    const apps = await control(emulator, 'GET', 'apps');
    expect(JSON.parse(apps.text)).toEqual([
      {
        clientId: emulator.marketing.demoApp.clientId,
        name: 'graphform demo app',
        redirectUri: 'http://127.0.0.1:8765/callback',
        mode: 'development',
        organizationId: '5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40',
        grants: ['authorization_code', 'client_credentials'],
        demo: true,
      },
      {
        clientId: 'prod-app',
        name: 'Production app',
        redirectUri: 'http://127.0.0.1:9911/cb',
        mode: 'production',
        organizationId: '5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40',
        grants: ['authorization_code'],
        demo: false,
      },
    ]);
    expect(apps.text).not.toContain(emulator.marketing.demoApp.clientSecret);
    expect(apps.text).not.toContain(PRODUCTION_APP.clientSecret);
    expect(JSON.parse((await control(emulator, 'GET', 'tokens')).text)).toEqual({ accessTokens: 1, refreshTokens: 1, codes: 1 });
    expect((JSON.parse((await control(emulator, 'GET', 'assets')).text) as unknown[]).length).toBe(25);
    expect((await control(emulator, 'POST', 'apps', '{}')).status).toBe(405);
    expect(JSON.parse((await control(emulator, 'GET', '')).text)).toMatchObject({
      endpoints: expect.arrayContaining(['GET /_emulator/apps', 'GET|POST /_emulator/clock']) as unknown,
    });
  });

  it('moves the clock forward with POST /_emulator/clock', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const pair = await signIn(emulator, PRODUCTION_APP);
    const before = Date.parse((JSON.parse((await control(emulator, 'GET', 'clock')).text) as { now: string }).now);
    const moved = await control(emulator, 'POST', 'clock', '{"advanceMs": 3600000}');
    expect(moved.status).toBe(200);
    expect(Date.parse((JSON.parse(moved.text) as { now: string }).now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
  });

  it.each([
    ['{"advanceMs": -1}', 400],
    ['{"advanceMs": 1.5}', 400],
    ['{"advance": 1}', 400],
    ['null', 400],
    ['nope', 400],
  ])('refuses the clock body %s', async (body, status) => {
    const emulator = await startTestEmulator();
    expect((await control(emulator, 'POST', 'clock', body)).status).toBe(status);
    expect(Math.abs(emulator.marketing.now() - Date.now())).toBeLessThan(60_000);
  });

  it('takes clock changes only as JSON, so no web page can move it', async () => {
    const emulator = await startTestEmulator();
    expect((await control(emulator, 'POST', 'clock', 'advanceMs=1000', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await control(emulator, 'PUT', 'clock', '{"advanceMs": 1}')).status).toBe(405);
    await expect(emulator.marketing.advanceClock(-5)).rejects.toThrow(RangeError);
  });

  it('forgets codes, tokens and clock advances on reset, and keeps the apps', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const pair = await signIn(emulator);
    await emulator.marketing.advanceClock(10_000);
    expect((await control(emulator, 'POST', 'reset', '{}')).status).toBe(204);
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 0, refreshTokens: 0, codes: 0 });
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
    expect(Math.abs(emulator.marketing.now() - Date.now())).toBeLessThan(5_000);
    expect(emulator.marketing.apps()).toHaveLength(2);
    expect((await signIn(emulator, PRODUCTION_APP)).expires_in).toBe(3600);
  });
});

describe('Host check on the marketing services', () => {
  it.each(['/o/oauth2/v1/token', '/o/oauth2/v1/auth', '/v3/assets'])('answers 421 on %s to a foreign Host', async (path) => {
    const emulator = await startTestEmulator();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: emulator.port, path, method: 'GET', headers: { host: `evil.example:${emulator.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
    expect(emulator.marketing.tokens().codes).toBe(0);
  });
});
