import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { ResponseLimitReached } from './errors.js';
import type { HttpRequest, ResponseHeaders } from './types.js';

/**
 * The most of one answer read, before and after it is inflated. graphform's answers are
 * schemas, state files, lock holders and pages of assets: megabytes at most. Without a
 * limit a 400 MB answer took 1.7 GB of memory (chunks, their concatenation, the text).
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface Exchanged {
  status: number;
  headers: ResponseHeaders;
  text: string;
}

/** Methods that carry a body: one without gets `content-length: 0`, as fetch sends it. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * One request and its whole answer over node:http(s), with the same contract as fetch with
 * `redirect: 'manual'`: no redirect is followed, the answer is decoded as UTF-8 (a BOM
 * dropped), a gzip, deflate or brotli answer is inflated, and `signal` ends it at any
 * point. The body is written as it is, without the copies fetch makes (two per request,
 * plus a web stream): a data push's batches are megabytes each, thousands of them.
 * Connections are kept alive by Node's global agents, which let an idle one close.
 */
export function exchange(request: HttpRequest, signal: AbortSignal, limit: number = MAX_RESPONSE_BYTES): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (client === undefined) {
      reject(new Error(`unsupported protocol ${url.protocol}`));
      return;
    }
    const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...request.headers };
    if (body !== undefined || BODY_METHODS.has(request.method.toUpperCase())) headers['content-length'] = String(body?.byteLength ?? 0);
    const req = client.request(url, { method: request.method, headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      let ended = false;
      const tooLarge = (): void => {
        ended = true;
        reject(new ResponseLimitReached(limit));
        req.destroy();
      };
      if (Number(res.headers['content-length'] ?? 0) > limit) {
        tooLarge();
        return;
      }
      res.on('data', (chunk: Buffer) => {
        if (ended) return;
        received += chunk.byteLength;
        if (received > limit) tooLarge();
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        if (ended) return;
        ended = true;
        try {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: responseHeaders(res.headers),
            text: new TextDecoder().decode(inflate(raw, res.headers['content-encoding'], limit)),
          });
        } catch (error) {
          reject(isOverLimit(error) ? new ResponseLimitReached(limit) : error);
        }
      });
      // A connection cut in the middle of the answer ends without 'end'.
      res.on('close', () => {
        if (!ended) reject(new Error('the connection closed before the whole answer arrived'));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Inflates at most `limit` bytes: a few kilobytes of gzip can hold gigabytes. */
function inflate(raw: Buffer, encoding: string | undefined, limit: number): Buffer {
  const options = { maxOutputLength: limit };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw, options);
    case 'deflate':
      return zlib.inflateSync(raw, options);
    case 'br':
      return zlib.brotliDecompressSync(raw, options);
    default:
      return raw;
  }
}

function responseHeaders(headers: http.IncomingHttpHeaders): ResponseHeaders {
  return {
    get(name: string): string | null {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** zlib's error when the inflated answer passes maxOutputLength. */
function isOverLimit(error: unknown): boolean {
  return error instanceof RangeError && (error as RangeError & { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
}
