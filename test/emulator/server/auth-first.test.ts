import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../helpers/emulator.js';
import { rawRequest, type RawRequest } from '../../helpers/raw-graph.js';

const requests: Array<Pick<RawRequest, 'method' | 'target'> & { known: 'route' | 'path' | 'none' }> = [
  { method: 'GET', target: '/api/content/v3/types?id=shop', known: 'route' },
  { method: 'GET', target: '/api/content/v3/sources', known: 'route' },
  { method: 'DELETE', target: '/api/content/v3/sources', known: 'route' },
  { method: 'DELETE', target: '/api/content/v2/data?id=shop&languages=en', known: 'route' },
  { method: 'DELETE', target: '/api/content/v3/types?id=shop', known: 'path' },
  { method: 'PATCH', target: '/api/content/v3/sources?id=shop', known: 'path' },
  { method: 'GET', target: '/api/content/v2/data', known: 'path' },
  { method: 'GET', target: '/api/content/v9/nothing', known: 'none' },
  { method: 'POST', target: '/api/content/', known: 'none' },
  { method: 'PUT', target: '/api/content/v3/types/extra?id=shop', known: 'none' },
];

const wrong = [
  { name: 'no credentials', auth: 'none' as const },
  { name: 'a wrong Basic secret', auth: { header: `Basic ${Buffer.from('key:wrong').toString('base64')}` } },
  { name: 'a malformed epi-hmac header', auth: { header: 'epi-hmac nonsense' } },
];

describe('credentials are checked before routing', () => {
  it.each(wrong)('answers 401 to every /api/content/ request with $name, whatever the path or method', async ({ auth }) => {
    const emulator = await startTestEmulator();
    for (const request of requests) {
      const response = await rawRequest(emulator, { ...request, auth });
      expect(response.status, `${request.method} ${request.target}`).toBe(401);
    }
    expect(emulator.inspect.requests().every((r) => r.status === 401)).toBe(true);
  });

  it('answers 401 to a signature that does not match, also on an unknown path', async () => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, {
      method: 'GET',
      target: '/api/content/v9/nothing',
      auth: 'hmac',
      headers: { authorization: `epi-hmac ${emulator.credentials.appKey}:${Date.now()}:n1:c2ln` },
    });
    expect(response.status).toBe(401);
    expect(response.text).toMatch(/Signature does not match/);
  });

  it('answers an authenticated request: 404 for an unknown path, 405 for a wrong method', async () => {
    const emulator = await startTestEmulator();
    for (const request of requests) {
      for (const auth of ['hmac', 'basic'] as const) {
        const response = await rawRequest(emulator, { ...request, auth });
        const expected = request.known === 'none' ? 404 : request.known === 'path' ? 405 : response.status;
        expect(response.status, `${auth} ${request.method} ${request.target}`).toBe(expected);
        expect(response.status).not.toBe(401);
      }
    }
  });

  it('leaves paths outside /api/content/ to a plain 404, without asking for credentials', async () => {
    const emulator = await startTestEmulator();
    for (const target of ['/', '/api/content', '/api/other']) {
      expect((await rawRequest(emulator, { method: 'GET', target, auth: 'none' })).status).toBe(404);
    }
  });
});
