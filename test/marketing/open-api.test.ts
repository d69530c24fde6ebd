import { describe, expect, it } from 'vitest';
import { createAuthServer } from '../../src/marketing/auth-server.js';
import { createOpenApiClient } from '../../src/marketing/open-api.js';
import { openSession } from '../../src/marketing/session.js';
import { storedFrom } from '../../src/marketing/stored-tokens.js';
import { startScriptedServer } from '../helpers/scripted-server.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { appFor, failure, shown, tempStore } from './helpers.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

function asset(n: number): Record<string, unknown> {
  return { id: `a${n}`, title: `Asset ${n}`, type: 'article', is_archived: false, content: { type: 'html', value: `<p>${n}</p>` } };
}

/** An Open API client logged in on the fake platform, with waits recorded instead of slept. */
async function clientFor(platform: FakePlatform, options: { now?: () => number; maxAttempts?: number } = {}) {
  const app = appFor(platform);
  const store = await tempStore();
  const tokens = await createAuthServer(app).exchangeCode(platform.issueCode(app.redirectUri));
  await store.save(storedFrom(app, tokens, T0));
  const session = await openSession({ app, store, server: createAuthServer(app), now: options.now ?? (() => T0) });
  const waits: number[] = [];
  const lines: string[] = [];
  const client = createOpenApiClient({
    baseUrl: platform.url,
    session,
    secrets: [app.clientSecret],
    http: {
      sleep: async (ms) => void waits.push(ms),
      log: (line) => lines.push(line),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    },
  });
  return { client, session, store, waits, lines, tokens };
}

describe('the Open API client', () => {
  it('lists every asset, following pagination.next with the page size asked for, with the bearer token', async () => {
    const platform = await startFakePlatform();
    platform.assets = Array.from({ length: 7 }, (_, i) => asset(i + 1));
    const { client, tokens } = await clientFor(platform);
    const pages: number[] = [];
    const assets = await client.listAssets({ pageSize: 3, onPage: (read) => pages.push(read) });
    expect(assets.map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    expect(pages).toEqual([3, 6, 7]);
    const calls = platform.requests.filter((r) => r.path.startsWith('/v3/assets'));
    expect(calls.map((r) => r.path)).toEqual(['/v3/assets?page_size=3', '/v3/assets?page_size=3&offset=3', '/v3/assets?page_size=3&offset=6']);
    expect(calls.every((r) => r.bearer === tokens.accessToken)).toBe(true);
  });

  it('refreshes an expired access token before the call', async () => {
    const platform = await startFakePlatform();
    platform.assets = [asset(1)];
    const { client, tokens } = await clientFor(platform, { now: () => T0 + 2 * 3600_000 });
    await client.listAssets();
    const call = platform.requests.find((r) => r.path.startsWith('/v3/assets'));
    expect(call?.bearer).not.toBe(tokens.accessToken);
    expect(platform.requests.map((r) => r.body?.grant_type ?? r.path)).toEqual(['authorization_code', 'refresh_token', '/v3/assets?page_size=100']);
  });

  it('refreshes once on a 401 and retries, then gives up with GF_ASSETS_HTTP_401', async () => {
    const platform = await startFakePlatform();
    platform.assets = [asset(1)];
    const { client } = await clientFor(platform);
    platform.validAccess.clear();
    expect((await client.listAssets()).length).toBe(1);

    platform.apiFaults.push({ status: 401, body: '{"message":"token revoked"}' }, { status: 401, body: '{"message":"token revoked"}' });
    const error = await failure(() => client.listAssets());
    expect(error.code).toBe('GF_ASSETS_HTTP_401');
    expect(error.message).toContain('token revoked');
    expect(error.hint).toContain('graphform auth login');
    expect(platform.requests.filter((r) => r.body?.grant_type === 'refresh_token')).toHaveLength(2);
  });

  it('waits as Retry-After says on a 429, then goes on', async () => {
    const platform = await startFakePlatform();
    platform.assets = [asset(1)];
    const { client, waits } = await clientFor(platform);
    platform.apiFaults.push({ status: 429, headers: { 'retry-after': '2' }, body: '{"message":"Too many requests"}' });
    expect((await client.listAssets()).length).toBe(1);
    expect(waits).toEqual([2000]);
  });

  it.each([
    { status: 403, body: '{"message":"Forbidden: app not allowed","errors":[]}', says: 'Forbidden: app not allowed' },
    {
      status: 422,
      body: '{"message":"Validation failed","errors":[{"message":"page_size must be at most 100"}]}',
      says: 'Validation failed: page_size must be at most 100',
    },
    { status: 404, body: 'plain text answer', says: 'plain text answer' },
  ])('shows the service message of a $status', async ({ status, body, says }) => {
    const platform = await startFakePlatform();
    const { client, tokens } = await clientFor(platform);
    platform.apiFaults.push({ status, body: `${body.slice(0, -1)}${body.startsWith('{') ? `,"access_token":"${tokens.accessToken}"}` : body.slice(-1)}` });
    const error = await failure(() => client.listAssets());
    expect(error.code).toBe(`GF_ASSETS_HTTP_${status}`);
    expect(error.message).toContain(says);
    expect(shown(error)).not.toContain(tokens.accessToken);
  });

  it('refuses a pagination.next that leaves the Open API, or repeats a page, without following it', async () => {
    const other = await startScriptedServer([{ status: 200, body: '{"data":[]}' }]);
    for (const [next, says] of [
      [`${other.url}/v3/assets?offset=1`, 'not the Open API'],
      ['/v3/assets?page_size=100', 'repeats a page'],
    ] as const) {
      const server = await startScriptedServer([{ status: 200, body: JSON.stringify({ data: [asset(1)], pagination: { next } }) }]);
      const platform = await startFakePlatform();
      const { session } = await clientFor(platform);
      const client = createOpenApiClient({ baseUrl: server.url, session });
      const error = await failure(() => client.listAssets());
      expect(error.code).toBe('GF_ASSETS_BAD_PAGINATION');
      expect(error.message).toContain(says);
    }
    expect(other.requests).toEqual([]);
  });

  it('reads answers that are not pages as GF_ASSETS_BAD_RESPONSE', async () => {
    const server = await startScriptedServer([
      { status: 200, body: '{"items":[]}' },
      { status: 200, body: '{"data":[{"title":"no id"}]}' },
    ]);
    const platform = await startFakePlatform();
    const { session } = await clientFor(platform);
    const client = createOpenApiClient({ baseUrl: server.url, session });
    expect((await failure(() => client.listAssets())).message).toContain('no data list');
    expect((await failure(() => client.listAssets())).message).toContain('asset 1 has no id');
  });

  it('logs requests without the tokens', async () => {
    const platform = await startFakePlatform();
    platform.assets = [asset(1)];
    const { client, lines, tokens, session } = await clientFor(platform);
    platform.validAccess.clear();
    await client.listAssets();
    const text = lines.join('\n');
    expect(text).toContain('GET http://127.0.0.1');
    for (const secret of [tokens.accessToken, tokens.refreshToken, ...session.secrets()]) expect(text).not.toContain(secret);
  });
});
