import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpTransportError } from '../../src/http/errors.js';
import { sendWithRetry } from '../../src/http/send.js';
import type { HttpOptions } from '../../src/http/types.js';
import { startScriptedServer } from '../helpers/scripted-server.js';

function recorder(): { waits: number[]; lines: string[]; options: HttpOptions } {
  const waits: number[] = [];
  const lines: string[] = [];
  return {
    waits,
    lines,
    options: { sleep: async (ms) => void waits.push(ms), random: () => 0.5, log: (line) => void lines.push(line), baseDelayMs: 100, maxDelayMs: 1_000 },
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

describe('sendWithRetry', () => {
  it('retries 502, 503 and 504 with exponential backoff and full jitter, then succeeds', async () => {
    const server = await startScriptedServer([{ status: 503 }, { status: 502 }, { status: 504 }, { status: 200, body: 'ok' }]);
    const r = recorder();
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), { ...r.options, maxAttempts: 4 });
    expect(response).toMatchObject({ status: 200, text: 'ok', attempts: 4 });
    expect(server.requests).toHaveLength(4);
    expect(r.waits).toEqual([50, 100, 200]);
  });

  it('honours Retry-After in seconds and as an HTTP-date, capped', async () => {
    const date = new Date(Date.parse('2026-01-01T00:00:30Z')).toUTCString();
    const server = await startScriptedServer([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': date } },
      { status: 503, headers: { 'retry-after': '99999' } },
      { status: 204 },
    ]);
    const r = recorder();
    const response = await sendWithRetry(() => ({ method: 'POST', url: server.url, body: 'x' }), {
      ...r.options,
      maxAttempts: 5,
      now: () => Date.parse('2026-01-01T00:00:00Z'),
      maxRetryAfterMs: 60_000,
    });
    expect(response.status).toBe(204);
    expect(r.waits).toEqual([2_000, 30_000, 60_000]);
  });

  it('waits a real Retry-After before the next attempt', async () => {
    const server = await startScriptedServer([{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), { maxAttempts: 2 });
    expect(response.status).toBe(200);
    const [first, second] = server.requests;
    // A lower bound only: the second attempt cannot come before the second the server asked for.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it.each([400, 401, 403, 404, 409, 413, 422])('never retries %i', async (status) => {
    const server = await startScriptedServer([{ status, body: 'no' }]);
    const r = recorder();
    const response = await sendWithRetry(() => ({ method: 'PUT', url: server.url, body: '{}' }), { ...r.options, maxAttempts: 5 });
    expect(response).toMatchObject({ status, text: 'no', attempts: 1 });
    expect(server.requests).toHaveLength(1);
    expect(r.waits).toEqual([]);
  });

  it('returns the last retryable answer when the attempts run out', async () => {
    const server = await startScriptedServer([{ status: 503, body: 'busy' }]);
    const r = recorder();
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), { ...r.options, maxAttempts: 3 });
    expect(response).toMatchObject({ status: 503, text: 'busy', attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('rebuilds the request for every attempt', async () => {
    const server = await startScriptedServer([{ status: 503 }, { status: 200 }]);
    const built: number[] = [];
    await sendWithRetry((attempt) => {
      built.push(attempt);
      return { method: 'GET', url: server.url, headers: { 'x-attempt': String(attempt) } };
    }, recorder().options);
    expect(built).toEqual([1, 2]);
    expect(server.requests.map((q) => q.headers['x-attempt'])).toEqual(['1', '2']);
  });

  it('retries a dropped connection', async () => {
    const server = await startScriptedServer([{ drop: true }, { status: 200, body: 'back' }]);
    const r = recorder();
    const response = await sendWithRetry(() => ({ method: 'GET', url: server.url }), r.options);
    expect(response).toMatchObject({ status: 200, text: 'back', attempts: 2 });
    expect(r.lines[0]).toMatch(/attempt 1\/4 .*unreachable/);
  });

  it('gives up on an unreachable server with GF_HTTP_UNREACHABLE after the attempts', async () => {
    const port = await closedPort();
    const r = recorder();
    const error = await sendWithRetry(() => ({ method: 'GET', url: `http://127.0.0.1:${port}/x` }), { ...r.options, maxAttempts: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error).toMatchObject({ code: 'GF_HTTP_UNREACHABLE', attempts: 3, kind: 'unreachable' });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(r.waits).toHaveLength(2);
  });

  it('times out each attempt and ends with GF_HTTP_TIMEOUT', async () => {
    const server = await startScriptedServer([{ silent: true }]);
    const error = await sendWithRetry(() => ({ method: 'GET', url: server.url }), { ...recorder().options, timeoutMs: 100, maxAttempts: 2 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'GF_HTTP_TIMEOUT', attempts: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('stops at once when the caller aborts', async () => {
    const server = await startScriptedServer([{ status: 503 }]);
    const controller = new AbortController();
    const error = await sendWithRetry(() => ({ method: 'GET', url: server.url }), {
      maxAttempts: 5,
      signal: controller.signal,
      sleep: async () => controller.abort(),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'GF_HTTP_ABORTED' });
    expect(server.requests).toHaveLength(1);
  });

  it('logs method, URL, status, attempt and duration with credentials redacted', async () => {
    const server = await startScriptedServer([{ status: 503 }, { status: 201 }]);
    const r = recorder();
    await sendWithRetry(() => ({ method: 'POST', url: `${server.url}/p?token=tok-123`, headers: { authorization: 'Basic c2VjcmV0LXZhbHVl' } }), {
      ...r.options,
      secrets: ['tok-123'],
      now: (() => {
        let t = 0;
        return () => (t += 5);
      })(),
    });
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/p\?token=\[redacted\] attempt 1\/4 \[authorization: Basic \[redacted\]\] → 503 in 5 ms; retrying in 50 ms \(backoff\)$/,
    );
    expect(r.lines[1]).toMatch(/attempt 2\/4 .* → 201 in 5 ms$/);
    expect(r.lines.join('\n')).not.toMatch(/tok-123|c2VjcmV0LXZhbHVl/);
  });
});
