import { createServer } from 'node:http';
import { chmod, readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { authorizationUrl, login } from '../../src/marketing/login.js';
import { freePort, startFakePlatform, type FakePlatform } from './fake-platform.js';
import { appFor, failure, shown, tempStore } from './helpers.js';

/** Plays the browser: reads the authorization URL and comes back to the callback as the server would redirect it. */
function browser(
  platform: FakePlatform,
  change: (query: URLSearchParams) => void = () => undefined,
): { visits: string[]; pages: string[]; announce: (url: string) => Promise<void> } {
  const visits: string[] = [];
  const pages: string[] = [];
  return {
    visits,
    pages,
    announce: async (url) => {
      visits.push(url);
      const asked = new URL(url);
      const redirect = asked.searchParams.get('redirect_uri') ?? '';
      const back = new URLSearchParams({ code: platform.issueCode(redirect), state: asked.searchParams.get('state') ?? '' });
      change(back);
      const response = await fetch(`${redirect}?${back.toString()}`);
      pages.push(await response.text());
    },
  };
}

describe('auth login', () => {
  it('builds the authorization URL with the contract parameters, the scope percent-encoded', () => {
    const app = appFor({ url: 'https://accounts.example.com', clientId: 'my client', clientSecret: 'client-secret-xyz' });
    expect(authorizationUrl(app, 'st4te')).toBe(
      'https://accounts.example.com/o/oauth2/v1/auth?client_id=my%20client&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&response_type=code&scope=openid%20profile%20offline_access&state=st4te',
    );
  });

  it('listens on the callback, checks state, exchanges the code, checks userinfo and stores the pair', async () => {
    const platform = await startFakePlatform();
    const app = appFor(platform, await freePort());
    const store = await tempStore();
    const b = browser(platform);
    const stored = await login({ app, store, announce: b.announce, now: () => Date.parse('2026-11-22T10:00:00Z') });

    const url = new URL(b.visits[0] ?? '');
    expect(url.pathname).toBe('/o/oauth2/v1/auth');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.pages[0]).toContain('You can close this window');
    expect(stored).toMatchObject({
      issuer: platform.url,
      clientId: 'fake-client',
      user: 'ada@example.com',
      mode: 'production',
      accessExpiresAt: '2026-11-22T11:00:00.000Z',
      refreshIssuedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /o/oauth2/v1/token', 'GET /o/oauth2/v1/userinfo']);
    expect(await store.read(platform.url, 'fake-client')).toEqual(stored);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it('uses a fresh state for every login', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      const b = browser(platform);
      await login({ app: appFor(platform, await freePort()), store, announce: b.announce });
      states.push(new URL(b.visits[0] ?? '').searchParams.get('state') ?? '');
    }
    expect(states[0]).not.toBe(states[1]);
  });

  it.each([
    {
      name: 'a denied authorization',
      change: (q: URLSearchParams) => (q.delete('code'), q.set('error', 'access_denied')),
      code: 'GF_AUTH_DENIED',
      page: 'did not grant access',
    },
    {
      name: 'a reused code',
      change: (q: URLSearchParams) => q.set('code', 'code-that-was-used'),
      code: 'GF_AUTH_CODE_REJECTED',
      page: 'You can close this window',
    },
  ])('stops at $name with a code, leaving stored tokens as they were', async ({ change, code, page }) => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const first = await login({ app: appFor(platform, await freePort()), store, announce: browser(platform).announce });
    const before = await readFile(store.path, 'utf8');
    const b = browser(platform, change);
    const app = appFor(platform, await freePort());
    const error = await failure(() => login({ app, store, announce: b.announce }));
    expect(error.code).toBe(code);
    expect(b.pages[0]).toContain(page);
    expect(shown(error)).not.toContain(first.refreshToken);
    expect(await readFile(store.path, 'utf8')).toBe(before);
  });

  it('answers a callback with a wrong state 400 and keeps waiting: the right one still logs in', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const app = appFor(platform, await freePort());
    const forged: { status: number; page: string }[] = [];
    const stored = await login({
      app,
      store,
      announce: async (url) => {
        // A web page sends the browser to the callback first, with a state of its own (and an error, to cancel).
        const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
        for (const query of ['code=stolen&state=forged', 'error=access_denied&state=forged']) {
          const answer = await fetch(`${redirect}?${query}`);
          forged.push({ status: answer.status, page: await answer.text() });
        }
        await browser(platform).announce(url);
      },
    });
    expect(forged.map((f) => f.status)).toEqual([400, 400]);
    expect(forged[0]?.page).toContain('graphform still waits for the answer to its own login');
    expect(stored.user).toBe('ada@example.com');
    expect(await store.read(platform.url, platform.clientId)).toEqual(stored);
  });

  it('a login that only ever got callbacks with a wrong state ends at its timeout, naming them', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const b = browser(platform, (q) => q.set('state', 'forged'));
    const app = appFor(platform, await freePort());
    const error = await failure(() => login({ app, store, announce: b.announce, timeoutMs: 500 }));
    expect(error.code).toBe('GF_AUTH_STATE_MISMATCH');
    expect(error.message).toContain('1 callback carried another state');
    expect(b.pages[0]).toContain('Login refused');
    expect(platform.requests).toEqual([]);
  });

  it('stops at a wrong redirect_uri and at a wrong client secret', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    const port = await freePort();
    const wrongRedirect = browser(platform, (q) => q.set('code', platform.issueCode('http://127.0.0.1:1/elsewhere')));
    expect((await failure(() => login({ app: appFor(platform, port), store, announce: wrongRedirect.announce }))).message).toContain(
      'redirect_uri does not match',
    );
    const wrongSecret = { ...appFor(platform, await freePort()), clientSecret: 'not-the-secret-1' };
    const error = await failure(() => login({ app: wrongSecret, store, announce: browser(platform).announce }));
    expect(error.code).toBe('GF_AUTH_CLIENT_REJECTED');
    expect(shown(error)).not.toContain('not-the-secret-1');
    expect(await store.read(platform.url, platform.clientId)).toBeUndefined();
  });

  it.each(['http://192.168.1.20:8765/callback', 'http://example.com:8765/callback', 'https://127.0.0.1:8765/callback', 'http://0.0.0.0:8765/cb', 'not a url'])(
    'refuses the redirectUri %s before listening or sending anything',
    async (redirectUri) => {
      const platform = await startFakePlatform();
      const announced: string[] = [];
      const error = await failure(() =>
        login({ app: { ...appFor(platform), redirectUri }, store: { path: '/nonexistent' } as never, announce: (url) => void announced.push(url) }),
      );
      expect(error.code).toBe('GF_AUTH_REDIRECT_NOT_LOOPBACK');
      expect(error.hint).toContain('http://127.0.0.1:8765/callback');
      expect(announced).toEqual([]);
      expect(platform.requests).toEqual([]);
    },
  );

  it('refuses a token store others can read before anything listens or is sent', async () => {
    const platform = await startFakePlatform();
    const store = await tempStore();
    await login({ app: appFor(platform, await freePort()), store, announce: browser(platform).announce });
    await chmod(store.path, 0o644);
    const requests = platform.requests.length;
    const announced: string[] = [];
    const app = appFor(platform, await freePort());
    const error = await failure(() => login({ app, store, announce: (url) => void announced.push(url) }));
    expect(error.code).toBe('GF_AUTH_STORE_PERMISSIONS');
    expect(announced).toEqual([]);
    expect(platform.requests).toHaveLength(requests);
  });

  it('gives up after the timeout when no browser comes back', async () => {
    const platform = await startFakePlatform();
    const [app, store] = [appFor(platform, await freePort()), await tempStore()];
    const error = await failure(() => login({ app, store, timeoutMs: 150, announce: () => undefined }));
    expect(error.code).toBe('GF_AUTH_LOGIN_TIMEOUT');
    expect(platform.requests).toEqual([]);
  });

  it('says when the callback port is taken', async () => {
    const platform = await startFakePlatform();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const store = await tempStore();
      const error = await failure(() => login({ app: appFor(platform, port), store, announce: () => undefined }));
      expect(error.code).toBe('GF_AUTH_CALLBACK_PORT_IN_USE');
      expect(error.message).toContain(`127.0.0.1:${port}`);
    } finally {
      busy.close();
    }
  });

  it('serves nothing but the callback path, and keeps waiting for the real callback', async () => {
    const platform = await startFakePlatform();
    const port = await freePort();
    const b = browser(platform);
    const stored = await login({
      app: appFor(platform, port),
      store: await tempStore(),
      announce: async (url) => {
        expect((await fetch(`http://127.0.0.1:${port}/favicon.ico`)).status).toBe(404);
        await b.announce(url);
      },
    });
    expect(stored.user).toBe('ada@example.com');
  });
});
