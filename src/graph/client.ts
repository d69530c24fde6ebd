import { randomBytes } from 'node:crypto';
import { GraphformError } from '../diagnostics/errors.js';
import { HttpTransportError } from '../http/errors.js';
import { redact } from '../http/redact.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpOptions, HttpResponse } from '../http/types.js';
import type { PartialTypesBody, SourceDefinition } from '../model/types.js';
import { GRAPH_ERROR_CODES, GraphServiceError, graphTransportError } from './errors.js';
import { readDefinition } from './read-definition.js';
import { basicAuthorization, hmacAuthorization } from './sign.js';
import { assertValidSourceId } from './source-id.js';
import type { GraphAuth, GraphClient, PushResult, RemoteDefinition } from './types.js';

export interface GraphClientOptions {
  /** The service root, e.g. https://graph.example.com (a path prefix is kept). */
  baseUrl: string;
  auth: GraphAuth;
  /** Per-attempt timeout. Default 30 s. */
  timeoutMs?: number;
  /** Attempts per call, the first included. Default 4. */
  maxAttempts?: number;
  /** Verbose request log (one line per attempt, secrets redacted). */
  log?: (line: string) => void;
  sleep?: HttpOptions['sleep'];
  random?: () => number;
  /** Clock for epi-hmac timestamps, in ms since the epoch. */
  now?: () => number;
  /** Nonce source for epi-hmac; default 16 random bytes as hex. */
  nonce?: () => string;
}

interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  body?: Buffer;
  contentType?: string;
  /** Non-2xx statuses the verb interprets itself instead of failing. */
  handled?: readonly number[];
}

const TYPES_PATH = '/api/content/v3/types';
const DATA_PATH = '/api/content/v2/data';

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const base = parseBaseUrl(options.baseUrl);
  const now = options.now ?? Date.now;
  const nonce = options.nonce ?? ((): string => randomBytes(16).toString('hex'));
  const basic = basicAuthorization(options.auth.appKey, options.auth.secret);
  // The Basic header's token is the secret in another encoding: redact both.
  const secrets = [options.auth.secret, basic.slice('Basic '.length)];
  const http: HttpOptions = { secrets };
  if (options.timeoutMs !== undefined) http.timeoutMs = options.timeoutMs;
  if (options.maxAttempts !== undefined) http.maxAttempts = options.maxAttempts;
  if (options.log !== undefined) http.log = options.log;
  if (options.sleep !== undefined) http.sleep = options.sleep;
  if (options.random !== undefined) http.random = options.random;
  if (options.now !== undefined) http.now = options.now;

  const authorization = (method: string, target: string, body: Buffer | undefined): string => {
    const { auth } = options;
    switch (auth.scheme) {
      case 'basic':
        return basic;
      case 'hmac':
        return hmacAuthorization({ appKey: auth.appKey, secret: auth.secret, method, target, timestamp: now(), nonce: nonce(), ...(body === undefined ? {} : { body }) });
      default: {
        const never: never = auth;
        throw new Error(`unknown auth scheme ${JSON.stringify(never)}`);
      }
    }
  };

  const request = async (call: Call): Promise<HttpResponse> => {
    const search = call.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const target = `${base.pathPrefix}${call.path}${search === '' ? '' : `?${search}`}`;
    const url = `${base.origin}${target}`;
    let response: HttpResponse;
    try {
      response = await sendWithRetry(() => {
        const headers: Record<string, string> = { authorization: authorization(call.method, target, call.body), accept: 'application/json, text/plain, */*' };
        if (call.contentType !== undefined) headers['content-type'] = call.contentType;
        return { method: call.method, url, headers, ...(call.body === undefined ? {} : { body: call.body }) };
      }, http);
    } catch (error) {
      if (error instanceof HttpTransportError) throw graphTransportError(error, target);
      throw error;
    }
    const ok = response.status >= 200 && response.status < 300;
    if (ok || call.handled?.includes(response.status) === true) return response;
    throw new GraphServiceError({ status: response.status, method: call.method, path: target, body: redact(response.text, secrets), attempts: response.attempts });
  };

  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

  return {
    baseUrl: options.baseUrl,

    async putTypes(id: string, definition: SourceDefinition): Promise<void> {
      assertValidSourceId(id);
      await request({ method: 'PUT', path: TYPES_PATH, query: [['id', id]], body: json(definition), contentType: 'application/json' });
    },

    async postTypes(id: string, body: PartialTypesBody): Promise<void> {
      assertValidSourceId(id);
      await request({ method: 'POST', path: TYPES_PATH, query: [['id', id]], body: json(body), contentType: 'application/json' });
    },

    async getTypes(id: string): Promise<RemoteDefinition> {
      assertValidSourceId(id);
      const response = await request({ method: 'GET', path: TYPES_PATH, query: [['id', id]], handled: [404, 405, 501] });
      if (response.status === 404) return { status: 'missing' };
      if (response.status === 405 || response.status === 501) return { status: 'unsupported' };
      return { status: 'found', definition: parseDefinition(response.text, id) };
    },

    async pushData(id: string, ndjson: string | Uint8Array): Promise<PushResult> {
      assertValidSourceId(id);
      const body = typeof ndjson === 'string' ? Buffer.from(ndjson, 'utf8') : Buffer.from(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength);
      const response = await request({ method: 'POST', path: DATA_PATH, query: [['id', id]], body, contentType: 'text/plain' });
      return parsePushResult(response.text);
    },

    async purgeData(id: string, languages: readonly string[]): Promise<void> {
      assertValidSourceId(id);
      if (languages.length === 0 || languages.some((l) => typeof l !== 'string' || l.trim() === '')) {
        throw new GraphformError(GRAPH_ERROR_CODES.badRequest, `Refusing to purge source ${id} without a list of languages`, {
          details: { id },
          hint: 'Name every language to purge; an empty list would leave the service to decide.',
        });
      }
      const query: Array<readonly [string, string]> = [['id', id], ...languages.map((l) => ['languages', l] as const)];
      await request({ method: 'DELETE', path: DATA_PATH, query });
    },
  };
}

