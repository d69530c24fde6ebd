import { describe, expect, it } from 'vitest';
import { createGraphClient } from '../../src/graph/client.js';
import { GraphServiceError } from '../../src/graph/errors.js';
import type { GraphClient } from '../../src/graph/types.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';

describe.each(['hmac', 'basic'] as const)('graph client over %s against the emulator', (scheme) => {
  it('creates, reads, partially updates, pushes and purges', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator, { scheme });
    expect(await client.getTypes('shop')).toEqual({ status: 'missing' });
    await client.putTypes('shop', sampleDefinition());
    const pushed = await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'sv' },
      ]),
    );
    expect(pushed.journalId).toMatch(/^[0-9a-f-]{36}$/);
    await client.postTypes('shop', {
      languages: ['en', 'sv', 'fi'],
      contentTypes: { Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int', searchable: true } } } },
    });
    const remote = await client.getTypes('shop');
    expect(remote).toMatchObject({
      status: 'found',
      definition: { languages: ['en', 'sv', 'fi'], contentTypes: { Product: { properties: { Quantity: { type: 'Int', searchable: true } } } } },
    });
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
    await client.purgeData('shop', ['en']);
    expect(emulator.inspect.counts('shop')).toEqual({ total: 1, byLanguage: { sv: 1 }, byContentType: { Product: 1 } });
    expect(emulator.inspect.requests().map((r) => r.status)).toEqual([404, 204, 200, 204, 200, 204]);
  });
});

