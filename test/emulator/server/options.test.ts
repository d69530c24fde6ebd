import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { isLoopbackHost } from '../../../src/emulator/server/options.js';
import { startTestEmulator } from '../../helpers/emulator.js';

describe('emulator options', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['192.168.1.10', false],
    ['::', false],
    ['example.com', false],
  ] as const)('%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('listens on every interface when asked, still printing a loopback URL', async () => {
    const emulator = await startTestEmulator({ host: '0.0.0.0' });
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${emulator.url}/_emulator/sources`)).status).toBe(200);
  });

  it('refuses a host that is no address', async () => {
    await expect(startEmulator({ host: 'http://example.com' })).rejects.toMatchObject({ code: 'GF_EMULATOR_BAD_OPTIONS' });
  });

  it.each([
    [{ credentials: { appKey: 'k', secret: 'not base64!' } }],
    [{ credentials: { appKey: 'a:b', secret: 'c2VjcmV0' } }],
    [{ port: 70_000 }],
    [{ maxSources: -1 }],
    [{ skewMs: 0 }],
    [{ maxBodyBytes: 1.5 }],
    [{ singleKey: 'short' }],
    [{ singleKey: 'has spaces in it' }],
  ])('rejects %j', async (options) => {
    await expect(startEmulator(options)).rejects.toMatchObject({ code: 'GF_EMULATOR_BAD_OPTIONS' });
  });

  it('generates credentials with a base64 secret when none are given', async () => {
    const emulator = await startTestEmulator();
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.credentials.appKey).toMatch(/^[0-9a-f]{24}$/);
    expect(Buffer.from(emulator.credentials.secret, 'base64')).toHaveLength(32);
    expect(emulator.singleKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('reports a port in use', async () => {
    const emulator = await startTestEmulator();
    await expect(startEmulator({ port: emulator.port })).rejects.toMatchObject({ code: 'GF_EMULATOR_PORT_IN_USE' });
  });

  it('closes idempotently and stops answering', async () => {
    const emulator = await startEmulator();
    await Promise.all([emulator.close(), emulator.close()]);
    await expect(fetch(`${emulator.url}/_emulator`)).rejects.toThrow();
  });
});

describe('mounts', () => {
  it('serves another emulated service under its prefix, beside the graph endpoints', async () => {
    const emulator = await startTestEmulator({
      mounts: [{ prefix: '/o/oauth2/', handle: (_req, res, url) => void res.end(`mounted ${url.pathname}`) }],
    });
    const response = await fetch(`${emulator.url}/o/oauth2/v1/token`, { method: 'POST' });
    expect(await response.text()).toBe('mounted /o/oauth2/v1/token');
    expect((await fetch(`${emulator.url}/o/other`)).status).toBe(404);
    expect(emulator.inspect.requests().map((r) => r.path)).toEqual(['/o/other']);
  });

  it.each(['/api/', '/api/content/v9/', '/_emulator/x/', 'o/', '/o'])('refuses the prefix %s', async (prefix) => {
    await expect(startEmulator({ mounts: [{ prefix, handle: () => undefined }] })).rejects.toMatchObject({ code: 'GF_EMULATOR_BAD_OPTIONS' });
  });
});
