import { describe, expect, it } from 'vitest';
import { sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { independentEpiHmac, rawRequest } from '../helpers/raw-graph.js';

const TYPES = '/api/content/v3/types?id=shop';
const body = JSON.stringify(sampleDefinition());

describe('emulator authentication', () => {
  it('accepts a correctly signed epi-hmac request and a correct Basic one', async () => {
    const emulator = await startTestEmulator();
    expect((await rawRequest(emulator, { method: 'PUT', target: TYPES, body, contentType: 'application/json' })).status).toBe(204);
    expect((await rawRequest(emulator, { method: 'GET', target: TYPES, auth: 'basic' })).status).toBe(200);
  });

  const NOW = 1_800_000_000_000;
  const sign = (creds: { appKey: string; secret: string }, method: string, target: string, payload: string, timestamp = NOW, nonce = 'n-1'): string =>
    independentEpiHmac({ ...creds, method, target, timestamp, nonce, body: Buffer.from(payload) });

  it.each([
    { name: 'body', send: { method: 'PUT', target: TYPES, body: body.replace('Shop', 'Shoq') }, header: (c: Creds) => sign(c, 'PUT', TYPES, body) },
    { name: 'path', send: { method: 'POST', target: TYPES, body }, header: (c: Creds) => sign(c, 'POST', '/api/content/v2/data?id=shop', body) },
    { name: 'query', send: { method: 'PUT', target: '/api/content/v3/types?id=shoq', body }, header: (c: Creds) => sign(c, 'PUT', TYPES, body) },
    { name: 'method', send: { method: 'POST', target: TYPES, body }, header: (c: Creds) => sign(c, 'PUT', TYPES, body) },
    { name: 'timestamp', send: { method: 'PUT', target: TYPES, body }, header: (c: Creds) => sign(c, 'PUT', TYPES, body).replace(`:${NOW}:`, `:${NOW + 1}:`) },
    { name: 'nonce', send: { method: 'PUT', target: TYPES, body }, header: (c: Creds) => sign(c, 'PUT', TYPES, body).replace(':n-1:', ':n-2:') },
    { name: 'key', send: { method: 'PUT', target: TYPES, body }, header: (c: Creds) => sign({ ...c, appKey: `${c.appKey}x` }, 'PUT', TYPES, body) },
    {
      name: 'secret',
      send: { method: 'PUT', target: TYPES, body },
      header: (c: Creds) => sign({ ...c, secret: Buffer.from('other').toString('base64') }, 'PUT', TYPES, body),
    },
  ])('rejects a request whose $name differs from what was signed', async ({ send, header }) => {
    const emulator = await startTestEmulator({ now: () => NOW });
    const response = await rawRequest(emulator, { ...send, contentType: 'application/json', auth: { header: header(emulator.credentials) } });
    expect(response.status).toBe(401);
    expect(response.text.length).toBeGreaterThan(0);
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it('refuses a replayed nonce, even on another request', async () => {
    const emulator = await startTestEmulator();
    const first = await rawRequest(emulator, { method: 'PUT', target: TYPES, body, contentType: 'application/json', nonce: 'once' });
    const again = await rawRequest(emulator, { method: 'PUT', target: TYPES, body, contentType: 'application/json', nonce: 'once' });
    const other = await rawRequest(emulator, { method: 'GET', target: TYPES, nonce: 'once' });
    expect([first.status, again.status, other.status]).toEqual([204, 401, 401]);
    expect(again.text).toMatch(/Nonce has already been used/);
  });

  it.each([
    { offsetMs: -5 * 60_000 - 1, status: 401 },
    { offsetMs: 5 * 60_000 + 1, status: 401 },
    { offsetMs: -4 * 60_000, status: 404 },
    { offsetMs: 4 * 60_000, status: 404 },
  ])('timestamp $offsetMs ms from the server clock → $status (default window 5 minutes)', async ({ offsetMs, status }) => {
    const emulator = await startTestEmulator({ now: () => NOW });
    const response = await rawRequest(emulator, { method: 'GET', target: TYPES, timestamp: NOW + offsetMs });
    expect(response.status).toBe(status);
    if (status === 401) expect(response.text).toMatch(/check the clock/);
  });

  it('uses the configured skew window', async () => {
    const emulator = await startTestEmulator({ now: () => NOW, skewMs: 1_000 });
    expect((await rawRequest(emulator, { method: 'GET', target: TYPES, timestamp: NOW - 1_500 })).status).toBe(401);
    expect((await rawRequest(emulator, { method: 'GET', target: TYPES, timestamp: NOW - 500 })).status).toBe(404);
  });

  it('forgets a nonce once its timestamp is out of the window anyway', async () => {
    let now = NOW;
    const emulator = await startTestEmulator({ now: () => now, skewMs: 1_000 });
    expect((await rawRequest(emulator, { method: 'GET', target: TYPES, timestamp: now, nonce: 'x' })).status).toBe(404);
    now += 5_000;
    expect((await rawRequest(emulator, { method: 'GET', target: TYPES, timestamp: now, nonce: 'x' })).status).toBe(404);
  });

  it.each([
    { name: 'no header', auth: 'none' as const, message: /Missing Authorization/ },
    { name: 'unknown scheme', auth: { header: 'Bearer abc' }, message: /Unsupported Authorization scheme/ },
    { name: 'scheme only', auth: { header: 'epi-hmac' }, message: /Unsupported Authorization scheme/ },
    { name: 'malformed epi-hmac', auth: { header: 'epi-hmac a:b:c' }, message: /Malformed epi-hmac/ },
    { name: 'epi-hmac with a non-numeric timestamp', auth: { header: 'epi-hmac KEY:soon:n:sig' }, message: /milliseconds/ },
    { name: 'Basic that is not base64', auth: { header: 'Basic ###' }, message: /Malformed Basic/ },
    { name: 'Basic without a colon', auth: { header: `Basic ${Buffer.from('nocolon').toString('base64')}` }, message: /Malformed Basic/ },
    { name: 'Basic with a wrong secret', auth: { header: 'WRONG_BASIC' }, message: /Unknown AppKey or wrong secret/ },
  ])('401 for $name', async ({ auth, message }) => {
    const emulator = await startTestEmulator();
    const header =
      typeof auth === 'object'
        ? auth.header
            .replace('KEY', emulator.credentials.appKey)
            .replace('WRONG_BASIC', `Basic ${Buffer.from(`${emulator.credentials.appKey}:nope`).toString('base64')}`)
        : undefined;
    const response = await rawRequest(emulator, { method: 'GET', target: TYPES, auth: header === undefined ? 'none' : { header } });
    expect(response.status).toBe(401);
    expect(response.text).toMatch(message);
  });
});

type Creds = { appKey: string; secret: string };
