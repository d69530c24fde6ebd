import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { HttpRequest, ResponseHeaders } from './types.js';

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
export function exchange(request: HttpRequest, signal: AbortSignal): Promise<Exchanged> {
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
      let ended = false;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        ended = true;
        try {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: responseHeaders(res.headers), text: new TextDecoder().decode(inflate(raw, res.headers['content-encoding'])) });
        } catch (error) {
          reject(error);
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

function inflate(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
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
