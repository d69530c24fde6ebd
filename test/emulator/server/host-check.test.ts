import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ownHostNames } from '../../../src/emulator/server/host-check.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { sampleDefinition, startTestEmulator } from '../../helpers/emulator.js';
import { authorizationFor } from '../../helpers/raw-graph.js';

interface Sent {
  method: string;
  path: string;
  host: string;
  body?: string;
  headers?: Record<string, string>;
}

/** One request over node:http with the Host header set explicitly (fetch would set its own). */
function send(emulator: RunningEmulator, sent: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: emulator.port, method: sent.method, path: sent.path, setHost: false, headers: { host: sent.host, ...sent.headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

/** A request with no Host header at all, written to the socket by hand. */
function withoutHost(emulator: RunningEmulator, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(emulator.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.end(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
  });
}

const mount = { prefix: '/o/oauth2/', handle: (_req: unknown, res: { end(text: string): void }) => void res.end('mounted') };

describe('Host check against DNS rebinding', () => {
  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'LocalHost:PORT', '[::1]:PORT'])('answers Host %s', async (host) => {
    const emulator = await startTestEmulator({ mounts: [mount] });
    const named = host.replace('PORT', String(emulator.port));
    expect((await send(emulator, { method: 'GET', path: '/_emulator/', host: named })).status).toBe(200);
    expect((await send(emulator, { method: 'GET', path: '/o/oauth2/v1/auth', host: named })).text).toBe('mounted');
  });

  const refused = ['evil.example:PORT', 'evil.example', '127.0.0.1:1', '127.0.0.1', 'localhost.:PORT', '127.0.0.1:PORT.evil.example', ''];
  it.each(refused)('answers 421 to Host %j on every path, and changes nothing', async (host) => {
    const emulator = await startTestEmulator({ mounts: [mount] });
    await emulator.inspect.reset();
    const named = host.replace('PORT', String(emulator.port));
    const body = JSON.stringify(sampleDefinition());
    const put = '/api/content/v3/types?id=shop';
    const signed = authorizationFor(emulator.credentials, { method: 'PUT', target: put, body }) ?? '';
    const requests: Sent[] = [
      { method: 'GET', path: '/_emulator/sources', host: named },
      { method: 'POST', path: '/_emulator/faults', host: named, body: '{"status":500}', headers: { 'content-type': 'application/json' } },
      { method: 'GET', path: '/o/oauth2/v1/auth', host: named },
      { method: 'PUT', path: put, host: named, body, headers: { 'content-type': 'application/json', authorization: signed } },
      { method: 'GET', path: '/api/content/v3/sources', host: named },
      { method: 'GET', path: '/', host: named },
    ];
    for (const sent of requests) {
      const answer = await send(emulator, sent);
      expect([answer.status, answer.text], `${sent.method} ${sent.path}`).toEqual([
        421,
        'Misdirected request: this emulator answers only its own loopback address in the Host header\n',
      ]);
    }
    expect(emulator.inspect.sources()).toEqual([]);
    expect(emulator.faults.list()).toEqual([]);
    expect(emulator.inspect.requests().map((r) => [r.status, r.note])).toEqual(requests.map(() => [421, `refused Host ${JSON.stringify(named)}`]));
  });

  it('answers 421 to a request without a Host header', async () => {
    const emulator = await startTestEmulator();
    for (const path of ['/_emulator/', '/api/content/v3/types?id=shop']) {
      expect(await withoutHost(emulator, path)).toMatch(/^HTTP\/1\.1 421 /);
    }
    expect(emulator.inspect.requests().map((r) => r.note)).toEqual(['refused no Host header', 'refused no Host header']);
  });

  it('also answers the address it was bound to', async () => {
    const emulator = await startTestEmulator({ host: '127.0.0.2' });
    expect(emulator.url).toBe(`http://127.0.0.2:${emulator.port}`);
    expect((await fetch(`${emulator.url}/_emulator/`)).status).toBe(200);
  });

  it.each([
    { bound: '127.0.0.1', port: 5152, names: ['127.0.0.1:5152', 'localhost:5152', '[::1]:5152'] },
    { bound: '::1', port: 5152, names: ['127.0.0.1:5152', 'localhost:5152', '[::1]:5152'] },
    { bound: '127.0.0.2', port: 9, names: ['127.0.0.1:9', 'localhost:9', '[::1]:9', '127.0.0.2:9'] },
    { bound: 'localhost', port: 80, names: ['127.0.0.1:80', 'localhost:80', '[::1]:80', '127.0.0.1', 'localhost', '[::1]'] },
  ])('own names when bound to $bound:$port', ({ bound, port, names }) => {
    expect([...ownHostNames(bound, port)].sort()).toEqual([...names].sort());
  });
});
