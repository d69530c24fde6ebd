import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { rawRequest } from '../../helpers/raw-graph.js';

async function control(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${emulator.url}/_emulator${path}`, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' } } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

async function seeded(): Promise<RunningEmulator> {
  const emulator = await startTestEmulator();
  const client = graphClientFor(emulator);
  await client.putTypes(
    'shop',
    sampleDefinition({ contentTypes: { ...sampleDefinition().contentTypes, Book: { contentType: ['Item', 'Product'], properties: {} } } }),
  );
  await client.pushData(
    'shop',
    indexLines([
      { id: 1, language: 'en' },
      { id: 2, language: 'en', contentType: ['Item', 'Product', 'Book'] },
      { id: 1, language: 'sv' },
    ]),
  );
  return emulator;
}

describe('inspection API under /_emulator/', () => {
  it('lists sources, a definition and counts by language and most-derived content type', async () => {
    const emulator = await seeded();
    expect(await control(emulator, 'GET', '/sources')).toEqual({
      status: 200,
      json: [{ id: 'shop', label: 'Shop catalogue', description: '', languages: ['en', 'sv'], items: 3 }],
    });
    expect((await control(emulator, 'GET', '/sources/shop/definition')).json).toEqual(emulator.inspect.definition('shop'));
    expect((await control(emulator, 'GET', '/sources/shop/counts')).json).toEqual({
      total: 3,
      byLanguage: { en: 2, sv: 1 },
      byContentType: { Product: 2, Book: 1 },
    });
    expect((await control(emulator, 'GET', '/sources/nope/counts')).status).toBe(404);
  });

  it('lists items with filters and paging', async () => {
    const emulator = await seeded();
    const all = await control(emulator, 'GET', '/sources/shop/items');
    expect(all.json).toMatchObject({
      total: 3,
      items: [
        { _id: '1', language_routing: 'en', contentType: 'Product' },
        { _id: '2', contentType: 'Book' },
        { _id: '1', language_routing: 'sv' },
      ],
    });
    expect((await control(emulator, 'GET', '/sources/shop/items?language=en&offset=1&limit=1')).json).toMatchObject({ total: 2, items: [{ _id: '2' }] });
    expect((await control(emulator, 'GET', '/sources/shop/items?contentType=Book')).json).toMatchObject({ total: 1, items: [{ data: { Name: 'Item 2' } }] });
    expect((await control(emulator, 'GET', '/sources/shop/items?limit=-1')).status).toBe(400);
  });

  it('logs graph requests with method, path, status and note, never the Authorization header', async () => {
    const emulator = await seeded();
    await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop', auth: 'basic' });
    const log = (await control(emulator, 'GET', '/requests')).json as Array<Record<string, unknown>>;
    expect(log.map((e) => [e.method, e.path, e.status, e.note])).toEqual([
      ['PUT', '/api/content/v3/types?id=shop', 204, 'created source shop'],
      [
        'POST',
        '/api/content/v2/data?id=shop',
        200,
        'indexed 3, deleted 0, stored but not served 3 (a searchable property not under its searchable name: line 2: Product.Name not as Name___searchable; line 4: Book.Name not as Name___searchable; line 6: Product.Name not as Name___searchable)',
      ],
      ['GET', '/api/content/v3/types?id=shop', 200, 'definition of shop'],
    ]);
    expect(Object.keys(log[0] ?? {}).sort()).toEqual(['at', 'method', 'note', 'path', 'seq', 'status']);
    const text = JSON.stringify(log);
    expect(text).not.toContain(emulator.credentials.secret);
    expect(text).not.toMatch(/epi-hmac|Basic/);
    expect((await control(emulator, 'DELETE', '/requests')).status).toBe(204);
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('resets everything', async () => {
    const emulator = await seeded();
    emulator.faults.add({ status: 500 });
    expect((await control(emulator, 'POST', '/reset')).status).toBe(204);
    expect(emulator.inspect.sources()).toEqual([]);
    expect(emulator.inspect.requests()).toEqual([]);
    expect(emulator.faults.list()).toEqual([]);
  });

  it('refuses a control POST that is not JSON, so no web page can reset or fault it', async () => {
    const emulator = await seeded();
    const response = await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '' });
    expect(response.status).toBe(415);
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['shop']);
  });

  it('answers unknown control paths and methods', async () => {
    const emulator = await startTestEmulator();
    expect((await control(emulator, 'GET', '')).json).toMatchObject({ name: 'graphform emulator (graph service, authorization server, Open API)' });
    expect((await control(emulator, 'GET', '/nothing')).status).toBe(404);
    expect((await control(emulator, 'POST', '/sources')).status).toBe(405);
    expect((await control(emulator, 'GET', '/reset')).status).toBe(405);
  });
});

describe('fault injection over HTTP', () => {
  it('fails the next N matching requests with a status and Retry-After', async () => {
    const emulator = await seeded();
    const added = await control(emulator, 'POST', '/faults', {
      method: 'get',
      pathPrefix: '/api/content/v3/types',
      status: 429,
      retryAfter: 3,
      count: 2,
      body: 'slow down',
    });
    expect(added).toEqual({
      status: 201,
      json: [{ method: 'get', pathPrefix: '/api/content/v3/types', status: 429, retryAfter: 3, count: 2, body: 'slow down', id: 1, remaining: 2 }],
    });
    // Another method or path does not match.
    expect((await rawRequest(emulator, { method: 'DELETE', target: '/api/content/v2/data?id=shop&languages=sv' })).status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const response = await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
      expect([response.status, response.headers.get('retry-after'), response.text.trim()]).toEqual([429, '3', 'slow down']);
    }
    expect((await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' })).status).toBe(200);
    expect(
      emulator.inspect
        .requests()
        .slice(-3)
        .map((e) => e.note),
    ).toEqual(['fault: 429', 'fault: 429', 'definition of shop']);
    expect((await control(emulator, 'GET', '/faults')).json).toEqual([]);
  });

  it('drops the connection and delays responses', async () => {
    const emulator = await seeded();
    await control(emulator, 'POST', '/faults', [{ drop: true }, { delayMs: 50 }]);
    await expect(rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' })).rejects.toThrow();
    expect((await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' })).status).toBe(200);
    expect(
      emulator.inspect
        .requests()
        .slice(-2)
        .map((e) => [e.status, e.note]),
    ).toEqual([
      [0, 'fault: connection dropped'],
      [200, 'definition of shop'],
    ]);
  });

  it('lists and clears faults, and rejects bad rules', async () => {
    const emulator = await startTestEmulator();
    await control(emulator, 'POST', '/faults', { status: 503, count: 5 });
    expect((await control(emulator, 'GET', '/faults')).json).toMatchObject([{ status: 503, remaining: 5 }]);
    expect((await control(emulator, 'DELETE', '/faults')).status).toBe(204);
    expect(emulator.faults.list()).toEqual([]);
    for (const bad of [{ status: 99 }, { count: 0, status: 500 }, { method: 'GET' }, { status: 500, colour: 'red' }, 'x']) {
      const response = await control(emulator, 'POST', '/faults', bad);
      expect(response.status).toBe(400);
    }
    expect(() => emulator.faults.add({ status: 700 })).toThrow(/invalid fault rule/);
  });
});