function parseBaseUrl(baseUrl: string): { origin: string; pathPrefix: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalidUrl(baseUrl, 'it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl(baseUrl, 'it must start with http:// or https://');
  if (url.search !== '' || url.hash !== '') throw invalidUrl(baseUrl, 'it must not carry a query or fragment');
  if (url.username !== '' || url.password !== '') throw invalidUrl(baseUrl, 'credentials belong in auth, not in the URL');
  return { origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') };
}

function invalidUrl(baseUrl: string, why: string): GraphformError {
  const shown = baseUrl.replace(/\/\/[^@/]*@/, '//[redacted]@');
  return new GraphformError(GRAPH_ERROR_CODES.invalidUrl, `The graph service URL ${JSON.stringify(shown)} is invalid: ${why}`, {
    hint: "Set the environment's graphUrl to the service root, e.g. https://graph.example.com",
  });
}

function parseDefinition(text: string, id: string): SourceDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const read = value === undefined ? { ok: false as const, problem: 'the answer is not JSON' } : readDefinition(value);
  if (!read.ok) {
    throw new GraphformError(GRAPH_ERROR_CODES.badResponse, `The graph service answered GET types for source ${id} with a definition graphform cannot read: ${read.problem}.`, {
      details: { id, body: text.slice(0, 200) },
      hint: 'Run with --no-refresh to plan from state alone, and report the answer above.',
    });
  }
  return read.definition;
}

function parsePushResult(text: string): PushResult {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { journalId?: unknown }).journalId === 'string') {
      return { journalId: (value as { journalId: string }).journalId };
    }
  } catch {
    // The body is optional and undocumented: anything else means "no journal id".
  }
  return {};
}