describe('graph client errors and retries', () => {
  it('refuses a missing or malformed id before any request', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    const calls: Array<(id: string) => Promise<unknown>> = [
      (id) => client.putTypes(id, sampleDefinition()),
      (id) => client.postTypes(id, { languages: ['en'], contentTypes: {} }),
      (id) => client.getTypes(id),
      (id) => client.pushData(id, ''),
      (id) => client.purgeData(id, ['en']),
    ];
    for (const id of ['', 'shops', 'Shop', 'a-b', 'å', ' ab', undefined as unknown as string, 'default']) {
      for (const call of calls) {
        if (id === 'default') continue;
        await expect(call(id)).rejects.toMatchObject({ code: 'GF_INVALID_SOURCE_ID' });
      }
    }
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('refuses to purge without languages', async () => {
    const emulator = await startTestEmulator();
    await expect(graphClientFor(emulator).purgeData('shop', [])).rejects.toMatchObject({ code: 'GF_GRAPH_BAD_REQUEST' });
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('rejects a base URL it cannot use', () => {
    for (const baseUrl of ['not a url', 'ftp://x', 'http://h/?q=1', 'https://user:pw@h']) {
      expect(() => createGraphClient({ baseUrl, auth: { scheme: 'basic', appKey: 'k', secret: 's' } })).toThrow(
        expect.objectContaining({ code: 'GF_GRAPH_INVALID_URL' }),
      );
    }
  });

  it('types a 401 with a hint and never retries it', async () => {
    const emulator = await startTestEmulator();
    const client = createGraphClient({
      baseUrl: emulator.url,
      auth: { scheme: 'hmac', appKey: emulator.credentials.appKey, secret: Buffer.from('wrong').toString('base64') },
      sleep: async () => undefined,
    });
    const error = await client.putTypes('shop', sampleDefinition()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphServiceError);
    expect(error).toMatchObject({ code: 'GF_GRAPH_HTTP_401', status: 401, method: 'PUT', path: '/api/content/v3/types?id=shop', attempts: 1 });
    expect((error as GraphServiceError).hint).toMatch(/appKey and secret.*clock/s);
    expect((error as GraphServiceError).serviceMessage).toMatch(/Signature does not match/);
    expect(emulator.inspect.requests()).toHaveLength(1);
  });

  it('types a 400 with the service message and never retries it', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    // A field the published definition does not have: the service refuses it (additionalProperties: false).
    const bad = { ...sampleDefinition(), unknownFields: { colour: 'red' } };
    const error = await client.putTypes('shop', bad).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'GF_GRAPH_HTTP_400', serviceMessage: expect.stringMatching(/colour/) });
    expect((error as Error).message).toMatch(/^The graph service answered 400 to PUT \/api\/content\/v3\/types\?id=shop: .*colour/);
    expect(emulator.inspect.requests()).toHaveLength(1);
  });

  it('says a full update must come first when POST types answers 404', async () => {
    const emulator = await startTestEmulator();
    const error = await graphClientFor(emulator)
      .postTypes('shop', { languages: ['en'], contentTypes: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'GF_GRAPH_HTTP_404', status: 404 });
    expect((error as GraphServiceError).hint).toMatch(/full update \(PUT\)/);
  });

  it('retries 503 and 429, waiting as Retry-After says, then succeeds', async () => {
    const emulator = await startTestEmulator();
    emulator.faults.add({ method: 'PUT', status: 503, count: 2 });
    emulator.faults.add({ method: 'PUT', status: 429, retryAfter: 7 });
    const waits: number[] = [];
    const client = graphClientFor(emulator, { maxAttempts: 4, random: () => 0.5, sleep: async (ms) => void waits.push(ms) });
    await client.putTypes('shop', sampleDefinition());
    expect(emulator.inspect.requests().map((r) => r.status)).toEqual([503, 503, 429, 204]);
    expect(waits).toEqual([125, 250, 7_000]);
  });

  it('reports 5xx after the attempts run out, saying to try later', async () => {
    const emulator = await startTestEmulator();
    emulator.faults.add({ status: 503, count: 10, body: 'maintenance' });
    const error = await graphClientFor(emulator, { maxAttempts: 3 })
      .pushData('shop', '')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'GF_GRAPH_HTTP_503', attempts: 3, serviceMessage: 'maintenance' });
    expect((error as GraphServiceError).hint).toMatch(/try again later/);
    expect(emulator.inspect.requests()).toHaveLength(3);
  });

  it('times out a slow answer and ends with GF_GRAPH_TIMEOUT', async () => {
    const emulator = await startTestEmulator();
    // Held until the emulator closes: no answer can beat the timeout.
    emulator.faults.add({ hold: true, count: 2 });
    const error = await graphClientFor(emulator, { timeoutMs: 150, maxAttempts: 2 })
      .getTypes('shop')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'GF_GRAPH_TIMEOUT' });
  });

  it('retries a dropped connection, and reports GF_GRAPH_UNREACHABLE when it keeps dropping', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator, { maxAttempts: 3 });
    emulator.faults.add({ drop: true });
    await client.putTypes('shop', sampleDefinition());
    expect(emulator.inspect.requests().map((r) => r.status)).toEqual([0, 204]);
    emulator.faults.add({ drop: true, count: 3 });
    await expect(client.getTypes('shop')).rejects.toMatchObject({ code: 'GF_GRAPH_UNREACHABLE' });
  });

  it('treats 405 and 501 on GET types as unsupported', async () => {
    const emulator = await startTestEmulator();
    const client: GraphClient = graphClientFor(emulator);
    emulator.faults.add({ method: 'GET', status: 405 });
    emulator.faults.add({ method: 'GET', status: 501 });
    expect(await client.getTypes('shop')).toEqual({ status: 'unsupported' });
    expect(await client.getTypes('shop')).toEqual({ status: 'unsupported' });
  });

  it('reports a GET types answer that is not a definition', async () => {
    const emulator = await startTestEmulator();
    emulator.faults.add({ method: 'GET', status: 200, body: '<html>' });
    await expect(graphClientFor(emulator).getTypes('shop')).rejects.toMatchObject({ code: 'GF_GRAPH_BAD_RESPONSE' });
  });

  it('logs every attempt without secrets', async () => {
    const emulator = await startTestEmulator();
    emulator.faults.add({ status: 503 });
    for (const scheme of ['basic', 'hmac'] as const) {
      const lines: string[] = [];
      await graphClientFor(emulator, { scheme, log: (l) => void lines.push(l) }).putTypes('shop', sampleDefinition());
      const text = lines.join('\n');
      expect(text).toMatch(/PUT http:\/\/127\.0\.0\.1:\d+\/api\/content\/v3\/types\?id=shop attempt 1\/4/);
      expect(text).toContain(scheme === 'basic' ? 'authorization: Basic [redacted]' : 'authorization: epi-hmac [redacted]');
      expect(text).not.toContain(emulator.credentials.secret);
      expect(text).not.toContain(Buffer.from(`${emulator.credentials.appKey}:${emulator.credentials.secret}`).toString('base64'));
    }
  });
});
