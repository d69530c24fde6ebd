import { describe, expect, it } from 'vitest';
import { createAuthServer } from '../../src/marketing/auth-server.js';
import { openSession } from '../../src/marketing/session.js';
import { storedFrom } from '../../src/marketing/stored-tokens.js';
import { startFakePlatform } from './fake-platform.js';
import { appFor, failure, tempStore } from './helpers.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

/** A session logged in on the fake platform at T0 (all token fields given), with a clock the test moves. */
async function session(omitOnRefresh: Array<'refresh_token' | 'id_token' | 'expires_in'>) {
  const platform = await startFakePlatform();
  const app = appFor(platform);
  const store = await tempStore();
  const first = await createAuthServer(app).exchangeCode(platform.issueCode(app.redirectUri));
  await store.save(storedFrom(app, first, T0, { user: 'ada@example.com' }));
  for (const field of omitOnRefresh) platform.omit.add(field);
  let now = T0;
  const opened = await openSession({ app, store, server: createAuthServer(app), now: () => now });
  return { platform, app, store, first, opened, advance: (ms: number) => void (now += ms) };
}

describe('token answers with only access_token', () => {
  it('keeps the ID token when a refresh answers none', async () => {
    const s = await session(['id_token']);
    s.advance(2 * 3600_000);
    const renewed = await s.opened.accessToken();
    const stored = await s.store.read(s.app.issuer, s.app.clientId);
    expect(renewed).not.toBe(s.first.accessToken);
    expect(stored?.idToken).toBe(s.first.idToken);
    expect(stored?.refreshToken).not.toBe(s.first.refreshToken);
  });

  it('keeps the refresh token, and its age, when a refresh answers none; it refreshes with it again later', async () => {
    const s = await session(['refresh_token', 'id_token']);
    s.advance(2 * 3600_000);
    const second = await s.opened.accessToken();
    const stored = await s.store.read(s.app.issuer, s.app.clientId);
    expect(stored).toMatchObject({
      accessToken: second,
      refreshToken: s.first.refreshToken,
      idToken: s.first.idToken,
      refreshIssuedAt: new Date(T0).toISOString(),
      user: 'ada@example.com',
    });
    s.advance(2 * 3600_000);
    const third = await s.opened.accessToken();
    expect(third).not.toBe(second);
    const refreshes = s.platform.requests.filter((r) => r.body?.grant_type === 'refresh_token');
    expect(refreshes.map((r) => r.body?.refresh_token)).toEqual([s.first.refreshToken, s.first.refreshToken]);
  });

  it('takes an access token without expires_in as good for 3600 s', async () => {
    const s = await session(['expires_in']);
    s.advance(2 * 3600_000);
    await s.opened.accessToken();
    const stored = await s.store.read(s.app.issuer, s.app.clientId);
    expect(stored?.accessExpiresAt).toBe(new Date(T0 + 2 * 3600_000 + 3600_000).toISOString());
  });

  it('stores a login without a refresh token, and asks for a new login once its access token has expired', async () => {
    const platform = await startFakePlatform();
    platform.omit.add('refresh_token');
    platform.omit.add('id_token');
    const app = appFor(platform);
    const store = await tempStore();
    await store.save(storedFrom(app, await createAuthServer(app).exchangeCode(platform.issueCode(app.redirectUri)), T0));
    const stored = await store.read(app.issuer, app.clientId);
    expect(stored?.refreshToken).toBeUndefined();
    const opened = await openSession({ app, store, server: createAuthServer(app), now: () => T0 + 2 * 3600_000 });
    const error = await failure(() => opened.accessToken());
    expect([error.code, error.hint]).toEqual(['GF_AUTH_NOT_LOGGED_IN', expect.stringContaining('graphform auth login') as unknown]);
  });
});
