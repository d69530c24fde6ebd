import { describe, expect, it } from 'vitest';
import { createGraphClient } from '../../src/graph/client.js';
import { isSourcesUnsupported } from '../../src/graph/errors.js';
import type { GraphClient, SourceDeleteMode } from '../../src/graph/types.js';
import { sampleDefinition } from '../helpers/emulator.js';
import { independentEpiHmac } from '../helpers/raw-graph.js';
import { startScriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { rejection } from '../helpers/graphform-error.js';

const appKey = 'app-key-1';
const secret = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');
const NOW = 1_700_000_000_000;

const shop = { id: 'shop', label: 'Shop', description: 'Products', languages: ['en', 'sv'] };
const cms = { id: 'default', label: 'CMS', description: null, languages: ['en'] };
const json = (status: number, value: unknown): ScriptedAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

async function serve(script: readonly ScriptedAnswer[]) {
  const server = await startScriptedServer(script);
  let nonces = 0;
  const client = createGraphClient({
    baseUrl: server.url,
    auth: { scheme: 'hmac', appKey, secret },
    now: () => NOW,
    nonce: () => `nonce${++nonces}`,
    maxAttempts: 1,
  });
  return { server, client, sent: () => server.requests.map((r) => `${r.method} ${r.url}`) };
}

describe('the sources API of the graph client', () => {
  it.each([
    ['array', [shop, cms]],
    ['map', { shop: { label: 'Shop', description: 'Products', languages: ['en', 'sv'], extra: true }, default: { label: 'CMS', languages: ['en'] } }],
  ])('lists every source from the %s form', async (_form, body) => {
    const { client, sent } = await serve([json(200, body)]);
    expect(await client.listSources()).toEqual([
      { id: 'shop', label: 'Shop', description: 'Products', languages: ['en', 'sv'] },
      { id: 'default', label: 'CMS', languages: ['en'] },
    ]);
    expect(sent()).toEqual(['GET /api/content/v3/sources']);
  });

  it.each([404, 405, 501])('says the service has no sources API when the list answers %i', async (status) => {
    const { client } = await serve([{ status, body: 'No such endpoint' }]);
    const error = await rejection(client.listSources());
    expect(error.code).toBe('GF_GRAPH_SOURCES_UNSUPPORTED');
    expect(isSourcesUnsupported(error)).toBe(true);
    expect(error.details).toMatchObject({ status, method: 'GET', path: '/api/content/v3/sources' });
  });

  it('keeps other failures of the list as service errors', async () => {
    const { client } = await serve([{ status: 500, body: 'database on fire' }]);
    const error = await rejection(client.listSources());
    expect(error.code).toBe('GF_GRAPH_HTTP_500');
    expect(isSourcesUnsupported(error)).toBe(false);
  });

  it('refuses a list answer of neither form, with a typed error', async () => {
    const { client } = await serve([json(200, { id: 'shop', label: 'Shop', languages: [] })]);
    const error = await rejection(client.listSources());
    expect(error.code).toBe('GF_GRAPH_BAD_RESPONSE');
    expect(error.message).toContain('a single source, not a list or a map of sources');
  });

  it('reads one source by id, in either form, and the CMS source too', async () => {
    const { client, sent } = await serve([json(200, [shop]), json(200, { shop }), json(200, [cms])]);
    expect(await client.getSource('shop')).toEqual(shop);
    expect(await client.getSource('shop')).toEqual(shop);
    expect(await client.getSource('default')).toEqual({ id: 'default', label: 'CMS', languages: ['en'] });
    expect(sent()).toEqual(['GET /api/content/v3/sources?id=shop', 'GET /api/content/v3/sources?id=shop', 'GET /api/content/v3/sources?id=default']);
  });

  it('answers undefined for a source the service says is not found', async () => {
    const { client } = await serve([{ status: 404, body: 'Source is not found' }]);
    expect(await client.getSource('blog')).toBeUndefined();
  });

  it('tells a missing sources API from a missing source', async () => {
    const { client } = await serve([{ status: 404, body: 'No such endpoint: /api/content/v3/sources' }, { status: 405 }]);
    expect((await rejection(client.getSource('blog'))).code).toBe('GF_GRAPH_SOURCES_UNSUPPORTED');
    expect((await rejection(client.getSource('blog'))).code).toBe('GF_GRAPH_SOURCES_UNSUPPORTED');
  });

  it('updates label and description with exactly those two fields', async () => {
    const { client, server, sent } = await serve([{ status: 204 }]);
    await client.updateSource('shop', { label: 'Shop', description: '' });
    expect(sent()).toEqual(['POST /api/content/v3/sources?id=shop']);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body.toString('utf8') ?? '')).toEqual({ label: 'Shop', description: '' });
  });

  it('deletes a source, whole or by mode', async () => {
    const { client, sent } = await serve([{ status: 200 }]);
    await client.deleteSource('shop');
    for (const mode of ['types', 'data', 'reset'] as const) await client.deleteSource('shop', mode);
    expect(sent()).toEqual([
      'DELETE /api/content/v3/sources?id=shop',
      'DELETE /api/content/v3/sources?id=shop&mode=types',
      'DELETE /api/content/v3/sources?id=shop&mode=data',
      'DELETE /api/content/v3/sources?id=shop&mode=reset',
    ]);
  });

  it('reports a delete of a source that does not exist, saying there is nothing to delete', async () => {
    const { client } = await serve([{ status: 404, body: 'Source is not found' }]);
    const error = await rejection(client.deleteSource('gone'));
    expect(error.code).toBe('GF_GRAPH_HTTP_404');
    expect(error.hint).toContain('nothing to delete');
  });

  it("reads the CMS's own types from GET types?id=default", async () => {
    const { client, sent } = await serve([json(200, sampleDefinition({ label: 'CMS' })), { status: 404 }, { status: 501 }]);
    expect(await client.getCmsTypes()).toEqual({ status: 'found', definition: sampleDefinition({ label: 'CMS' }), unknown: [], hasDescription: false });
    expect(await client.getCmsTypes()).toEqual({ status: 'missing' });
    expect(await client.getCmsTypes()).toEqual({ status: 'unsupported' });
    expect(sent()).toEqual(Array(3).fill('GET /api/content/v3/types?id=default'));
  });

  it('refuses a missing, malformed or CMS id before anything is sent', async () => {
    const { client, server } = await serve([{ status: 204 }]);
    const writes: Array<[string, (c: GraphClient, id: string) => Promise<unknown>]> = [
      ['updateSource', (c, id) => c.updateSource(id, { label: 'L', description: 'D' })],
      ['deleteSource', (c, id) => c.deleteSource(id)],
      ['deleteSource types', (c, id) => c.deleteSource(id, 'types')],
    ];
    for (const id of ['', ' ', 'default', 'shops', 'Shop', 'a-b', ' ab', undefined as unknown as string]) {
      for (const [name, call] of writes) {
        const error = await rejection(call(client, id));
        expect(error.code, `${name}(${JSON.stringify(id)})`).toBe('GF_INVALID_SOURCE_ID');
      }
    }
    for (const id of ['', ' ', 'shops', 'DEFAULT', 'default2']) {
      expect((await rejection(client.getSource(id))).code).toBe('GF_INVALID_SOURCE_ID');
    }
    expect((await rejection(client.deleteSource('default'))).message).toContain("the CMS's own source");
    expect((await rejection(client.deleteSource('shop', 'all' as SourceDeleteMode))).code).toBe('GF_GRAPH_BAD_REQUEST');
    expect((await rejection(client.updateSource('shop', { label: 'L' } as never))).code).toBe('GF_GRAPH_BAD_REQUEST');
    expect(server.requests).toEqual([]);
  });

  it('signs every sources call so an independent computation agrees', async () => {
    const { client, server } = await serve([json(200, [shop]), json(200, [shop]), { status: 204 }, { status: 200 }, json(200, sampleDefinition())]);
    await client.listSources();
    await client.getSource('shop');
    await client.updateSource('shop', { label: 'Shop', description: 'Products' });
    await client.deleteSource('shop', 'data');
    await client.getCmsTypes();
    expect(server.requests).toHaveLength(5);
    server.requests.forEach((r, i) => {
      const expected = independentEpiHmac({ appKey, secret, method: r.method, target: r.url, timestamp: NOW, nonce: `nonce${i + 1}`, body: r.body });
      expect(r.headers.authorization, `${r.method} ${r.url}`).toBe(expected);
    });
  });

  it('redacts what an error answer echoes: the secret, the Basic token and tokens in URLs', async () => {
    const basic = Buffer.from(`${appKey}:${secret}`).toString('base64');
    const body = `bad request from https://u:pw@proxy/x?token=t0k3n secret=${secret} header Basic ${basic}`;
    const server = await startScriptedServer([{ status: 400, body }, json(200, `echo ${secret}`)]);
    const client = createGraphClient({ baseUrl: server.url, auth: { scheme: 'basic', appKey, secret }, maxAttempts: 1 });
    for (const call of [client.listSources(), client.listSources()]) {
      const error = await rejection(call);
      const shown = JSON.stringify({ message: error.message, details: error.details, hint: error.hint });
      for (const leak of [secret, basic, 't0k3n', 'u:pw']) expect(shown).not.toContain(leak);
    }
  });
});
