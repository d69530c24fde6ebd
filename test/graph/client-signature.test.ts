import { describe, expect, it } from 'vitest';
import { createGraphClient } from '../../src/graph/client.js';
import { independentEpiHmac } from '../helpers/raw-graph.js';
import { sampleDefinition } from '../helpers/emulator.js';
import { startScriptedServer } from '../helpers/scripted-server.js';

const appKey = 'app-key-1';
const secret = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');

describe('the client signs what it sends', () => {
  it('sends the epi-hmac header an independent computation expects, for every verb', async () => {
    const server = await startScriptedServer([{ status: 204 }]);
    const base = `${server.url}/prefix`;
    let nonces = 0;
    const client = createGraphClient({
      baseUrl: base,
      auth: { scheme: 'hmac', appKey, secret },
      now: () => 1_700_000_000_000,
      nonce: () => `nonce${++nonces}`,
    });
    await client.putTypes('shop', sampleDefinition());
    await client.postTypes('shop', { languages: ['en'], contentTypes: {} });
    await client.pushData('shop', '{"index":{"_id":"1","language_routing":"en"}}\n{"Name":"Å"}\n');
    await client.purgeData('shop', ['en', 'sv']);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /prefix/api/content/v3/types?id=shop',
      'POST /prefix/api/content/v3/types?id=shop',
      'POST /prefix/api/content/v2/data?id=shop',
      'DELETE /prefix/api/content/v2/data?id=shop&languages=en&languages=sv',
    ]);
    server.requests.forEach((r, i) => {
      const expected = independentEpiHmac({
        appKey,
        secret,
        method: r.method,
        target: r.url,
        timestamp: 1_700_000_000_000,
        nonce: `nonce${i + 1}`,
        body: r.body,
      });
      expect(r.headers.authorization).toBe(expected);
    });
  });

  it('sends bodies exactly as given, with the contract content types', async () => {
    const server = await startScriptedServer([{ status: 200, body: '{"journalId":"j-1"}' }]);
    const client = createGraphClient({ baseUrl: server.url, auth: { scheme: 'basic', appKey, secret } });
    const ndjson = '{"index":{"_id":1,"language_routing":"en"}}\r\n{"Name":"x"}';
    expect(await client.pushData('shop', new TextEncoder().encode(ndjson))).toEqual({ journalId: 'j-1' });
    await client.putTypes('shop', sampleDefinition());
    const [data, put] = server.requests;
    expect(data?.body.toString('utf8')).toBe(ndjson);
    expect(data?.headers['content-type']).toBe('text/plain');
    expect(put?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(put?.body.toString('utf8') ?? '')).toEqual(sampleDefinition());
    expect(put?.headers.authorization).toBe(`Basic ${Buffer.from(`${appKey}:${secret}`).toString('base64')}`);
  });

  it('signs every attempt afresh, with a new timestamp and nonce', async () => {
    const server = await startScriptedServer([{ status: 503 }, { status: 503 }, { status: 204 }]);
    let clock = 1_000;
    const client = createGraphClient({
      baseUrl: server.url,
      auth: { scheme: 'hmac', appKey, secret },
      now: () => (clock += 1_000),
      sleep: async () => undefined,
    });
    await client.putTypes('shop', sampleDefinition());
    const headers = server.requests.map((r) => r.headers.authorization ?? '');
    expect(headers).toHaveLength(3);
    expect(new Set(headers).size).toBe(3);
    const parts = headers.map((h) => h.slice('epi-hmac '.length).split(':'));
    expect(new Set(parts.map((p) => p[1])).size).toBe(3);
    expect(new Set(parts.map((p) => p[2])).size).toBe(3);
    for (const [i, r] of server.requests.entries()) {
      const [, timestamp = '', nonce = ''] = parts[i] ?? [];
      expect(r.headers.authorization).toBe(
        independentEpiHmac({ appKey, secret, method: r.method, target: r.url, timestamp: Number(timestamp), nonce, body: r.body }),
      );
    }
  });
});
