import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { EmulatorAsset, MarketingApp, RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { signIn } from '../helpers/oauth.js';

interface AssetPage {
  data: Array<EmulatorAsset & { links: { self: string } }>;
  pagination: { next: string | null; previous: string | null };
  total_count: number;
}

/** The published order: newest modified_at first. */
function newestFirst(assets: readonly EmulatorAsset[]): EmulatorAsset[] {
  return [...assets].sort((a, b) => Date.parse(b.modified_at) - Date.parse(a.modified_at));
}

async function list(
  emulator: RunningEmulator,
  token: string | undefined,
  path = '/v3/assets',
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const url = path.startsWith('http') ? path : `${emulator.url}${path}`;
  const response = await fetch(url, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

async function page(emulator: RunningEmulator, token: string, path = '/v3/assets'): Promise<AssetPage> {
  const answer = await list(emulator, token, path);
  expect(answer.status).toBe(200);
  return answer.json as unknown as AssetPage;
}

const PRODUCTION_APP: MarketingApp = { clientId: 'prod-app', clientSecret: 'prod-secret-123456', redirectUri: 'http://127.0.0.1:9911/cb', mode: 'production' };
const OTHER_ORG_APP: MarketingApp = {
  clientId: 'agency-app',
  clientSecret: 'agency-secret-1',
  redirectUri: 'http://127.0.0.1:9913/cb',
  mode: 'production',
  organizationId: 'agency-org',
};

describe('GET /v3/assets: bearer checks', () => {
  it.each([
    ['no token', undefined, /Send the access token/],
    ['an unknown token', 'made-up-token-made-up-token-made-up-token', /unknown, expired or revoked/],
  ])('answers 401 {message} for %s', async (_name, token, message) => {
    const emulator = await startTestEmulator();
    const answer = await list(emulator, token);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ message: expect.stringMatching(message) as unknown });
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 to Basic credentials, a refresh token and an expired access token', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const basicAuth = await fetch(`${emulator.url}/v3/assets`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basicAuth.status).toBe(401);
    const pair = await signIn(emulator, PRODUCTION_APP);
    expect((await list(emulator, pair.refresh_token)).status).toBe(401);
    expect((await list(emulator, pair.access_token)).status).toBe(200);
    await emulator.marketing.advanceClock(3_600_000);
    expect((await list(emulator, pair.access_token)).status).toBe(401);
  });

  it('answers 403 {message} for a token of an organization the Open API does not know', async () => {
    const emulator = await startTestEmulator({ apps: [OTHER_ORG_APP] });
    const pair = await signIn(emulator, OTHER_ORG_APP);
    const answer = await list(emulator, pair.access_token);
    expect([answer.status, answer.json.message]).toEqual([403, "The token's organization agency-org is not known to this Open API"]);
  });
});

describe('GET /v3/assets: the seeded library', () => {
  it('answers the first 10 of 25 assets, with a full next URL', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const first = await page(emulator, token);
    expect(Object.keys(first).sort()).toEqual(['data', 'pagination', 'total_count']);
    expect(first.total_count).toBe(25);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({ next: `${emulator.url}/v3/assets?page_size=10&offset=10`, previous: null });
  });

  it('pages through everything by following next until null', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const seen: string[] = [];
    const previous: Array<string | null> = [];
    let next: string | null = `${emulator.url}/v3/assets?page_size=7`;
    while (next !== null) {
      const current: AssetPage = await page(emulator, token, next);
      seen.push(...current.data.map((a) => a.id));
      previous.push(current.pagination.previous);
      next = current.pagination.next;
    }
    expect(seen).toEqual(newestFirst(emulator.marketing.assets()).map((a) => a.id));
    expect(new Set(seen).size).toBe(25);
    expect(previous).toEqual([
      null,
      `${emulator.url}/v3/assets?page_size=7&offset=0`,
      `${emulator.url}/v3/assets?page_size=7&offset=7`,
      `${emulator.url}/v3/assets?page_size=7&offset=14`,
    ]);
  });

  it('answers all 25 at page_size=100, and an empty page past the end', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const all = await page(emulator, token, '/v3/assets?page_size=100');
    expect([all.data.length, all.pagination.next, all.pagination.previous]).toEqual([25, null, null]);
    const past = await page(emulator, token, '/v3/assets?offset=40&page_size=10');
    expect([past.data.length, past.total_count, past.pagination.next, past.pagination.previous]).toEqual([
      0,
      25,
      null,
      `${emulator.url}/v3/assets?page_size=10&offset=30`,
    ]);
  });

  it('builds next from the Host the client used, keeping other query parameters', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: emulator.port,
          path: '/v3/assets?type=article&page_size=5',
          headers: { host: `localhost:${emulator.port}`, authorization: `Bearer ${token}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const answer = JSON.parse(body) as AssetPage;
    expect(answer.pagination.next).toBe(`http://localhost:${emulator.port}/v3/assets?type=article&page_size=5&offset=5`);
    expect(answer.data[0]?.links.self).toMatch(new RegExp(`^http://localhost:${emulator.port}/v3/assets/[0-9a-f]{32}$`));
  });

  it('gives every asset the published shape', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const { data } = await page(emulator, token, '/v3/assets?page_size=100');
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
    for (const asset of data) {
      expect(Object.keys(asset).sort()).toEqual([
        'content',
        'created_at',
        'file_extension',
        'file_location',
        'folder_id',
        'id',
        'is_archived',
        'labels',
        'links',
        'mime_type',
        'modified_at',
        'owner_organization_id',
        'thumbnail_url',
        'title',
        'type',
      ]);
      expect(['article', 'image', 'video', 'raw_file', 'structured_content']).toContain(asset.type);
      expect(asset.created_at).toMatch(iso);
      expect(asset.modified_at).toMatch(iso);
      expect(asset.modified_at >= asset.created_at).toBe(true);
      expect(asset.links.self).toBe(`${emulator.url}/v3/assets/${asset.id}`);
      expect(asset.owner_organization_id).toBe('5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40');
      expect(asset.file_location).toMatch(/^\/all assets(\/[^/]+)*$/);
      expect(asset.content.type).toBe({ article: 'html_body', image: 'url', video: 'url', raw_file: 'url', structured_content: 'api_url' }[asset.type]);
      for (const label of asset.labels)
        expect(label).toEqual({
          group: { id: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown, name: expect.any(String) as unknown },
          values: expect.arrayContaining([{ id: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown, name: expect.any(String) as unknown }]) as unknown,
        });
    }
    const articles = data.filter((a) => a.type === 'article');
    expect(articles.length).toBeGreaterThanOrEqual(5);
    for (const article of articles) expect(article.content).toEqual({ type: 'html_body', value: expect.stringMatching(/^<p>\w.+<\/p>$/) as unknown });
    for (const file of data.filter((a) => a.type === 'image' || a.type === 'video' || a.type === 'raw_file'))
      expect(file.content.value).toMatch(/^https:\/\/cdn\.example\.com\/.+\.(jpg|png|mp4|pdf)$/);
    expect(data.filter((a) => a.labels.length > 0).length).toBeGreaterThan(15);
    expect(data.filter((a) => a.labels.length === 0).length).toBeGreaterThan(2);
    expect(new Set(data.map((a) => a.type)).size).toBe(5);
    expect(data.filter((a) => a.is_archived)).toHaveLength(2);
    expect(new Set(data.map((a) => a.folder_id).filter((f) => f !== null)).size).toBe(4);
    for (const image of data.filter((a) => a.type === 'image'))
      expect([image.mime_type, image.thumbnail_url]).toEqual([expect.stringMatching(/^image\//), expect.stringMatching(/^https:\/\//)]);
  });

  it('seeds the same assets in every emulator', async () => {
    const [a, b] = await Promise.all([startTestEmulator(), startTestEmulator()]);
    expect(a?.marketing.assets()).toEqual(b?.marketing.assets());
    expect(a?.marketing.assets()[0]?.title).toBe('Welcome to the spring collection');
  });
});

