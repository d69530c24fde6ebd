import { describe, expect, it } from 'vitest';
import type { MarketingApp } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { basic, post, refresh, signIn, userinfo } from '../helpers/oauth.js';

const PRODUCTION_APP: MarketingApp = { clientId: 'prod-app', clientSecret: 'prod-secret-123456', redirectUri: 'http://127.0.0.1:9911/cb', mode: 'production' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('refresh tokens', () => {
  it('rotate: a refresh returns a new pair, and the old refresh token is refused from then on', async () => {
    const emulator = await startTestEmulator();
    const first = await signIn(emulator);
    const second = await refresh(emulator, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600 });
    expect(second.json.access_token).not.toBe(first.access_token);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect(String(second.json.id_token).split('.')).toHaveLength(3);

    const reused = await refresh(emulator, first.refresh_token);
    expect([reused.status, reused.json.error]).toEqual([400, 'invalid_grant']);
    expect(reused.json.error_description).toMatch(/already used/);
    const third = await refresh(emulator, String(second.json.refresh_token));
    expect(third.status).toBe(200);
    expect((await userinfo(emulator, `Bearer ${String(third.json.access_token)}`)).status).toBe(200);
  });

  it('keeps the earlier access token valid until it expires', async () => {
    const emulator = await startTestEmulator();
    const first = await signIn(emulator);
    expect((await refresh(emulator, first.refresh_token)).status).toBe(200);
    expect((await userinfo(emulator, `Bearer ${first.access_token}`)).status).toBe(200);
  });

  it('takes form-encoded refreshes and Basic client credentials', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const first = await signIn(emulator);
    const form = await refresh(emulator, first.refresh_token, demo, { form: true });
    expect(form.status).toBe(200);
    const viaBasic = await post(
      emulator,
      { grant_type: 'refresh_token', refresh_token: String(form.json.refresh_token) },
      { form: true, headers: { authorization: basic(demo.clientId, demo.clientSecret) } },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('refuses a refresh token of another client, a wrong secret and a missing token', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const pair = await signIn(emulator);
    const other = await refresh(emulator, pair.refresh_token, PRODUCTION_APP);
    expect([other.status, other.json.error_description]).toEqual([400, 'The refresh token was issued to another client']);
    const wrong = await refresh(emulator, pair.refresh_token, { ...emulator.marketing.demoApp, clientSecret: 'not-the-secret' });
    expect([wrong.status, wrong.json.error]).toEqual([401, 'invalid_client']);
    const demo = emulator.marketing.demoApp;
    const missing = await post(emulator, { grant_type: 'refresh_token', client_id: demo.clientId, client_secret: demo.clientSecret });
    expect([missing.status, missing.json.error, missing.json.error_description]).toEqual([400, 'invalid_request', 'refresh_token is missing']);
    expect((await refresh(emulator, pair.refresh_token)).status).toBe(200);
  });

  it('live 365 days: one that is a year and a moment old is refused', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    await emulator.marketing.advanceClock(365 * DAY - 1000);
    const young = await refresh(emulator, pair.refresh_token);
    expect(young.status).toBe(200);
    await emulator.marketing.advanceClock(365 * DAY);
    const old = await refresh(emulator, String(young.json.refresh_token));
    expect([old.status, old.json.error]).toEqual([400, 'invalid_grant']);
    expect(old.json.error_description).toMatch(/expired .*365 days/);
  });
});

describe('access token lifetimes', () => {
  it('production: 1 hour, then userinfo refuses it and a refresh gets a new one', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const pair = await signIn(emulator, PRODUCTION_APP);
    expect(pair.expires_in).toBe(3600);
    await emulator.marketing.advanceClock(HOUR - 1000);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(200);
    await emulator.marketing.advanceClock(1000);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).json).toMatchObject({ error: 'invalid_token' });
    const renewed = await refresh(emulator, pair.refresh_token, PRODUCTION_APP);
    expect((await userinfo(emulator, `Bearer ${String(renewed.json.access_token)}`)).status).toBe(200);
  });

  it('development: 30 days', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    await emulator.marketing.advanceClock(30 * DAY - 1000);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(200);
    await emulator.marketing.advanceClock(1000);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 0, refreshTokens: 1, codes: 0 });
  });

  it('follows an injected clock (the now option)', async () => {
    let now = Date.UTC(2026, 0, 1);
    const emulator = await startTestEmulator({ now: () => now, apps: [PRODUCTION_APP] });
    const pair = await signIn(emulator, PRODUCTION_APP);
    now += HOUR;
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
  });
});

describe('userinfo GET /o/oauth2/v1/userinfo', () => {
  it('tells who the access token speaks for', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    const answer = await userinfo(emulator, `Bearer ${pair.access_token}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      sub: 'demo-user-0001',
      email: 'demo@example.com',
      name: 'Demo User',
      organization: 'Demo organization',
      organization_id: '5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40',
    });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 invalid_token for %s', async (_name, authorization) => {
    const emulator = await startTestEmulator();
    const answer = await userinfo(emulator, authorization);
    expect([answer.status, answer.json.error]).toEqual([401, 'invalid_token']);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it('refuses a refresh token used as an access token', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    expect((await userinfo(emulator, `Bearer ${pair.refresh_token}`)).status).toBe(401);
  });
});

describe('revoke POST /o/oauth2/v1/revoke', () => {
  const revoke = (
    emulator: Awaited<ReturnType<typeof startTestEmulator>>,
    token: string,
    extra: Record<string, string> = {},
    form = false,
  ): ReturnType<typeof post> => {
    const demo = emulator.marketing.demoApp;
    return post(emulator, { token, client_id: demo.clientId, client_secret: demo.clientSecret, ...extra }, { form }, '/o/oauth2/v1/revoke');
  };

  it('revokes an access token alone', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    const answer = await revoke(emulator, pair.access_token, { token_type_hint: 'access_token' });
    expect([answer.status, answer.json]).toEqual([200, { msg: 'success' }]);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
    expect((await refresh(emulator, pair.refresh_token)).status).toBe(200);
  });

  it('revokes a refresh token with the access tokens of its grant (form-encoded too)', async () => {
    const emulator = await startTestEmulator();
    const pair = await signIn(emulator);
    const answer = await revoke(emulator, pair.refresh_token, { token_type_hint: 'refresh_token' }, true);
    expect([answer.status, answer.json]).toEqual([200, { msg: 'success' }]);
    expect((await refresh(emulator, pair.refresh_token)).json.error).toBe('invalid_grant');
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(401);
  });

  it('answers success for an unknown token (RFC 7009), and refuses bad clients and missing tokens', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    expect((await revoke(emulator, 'never-issued')).json).toEqual({ msg: 'success' });
    const pair = await signIn(emulator);
    expect((await revoke(emulator, pair.access_token, { client_secret: 'wrong-secret-1' })).status).toBe(401);
    expect((await revoke(emulator, '')).json).toMatchObject({ error: 'invalid_request', error_description: 'token is missing' });
    const foreign = await post(
      emulator,
      { token: pair.access_token, client_id: PRODUCTION_APP.clientId, client_secret: PRODUCTION_APP.clientSecret },
      {},
      '/o/oauth2/v1/revoke',
    );
    expect([foreign.status, foreign.json.error]).toEqual([400, 'unauthorized_client']);
    expect((await userinfo(emulator, `Bearer ${pair.access_token}`)).status).toBe(200);
  });
});
