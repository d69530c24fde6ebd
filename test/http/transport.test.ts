import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWithRetry } from '../../src/http/send.js';

/** What the server saw of one request. */
interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, seen };
}

const quick = { maxAttempts: 2, sleep: async () => undefined };

describe('the HTTP transport', () => {
  it('sends a body byte for byte with its length, and a POST without one with length 0', async () => {
    const server = await serve((_req, res) => res.end('ok'));
    const body = Buffer.from('{"index":{"_id":"1"}}\n{"Name":"Å"}\n', 'utf8');
    await sendWithRetry(() => ({ method: 'POST', url: server.url, body: body.subarray(2, 20) }), quick);
    await sendWithRetry(() => ({ method: 'POST', url: server.url }), quick);
    await sendWithRetry(() => ({ method: 'GET', url: server.url }), quick);
    expect(server.seen.map((s) => [s.method, s.headers['content-length'], s.headers['transfer-encoding'], s.body.toString('utf8')])).toEqual([
      ['POST', '18', undefined, body.subarray(2, 20).toString('utf8')],
      ['POST', '0', undefined, ''],
      ['GET', undefined, undefined, ''],
    ]);
  });

  it('reads a compressed answer, as UTF-8 without its byte-order mark, and its headers by any case', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'Retry-After': '3', 'content-type': 'application/json' });
      res.end(gzipSync(Buffer.from('\uFEFF{"journalId":"jå"}', 'utf8')));
    });
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), quick);
    expect(response).toMatchObject({ status: 200, text: '{"journalId":"jå"}' });
    expect([response.headers.get('retry-after'), response.headers.get('Content-Type'), response.headers.get('x-none')]).toEqual([
      '3',
      'application/json',
      null,
    ]);
    expect(server.seen[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('follows no redirect', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
      res.end();
    });
    expect(await sendWithRetry(() => ({ method: 'GET', url: server.url }), quick)).toMatchObject({ status: 302, attempts: 1 });
  });

  it('takes an answer cut short as no answer, and tries again', async () => {
    let calls = 0;
    const server = await serve((_req, res) => {
      if (++calls === 1) {
        res.writeHead(200, { 'content-length': '100' });
        // Cut once the first bytes are on their way: the client has the head and part of the body.
        res.write('partial', () => res.socket?.destroy());
      } else res.end('whole');
    });
    expect(await sendWithRetry(() => ({ method: 'GET', url: server.url }), quick)).toMatchObject({ status: 200, text: 'whole', attempts: 2 });
  });
});

describe('the size of an answer', () => {
  const tooLarge = async (promise: Promise<unknown>): Promise<{ code: string; message: string }> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    if (error === undefined) throw new Error('expected GF_HTTP_RESPONSE_TOO_LARGE');
    return error;
  };

  it('stops reading past the limit, says so, and does not retry (streamed, no content-length)', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Endless: only the client's limit ends it.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const error = await tooLarge(sendWithRetry(() => ({ method: 'GET', url: `${server.url}?token=abc` }), { ...quick, maxResponseBytes: 1024 * 1024 }));
    expect(error.code).toBe('GF_HTTP_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('larger than 1 MiB');
    expect(error.message).not.toContain('abc');
    expect(server.seen).toHaveLength(1);
  });

  it('refuses an answer whose content-length is over the limit before reading it', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(200 * 1024 * 1024) });
      res.write('x');
    });
    const error = await tooLarge(sendWithRetry(() => ({ method: 'GET', url: server.url }), quick));
    expect(error.code).toBe('GF_HTTP_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('larger than 64 MiB');
  });

  it('counts the inflated size: a small gzip of a large answer is refused', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 'a'));
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.byteLength) });
      res.end(bomb);
    });
    const error = await tooLarge(sendWithRetry(() => ({ method: 'GET', url: server.url }), { ...quick, maxResponseBytes: 1024 * 1024 }));
    expect(error.code).toBe('GF_HTTP_RESPONSE_TOO_LARGE');
  });

  it('reads an answer under the limit whole', async () => {
    const server = await serve((_req, res) => res.end('y'.repeat(1000)));
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), { ...quick, maxResponseBytes: 1000 });
    expect(response.text).toHaveLength(1000);
  });
});
