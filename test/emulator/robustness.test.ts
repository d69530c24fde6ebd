import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { authorizationFor, rawRequest } from '../helpers/raw-graph.js';

/** Writes raw bytes to the emulator's socket and returns whatever comes back before it closes. */
function rawSocket(emulator: RunningEmulator, payload: Buffer | string): Promise<string> {
  const { port } = new URL(emulator.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    // Only a bound on the wait for the server to close: every case here ends with the server closing.
    socket.setTimeout(20_000, () => socket.destroy());
    socket.end(payload);
  });
}

async function stillServes(emulator: RunningEmulator): Promise<void> {
  expect((await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' })).status).toBe(200);
}

async function shop(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  await graphClientFor(emulator).putTypes('shop', sampleDefinition());
  return emulator;
}

describe('emulator robustness', () => {
  it('answers random bytes as bodies of every endpoint with a 4xx and keeps serving', async () => {
    const emulator = await shop();
    const targets = [
      ['PUT', '/api/content/v3/types?id=shop', 'application/json'],
      ['POST', '/api/content/v3/types?id=shop', 'application/json'],
      ['POST', '/api/content/v2/data?id=shop', 'text/plain'],
    ] as const;
    for (let round = 0; round < 5; round++) {
      for (const [method, target, contentType] of targets) {
        const response = await rawRequest(emulator, { method, target, contentType, body: randomBytes(4_096) });
        expect(response.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
    }
    await stillServes(emulator);
  });

  it('answers a 1 MB single line of garbage with 400 naming line 1', async () => {
    const emulator = await shop();
    const response = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=shop',
      contentType: 'text/plain',
      body: 'z'.repeat(1_048_576),
    });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/^line 1 is not valid JSON/);
    expect(response.text.length).toBeLessThan(1_000);
    await stillServes(emulator);
  });

  it('answers a line longer than maxLineBytes with 400', async () => {
    const emulator = await shop({ maxLineBytes: 1_000 });
    const line = JSON.stringify({ index: { _id: 1, language_routing: 'en' } });
    const response = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=shop',
      contentType: 'text/plain',
      body: `${line}\n${JSON.stringify({ Name: 'x'.repeat(5_000) })}\n`,
    });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/^line 2 is longer than 1000 bytes/);
    await stillServes(emulator);
  });

  it('answers a body over maxBodyBytes with 413 and keeps serving', async () => {
    const emulator = await shop({ maxBodyBytes: 10_000 });
    const response = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=shop',
      contentType: 'text/plain',
      body: Buffer.alloc(2_000_000, 0x20),
    });
    expect(response.status).toBe(413);
    expect(response.text).toMatch(/larger than 10000 bytes/);
    await stillServes(emulator);
  });

  it('answers malformed HTTP, missing headers and odd targets without falling over', async () => {
    const emulator = await shop();
    const auth = (method: string, target: string, body = ''): string => authorizationFor(emulator.credentials, { method, target, body }) ?? '';
    const host = new URL(emulator.url).host;
    const answers = await Promise.all([
      rawSocket(emulator, randomBytes(2_048)),
      rawSocket(emulator, 'GARBAGE\r\n\r\n'),
      rawSocket(emulator, 'GET /api/content/v3/types?id=shop HTTP/1.1\r\n\r\n'),
      rawSocket(emulator, `GET http://elsewhere/api/content/v3/types?id=shop HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      rawSocket(
        emulator,
        `PUT /api/content/v3/types?id=shop HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nAuthorization: ${auth('PUT', '/api/content/v3/types?id=shop', '{}')}\r\nContent-Length: 2\r\n\r\n{}`,
      ),
      rawSocket(emulator, `POST /api/content/v2/data?id=shop HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\n\r\nshort`),
      rawSocket(emulator, `GET /api/content/v3/types?id=shop HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`),
      rawSocket(emulator, `GET /_emulator/../api/content/v3/types?id=shop HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    ]);
    const statuses = answers.map((a) => /^HTTP\/1\.1 (\d{3})/.exec(a)?.[1] ?? 'none');
    // No Host header: 421, like a wrong one. Dot segments are resolved like any URL, so the
    // last one reaches the types endpoint (and lacks credentials).
    expect(statuses).toEqual(['400', '400', '421', '400', '415', '401', '431', '401']);
    await stillServes(emulator);
  });

  it('survives a client that disappears mid-body', async () => {
    const emulator = await shop();
    const { port, host } = new URL(emulator.url);
    // Valid credentials, so the emulator is reading the body when the client goes.
    const basic = authorizationFor(emulator.credentials, { method: 'POST', target: '/', auth: 'basic' }) ?? '';
    const hold = emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', hold: true });
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /api/content/v2/data?id=shop HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nAuthorization: ${basic}\r\nContent-Length: 1000000\r\n\r\n{"index":`,
      );
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // The request has arrived; once released, the emulator goes on to read its body
    // (microtasks, all run before setImmediate), and only then does the client go.
    await emulator.faults.held(hold.id);
    emulator.faults.release(hold.id);
    await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    await closed;
    await expect.poll(() => emulator.inspect.requests().some((r) => r.note === 'client closed the connection'), { timeout: 20_000 }).toBe(true);
    await stillServes(emulator);
  });
});
