import { describe, expect, it } from 'vitest';
import { startEmulator, type MarketingApp } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { authorize, authorizeQuery, basic, post, userinfo } from '../helpers/oauth.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { openApiGet } from './cmp-helpers.js';

const SERVICE_APP: MarketingApp = {
  clientId: 'pipeline-app',
  clientSecret: 'pipeline-secret-1',
  redirectUri: 'http://127.0.0.1:9921/cb',
  mode: 'production',
  grants: ['client_credentials'],
};
const CODE_ONLY_APP: MarketingApp = { clientId: 'code-app', clientSecret: 'code-app-secret-1', redirectUri: 'http://127.0.0.1:9922/cb', mode: 'production' };

function credentials(app: Pick<MarketingApp, 'clientId' | 'clientSecret'>): Record<string, string> {
  return { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret };
}

describe('the client-credentials grant (published beside the authorization code)', () => {
  it.each([
    ['a JSON body', {}],
    ['a form-encoded body', { form: true }],
  ])('gives the demo app an access token for %s: access_token, token_type, expires_in, no refresh or ID token', async (_name, options) => {
    const emulator = await startTestEmulator();
    const answer = await post(emulator, credentials(emulator.marketing.demoApp), options);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(answer.json).toMatchObject({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      token_type: 'Bearer',
      expires_in: 30 * 24 * 3600,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 1, refreshTokens: 0, codes: 0 });
  });

  it('takes the client credentials as HTTP Basic too, and refuses a wrong secret as invalid_client', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const viaBasic = await post(
      emulator,
      { grant_type: 'client_credentials' },
      { form: true, headers: { authorization: basic(demo.clientId, demo.clientSecret) } },
    );
    expect(viaBasic.status).toBe(200);
    const wrong = await post(emulator, credentials({ clientId: demo.clientId, clientSecret: 'not-the-secret-1' }));
    expect([wrong.status, wrong.json.error]).toEqual([401, 'invalid_client']);
  });

  it('issues a token the Open API takes and userinfo does not (it speaks for no user); it expires with the app mode', async () => {
    const emulator = await startTestEmulator({ apps: [SERVICE_APP] });
    const answer = await post(emulator, credentials(SERVICE_APP));
    expect([answer.status, answer.json.expires_in]).toEqual([200, 3600]);
    const token = String(answer.json.access_token);
    expect((await openApiGet(emulator, token, '/v3/assets')).status).toBe(200);
    const who = await userinfo(emulator, `Bearer ${token}`);
    expect([who.status, who.json.error]).toEqual([403, 'insufficient_scope']);
    await emulator.marketing.advanceClock(3_600_000);
    expect((await openApiGet(emulator, token, '/v3/assets')).status).toBe(401);
  });

  it('answers unauthorized_client to an app not registered for it', async () => {
    const emulator = await startTestEmulator({ apps: [CODE_ONLY_APP] });
    const answer = await post(emulator, credentials(CODE_ONLY_APP));
    expect([answer.status, answer.json.error]).toEqual([400, 'unauthorized_client']);
    expect(answer.json.error_description).toBe('The app code-app is not registered for the client_credentials grant (it allows authorization_code)');
  });

  it('refuses the authorization code and refresh tokens to an app registered for client credentials only', async () => {
    const emulator = await startTestEmulator({ apps: [SERVICE_APP] });
    const authorization = await authorize(emulator, authorizeQuery(SERVICE_APP));
    expect(authorization.status).toBe(302);
    expect(new URL(authorization.location ?? '').searchParams.get('error')).toBe('unauthorized_client');
    const exchange = await post(emulator, {
      grant_type: 'authorization_code',
      client_id: SERVICE_APP.clientId,
      client_secret: SERVICE_APP.clientSecret,
      code: 'c'.repeat(43),
      redirect_uri: SERVICE_APP.redirectUri,
    });
    expect([exchange.status, exchange.json.error]).toEqual([400, 'unauthorized_client']);
    const refresh = await post(emulator, {
      grant_type: 'refresh_token',
      client_id: SERVICE_APP.clientId,
      client_secret: SERVICE_APP.clientSecret,
      refresh_token: 'x'.repeat(43),
    });
    expect([refresh.status, refresh.json.error]).toEqual([400, 'unauthorized_client']);
  });

  it('keeps the grants of registered apps, and their client-credentials tokens, in the data directory', async () => {
    const dataDir = await makeTempDir();
    const first = await startEmulator({ port: 0, dataDir, apps: [SERVICE_APP] });
    const token = String((await post(first, credentials(SERVICE_APP))).json.access_token);
    await first.close();
    const second = await startTestEmulator({ dataDir });
    expect(second.marketing.apps().find((a) => a.clientId === SERVICE_APP.clientId)?.grants).toEqual(['client_credentials']);
    expect((await openApiGet(second, token, '/v3/assets')).status).toBe(200);
    expect((await userinfo(second, `Bearer ${token}`)).status).toBe(403);
  });

  it.each([[[]], [['password']], [['client_credentials', 'client_credentials']]])('refuses an app with grants %j', async (grants) => {
    await expect(startTestEmulator({ apps: [{ ...SERVICE_APP, grants: grants as MarketingApp['grants'] & object }] })).rejects.toMatchObject({
      code: 'GF_EMULATOR_BAD_OPTIONS',
    });
  });
});
