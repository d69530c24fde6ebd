import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { assetMatches, assetQueries } from '../../src/marketing/asset-items.js';
import { createAuthServer } from '../../src/marketing/auth-server.js';
import { clientCredentialsSession } from '../../src/marketing/client-session.js';
import { createOpenApiClient } from '../../src/marketing/open-api.js';
import type { Asset, MarketingApp } from '../../src/marketing/types.js';
import type { AssetFilter } from '../../src/model/types.js';
import { startTestEmulator } from '../helpers/emulator.js';

/** The demo app of an emulator, as graphform's config would name it, with client credentials. */
function demoApp(emulator: RunningEmulator, baseUrl = emulator.url): MarketingApp {
  const demo = emulator.marketing.demoApp;
  return {
    issuer: emulator.url,
    description: emulator.url,
    authUrl: emulator.url,
    baseUrl,
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    redirectUri: demo.redirectUri,
    grant: 'client_credentials',
  };
}

/** The requests the emulator logged for a path, as method and path with query. */
function logged(emulator: RunningEmulator, prefix: string): string[] {
  return emulator.inspect
    .requests()
    .filter((r) => r.path.startsWith(prefix))
    .map((r) => `${r.method} ${r.path}`);
}

async function select(emulator: RunningEmulator, filter: AssetFilter): Promise<Asset[]> {
  const app = demoApp(emulator);
  const client = createOpenApiClient({ baseUrl: app.baseUrl, session: clientCredentialsSession(createAuthServer(app), Date.now) });
  const listed: Asset[] = [];
  for (const query of assetQueries(filter)) listed.push(...(await client.listAssets({ query })));
  return listed.filter((a) => assetMatches(a, filter));
}

describe('the Open API client on the published API (the emulator)', () => {
  it.each(['', '/', '/v3', '/v3/'])('reaches /v3/assets with baseUrl "<origin>%s"', async (suffix) => {
    const emulator = await startTestEmulator();
    const app = demoApp(emulator, `${emulator.url}${suffix}`);
    const client = createOpenApiClient({ baseUrl: app.baseUrl, session: clientCredentialsSession(createAuthServer(app), Date.now) });
    expect(await client.listAssets({ pageSize: 10 })).toHaveLength(25);
    expect(logged(emulator, '/v3/assets')[0]).toBe('GET /v3/assets?page_size=10');
  });

  it('sends type and folder_id as query parameters, and reads only what they select; is_archived only when the filter names archived', async () => {
    const emulator = await startTestEmulator();
    const folder = emulator.marketing.assets().find((a) => a.file_location === '/all assets/Blog')?.folder_id ?? '';
    const selected = await select(emulator, { type: ['article', 'video'], folder: [folder] });
    expect(selected.map((a) => a.title).sort()).toEqual([
      'Behind the seams: our Porto workshop',
      'Five ways to style a linen shirt',
      'Porto workshop tour',
      'Why we switched to recycled nylon',
    ]);
    // The published listAssets does not list is_archived: archived assets are left out locally.
    expect(selected.some((a) => a.is_archived === true)).toBe(false);
    expect(logged(emulator, '/v3/assets')).toEqual([`GET /v3/assets?page_size=100&type=article&type=video&folder_id=${folder}`]);
    emulator.inspect.clearRequests();
    await select(emulator, { type: ['article'], archived: false });
    expect(logged(emulator, '/v3/assets')).toEqual(['GET /v3/assets?page_size=100&type=article&is_archived=false']);
  });

  it('selects exactly the labelled assets: by value name, by value id, and by Group: Value', async () => {
    const emulator = await startTestEmulator();
    const seeded = emulator.marketing.assets();
    const spring = seeded.filter((a) => a.labels.some((l) => l.group.name === 'Campaign' && l.values.some((v) => v.name === 'Spring 2025')));
    expect(spring.length).toBe(3);
    const springId = spring[0]?.labels.find((l) => l.group.name === 'Campaign')?.values.find((v) => v.name === 'Spring 2025')?.id ?? '';
    const titles = (assets: ReadonlyArray<{ title?: unknown }>): string[] => assets.map((a) => String(a.title)).sort();
    expect(titles(await select(emulator, { labels: ['Spring 2025'] }))).toEqual(titles(spring));
    expect(titles(await select(emulator, { labels: [springId] }))).toEqual(titles(spring));
    expect(titles(await select(emulator, { labels: ['Campaign: Spring 2025'] }))).toEqual(titles(spring));
    expect(await select(emulator, { labels: ['Topic: Spring 2025'] })).toEqual([]);
    const archivedSale = await select(emulator, { labels: ['Campaign: Winter sale'], archived: true });
    expect(titles(archivedSale)).toEqual(['Winter sale banner', 'Winter sale recap']);
  });

  it('fetches one client-credentials token for every page, and a new one after a 401', async () => {
    const emulator = await startTestEmulator();
    const app = demoApp(emulator);
    const session = clientCredentialsSession(createAuthServer(app), Date.now);
    const client = createOpenApiClient({ baseUrl: app.baseUrl, session });
    expect(await client.listAssets({ pageSize: 5 })).toHaveLength(25);
    expect(logged(emulator, '/o/oauth2/v1/token')).toHaveLength(1);
    expect(session.current()).toBeUndefined();
    // The token dies on the server (30 days later): the Open API answers 401, the session fetches another.
    await emulator.marketing.advanceClock(31 * 24 * 3_600_000);
    expect(await client.listAssets({ pageSize: 100 })).toHaveLength(25);
    expect(logged(emulator, '/o/oauth2/v1/token')).toHaveLength(2);
    expect(session.secrets()).toHaveLength(2);
  });

  it('names an app not registered for client credentials', async () => {
    const other = { clientId: 'code-only', clientSecret: 'code-only-secret', redirectUri: 'http://127.0.0.1:9931/cb', mode: 'production' as const };
    const emulator = await startTestEmulator({ apps: [other] });
    const app = { ...demoApp(emulator), clientId: other.clientId, clientSecret: other.clientSecret };
    const client = createOpenApiClient({ baseUrl: app.baseUrl, session: clientCredentialsSession(createAuthServer(app, { maxAttempts: 1 }), Date.now) });
    await expect(client.listAssets()).rejects.toMatchObject({ code: 'GF_AUTH_GRANT_NOT_ALLOWED' });
  });
});