describe('GET /v3/assets: query parameters', () => {
  it.each(['0', '101', '-1', 'ten', '1.5', '', '1e2'])('answers 400 {message, errors} to page_size=%j', async (value) => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const answer = await list(emulator, token, `/v3/assets?page_size=${encodeURIComponent(value)}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      message: 'Invalid query parameters',
      errors: { page_size: expect.stringMatching(/^page_size must be an integer from 1 to 100/) as unknown },
    });
  });

  it.each(['-1', 'x', '2.5'])('answers 400 to offset=%j', async (value) => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const answer = await list(emulator, token, `/v3/assets?offset=${value}`);
    expect([answer.status, Object.keys(answer.json.errors as Record<string, string>)]).toEqual([400, ['offset']]);
  });

  it('reports both parameters, and one given twice', async () => {
    const emulator = await startTestEmulator();
    const { access_token: token } = await signIn(emulator);
    const answer = await list(emulator, token, '/v3/assets?page_size=0&offset=1&offset=2');
    expect(answer.json.errors).toEqual({ page_size: 'page_size must be an integer from 1 to 100, not "0"', offset: 'offset is given more than once' });
  });
});

describe('GET /v3/assets: options, limits and faults', () => {
  const mine: EmulatorAsset = {
    id: 'a1',
    title: 'Given',
    type: 'article',
    mime_type: 'text/html',
    file_extension: null,
    created_at: '2026-01-01T00:00:00Z',
    modified_at: '2026-01-01T00:00:00Z',
    folder_id: null,
    file_location: '/all assets',
    is_archived: false,
    content: { type: 'html_body', value: '<p>Hello</p>' },
    labels: [],
    owner_organization_id: '5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40',
    thumbnail_url: null,
  };

  it('serves the assets option instead of the seeded ones, each organization its own', async () => {
    const theirs = { ...mine, id: 'b1', owner_organization_id: 'agency-org', links: { self: 'https://api.example.com/v3/assets/b1' } };
    const emulator = await startTestEmulator({ assets: [mine, theirs], apps: [OTHER_ORG_APP] });
    const demo = await page(emulator, (await signIn(emulator)).access_token);
    expect([demo.total_count, demo.data[0]?.id, demo.data[0]?.links.self]).toEqual([1, 'a1', `${emulator.url}/v3/assets/a1`]);
    const agency = await page(emulator, (await signIn(emulator, OTHER_ORG_APP)).access_token);
    expect([agency.total_count, agency.data[0]?.links.self]).toEqual([1, 'https://api.example.com/v3/assets/b1']);
  });

  it('answers an empty library to the demo organization when assets is []', async () => {
    const emulator = await startTestEmulator({ assets: [] });
    const answer = await page(emulator, (await signIn(emulator)).access_token);
    expect([answer.total_count, answer.data, answer.pagination]).toEqual([0, [], { next: null, previous: null }]);
  });

  it('refuses an assets option with a duplicate id', async () => {
    await expect(startTestEmulator({ assets: [mine, mine] })).rejects.toMatchObject({ code: 'GF_EMULATOR_BAD_OPTIONS' });
  });

  it('limits each token to 10 requests per second: 429 {message} with Retry-After', async () => {
    let now = Date.UTC(2026, 0, 1);
    const emulator = await startTestEmulator({ now: () => now });
    const one = (await signIn(emulator)).access_token;
    const two = (await signIn(emulator)).access_token;
    for (let i = 0; i < 10; i++) expect((await list(emulator, one)).status).toBe(200);
    const limited = await list(emulator, one);
    expect([limited.status, limited.headers.get('retry-after'), limited.json.message]).toEqual([
      429,
      '1',
      'Rate limit exceeded: at most 10 requests per second per token',
    ]);
    expect((await list(emulator, two)).status).toBe(200);
    now += 1000;
    expect((await list(emulator, one)).status).toBe(200);
  });

  it('takes another limit, or none', async () => {
    const now = Date.UTC(2026, 0, 1);
    const strict = await startTestEmulator({ now: () => now, assetsRateLimit: 2 });
    const token = (await signIn(strict)).access_token;
    expect([(await list(strict, token)).status, (await list(strict, token)).status, (await list(strict, token)).status]).toEqual([200, 200, 429]);
    const open = await startTestEmulator({ now: () => now, assetsRateLimit: false });
    const free = (await signIn(open)).access_token;
    for (let i = 0; i < 30; i++) expect((await list(open, free)).status).toBe(200);
    await expect(startTestEmulator({ assetsRateLimit: 0 })).rejects.toMatchObject({ code: 'GF_EMULATOR_BAD_OPTIONS' });
  });

  it('answers injected faults in its own error shape', async () => {
    const emulator = await startTestEmulator();
    const token = (await signIn(emulator)).access_token;
    emulator.faults.add({ pathPrefix: '/v3/assets', status: 429, retryAfter: 3 });
    const limited = await list(emulator, token);
    expect([limited.status, limited.headers.get('retry-after'), limited.json]).toEqual([429, '3', { message: 'Injected fault: 429' }]);
    expect((await list(emulator, token)).status).toBe(200);
  });

  it('answers unknown paths and methods with {message}', async () => {
    const emulator = await startTestEmulator();
    expect((await list(emulator, undefined, '/v3/folders')).json).toEqual({ message: 'No such endpoint: /v3/folders' });
    const post = await fetch(`${emulator.url}/v3/assets`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });
});
