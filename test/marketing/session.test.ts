import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createAuthServer } from '../../src/marketing/auth-server.js';
import { openSession } from '../../src/marketing/session.js';
import { storedFrom } from '../../src/marketing/stored-tokens.js';
import { openTokenStore, type TokenStore } from '../../src/marketing/token-store.js';
import type { MarketingApp } from '../../src/marketing/types.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { appFor, failure, shown, tempStore } from './helpers.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

/** Logs in on the fake platform and stores the pair, as `auth login` would, at clock T0. */
async function loggedIn(platform: FakePlatform, store: TokenStore, app: MarketingApp = appFor(platform)): Promise<void> {
  const tokens = await createAuthServer(app).exchangeCode(platform.issueCode(app.redirectUri));
  await store.save(storedFrom(app, tokens, T0, { user: 'ada@example.com' }));
}

function clock(start = T0): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('the token session', () => {
  it('uses the stored access token while it is good, and refreshes shortly before it expires', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const first = await store.read(app.issuer, app.clientId);
    const c = clock();
    const session = await openSession({ app, store, server: createAuthServer(app), now: c.now });

    expect(await session.accessToken()).toBe(first?.accessToken);
    c.advance(3600_000 - 90_000);
    expect(await session.accessToken()).toBe(first?.accessToken);
    c.advance(60_000);
    const renewed = await session.accessToken();
    expect(renewed).not.toBe(first?.accessToken);

    const stored = await store.read(app.issuer, app.clientId);
    expect(stored?.accessToken).toBe(renewed);
    expect(stored?.refreshToken).not.toBe(first?.refreshToken);
    expect(stored?.user).toBe('ada@example.com');
    expect(stored?.accessExpiresAt).toBe(new Date(T0 + 3600_000 - 30_000 + 3600_000).toISOString());
    expect(platform.requests.filter((r) => r.body?.grant_type === 'refresh_token')).toHaveLength(1);
  });

  it('refreshes once after a 401, and adopts a pair another process already rotated', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const a = await openSession({ app, store, server: createAuthServer(app), now: () => T0 });
    const b = await openSession({ app, store: openTokenStore(store.path), server: createAuthServer(app), now: () => T0 });
    const rejected = await a.accessToken();
    const fromA = await a.renew(rejected);
    expect(fromA).not.toBe(rejected);
    // b still holds the spent pair: it finds the rotated one in the store instead of refreshing with it.
    expect(await b.renew(rejected)).toBe(fromA);
    expect(platform.requests.filter((r) => r.body?.grant_type === 'refresh_token')).toHaveLength(1);
  });

  it('refreshes once when two sessions need it at the same time', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const late = T0 + 2 * 3600_000;
    const sessions = await Promise.all(
      [1, 2, 3].map(() => openSession({ app, store: openTokenStore(store.path), server: createAuthServer(app), now: () => late })),
    );
    const tokens = await Promise.all(sessions.map((s) => s.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(platform.requests.filter((r) => r.body?.grant_type === 'refresh_token')).toHaveLength(1);
  });

  it('persists the rotated pair before the new access token reaches the Open API', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const seen: string[] = [];
    platform.onApi = async () => void seen.push(await readFile(store.path, 'utf8'));
    const session = await openSession({ app, store, server: createAuthServer(app), now: () => T0 + 2 * 3600_000 });
    const token = await session.accessToken();
    await fetch(`${platform.url}/v3/assets`, { headers: { authorization: `Bearer ${token}` } });
    expect(seen[0]).toContain(token);
  });

  it('starts from GRAPHFORM_REFRESH_TOKEN without a file, stores the rotated pair (not the variable), and continues from it next time', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    const bootstrap = platform.issueRefresh();
    const first = await openSession({ app, store, server: createAuthServer(app), now: () => T0, bootstrapRefreshToken: bootstrap });
    expect(first.current()).toBeUndefined();
    const token = await first.accessToken();
    const file = await readFile(store.path, 'utf8');
    expect(file).toContain(token);
    expect(file).not.toContain(bootstrap);

    // The same (now spent) variable on the next run: the stored pair continues its chain.
    const second = await openSession({ app, store, server: createAuthServer(app), now: () => T0 + 60_000, bootstrapRefreshToken: bootstrap });
    expect(await second.accessToken()).toBe(token);
    const third = await openSession({ app, store, server: createAuthServer(app), now: () => T0 + 2 * 3600_000, bootstrapRefreshToken: bootstrap });
    expect(await third.accessToken()).not.toBe(token);
    expect(platform.requests.filter((r) => r.body?.grant_type === 'refresh_token')).toHaveLength(2);
  });

  it('prefers a new GRAPHFORM_REFRESH_TOKEN over a stored pair of another chain', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const bootstrap = platform.issueRefresh();
    const session = await openSession({ app, store, server: createAuthServer(app), now: () => T0, bootstrapRefreshToken: bootstrap });
    await session.accessToken();
    expect(platform.requests.at(-1)?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: bootstrap });
  });

  it.each([
    {
      name: 'a refresh token already used',
      spoil: async (p: FakePlatform, app: MarketingApp, refreshToken: string) => void (await createAuthServer(app).refresh(refreshToken)),
      says: 'used already',
    },
    {
      name: 'an expired refresh token',
      spoil: (p: FakePlatform, _app: MarketingApp, refreshToken: string) => void p.expiredRefresh.add(refreshToken),
      says: 'has expired',
    },
  ])('stops at $name with GF_AUTH_REFRESH_REJECTED and leaves the store as it was', async ({ spoil, says }) => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform);
    await loggedIn(platform, store);
    const before = await readFile(store.path, 'utf8');
    const stored = await store.read(app.issuer, app.clientId);
    await spoil(platform, app, stored?.refreshToken ?? '');
    const session = await openSession({ app, store, server: createAuthServer(app), now: () => T0 + 2 * 3600_000 });
    const error = await failure(() => session.accessToken());
    expect(error.code).toBe('GF_AUTH_REFRESH_REJECTED');
    expect(error.message).toContain(says);
    expect(shown(error)).not.toContain(stored?.refreshToken ?? '?');
    expect(await readFile(store.path, 'utf8')).toBe(before);
  });

  it('says how to log in when there are no tokens', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const error = await failure(() => openSession({ app: appFor(platform), store, server: createAuthServer(appFor(platform)) }));
    expect(error.code).toBe('GF_AUTH_NOT_LOGGED_IN');
    expect(error.hint).toContain('graphform auth login');
    expect(error.hint).toContain('GRAPHFORM_REFRESH_TOKEN');
  });
});
