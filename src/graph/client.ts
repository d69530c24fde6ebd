import { randomBytes } from 'node:crypto';
import { GraphformError } from '../diagnostics/errors.js';
import { HttpTransportError } from '../http/errors.js';
import type { JsonValue } from '../diagnostics/errors.js';
import { redact, secretMatcher } from '../http/redact.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpOptions, HttpResponse } from '../http/types.js';
import type { PartialTypesBody, SourceDefinition } from '../model/types.js';
import { wireDefinition, wirePartialBody } from '../model/wire.js';
import { parseDefinition, parsePushResult, parseSourceList } from './answers.js';
import { parseBaseUrl } from './base-url.js';
import { GRAPH_ERROR_CODES, GraphServiceError, graphTransportError, secretNotHeldError, sourcesUnsupportedError } from './errors.js';
import { heldSourceEntry, heldValue, maskDefinition, maskSourceInfo, redactedPaths, revealSecretValues } from './secret-values.js';
import { basicAuthorization, hmacAuthorization } from './sign.js';
import { assertReadableSourceId, assertValidSourceId, CMS_SOURCE_ID } from './source-id.js';
import type { GraphAuth, GraphClient, PushResult, RemoteDefinition, SourceDeleteMode, SourceInfo, SourceLabels } from './types.js';

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
const SOURCES_PATH = '/api/content/v3/sources';
/** Statuses that mean "this service does not offer the endpoint" on reads (docs/service-facts.md "Reading the schema back"). */
const UNSUPPORTED = [405, 501] as const;
const DELETE_MODES: readonly SourceDeleteMode[] = ['types', 'data', 'reset'];
/**
 * A 404 on GET sources?id= is "no such source" only when the service says so ("Source is
 * not found"); any other 404 there is a service without the sources API.
 */
const SOURCE_NOT_FOUND = /\bsource\b[^\n]*\b(?:not found|does not exist)\b/i;

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const base = parseBaseUrl(options.baseUrl);
  const now = options.now ?? Date.now;
  const nonce = options.nonce ?? ((): string => randomBytes(16).toString('hex'));
  const basic = basicAuthorization(options.auth.appKey, options.auth.secret);
  // The Basic header's token is the secret in another encoding: redact both.
  const secrets = [options.auth.secret, basic.slice('Basic '.length)];
  // Every service body that reaches an error passes through here (the HTTP layer redacts logs).
  const clean = (text: string): string => redact(text, secrets);
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
        return hmacAuthorization({
          appKey: auth.appKey,
          secret: auth.secret,
          method,
          target,
          timestamp: now(),
          nonce: nonce(),
          ...(body === undefined ? {} : { body }),
        });
      default: {
        const never: never = auth;
        throw new Error(`unknown auth scheme ${JSON.stringify(never)}`);
      }
    }
  };

  const targetOf = (call: Pick<Call, 'path' | 'query'>): string => {
    const search = call.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return `${base.pathPrefix}${call.path}${search === '' ? '' : `?${search}`}`;
  };

  const request = async (call: Call): Promise<HttpResponse> => {
    const target = targetOf(call);
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
    throw new GraphServiceError({ status: response.status, method: call.method, path: target, body: clean(response.text), attempts: response.attempts });
  };

  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');
  // Asked at each use: the process's list grows (a token in use, the local emulator's credentials).
  const holdsSecret = (): ((text: string) => boolean) => secretMatcher(secrets);

  // GET types for a source of the account or for the CMS's own `default`; values that hold
  // a secret come back as "[redacted]", so nothing graphform writes from them holds one.
  const readTypes = async (id: string): Promise<RemoteDefinition> => {
    const response = await request({ method: 'GET', path: TYPES_PATH, query: [['id', id]], handled: [404, ...UNSUPPORTED] });
    if (response.status === 404) return { status: 'missing' };
    if (isUnsupported(response.status)) return { status: 'unsupported' };
    const read = parseDefinition(response.text, `GET types for source ${id}`, clean);
    return { status: 'found', ...read, definition: maskDefinition(read.definition, holdsSecret()).definition };
  };

  // GET sources, with a label or description that holds a secret as "[redacted]". A 404 on
  // one source's entry that says "not found" is no source; any other 404 is no sources API.
  const readSources = async (call: Call, what: string): Promise<SourceInfo[]> => {
    const response = await request(call);
    if (response.status === 404 && call.query.length > 0 && SOURCE_NOT_FOUND.test(response.text)) return [];
    if (response.status === 404 || isUnsupported(response.status)) throw sourcesUnsupportedError('GET', targetOf(call), response.status);
    const holds = holdsSecret();
    return parseSourceList(response.text, what, clean).map((source) => maskSourceInfo(source, holds));
  };

  /**
   * A body as it goes on the wire: each "[redacted]" in it (a value that holds a secret, as
   * declarations, state and plans carry it) replaced by what the service holds at that path
   * now, read just before sending. Where the service holds no secret the request is refused.
   */
  const revealed = async (id: string, method: string, path: string, body: JsonValue, held: () => Promise<JsonValue | undefined>): Promise<JsonValue> => {
    if (redactedPaths(body).length === 0) return body;
    const { value, missing } = revealSecretValues(body, await held(), holdsSecret());
    if (missing.length > 0) throw secretNotHeldError(id, method, path, missing);
    return value;
  };
  // The raw answers the values come from, never masked.
  const heldTypes = (id: string) => async (): Promise<JsonValue | undefined> => {
    const response = await request({ method: 'GET', path: TYPES_PATH, query: [['id', id]], handled: [404, ...UNSUPPORTED] });
    return response.status === 200 ? heldValue(response.text) : undefined;
  };
  const heldLabels = (id: string) => async (): Promise<JsonValue | undefined> => {
    const response = await request({ method: 'GET', path: SOURCES_PATH, query: [['id', id]], handled: [404, ...UNSUPPORTED] });
    return response.status === 200 ? heldSourceEntry(response.text, id) : undefined;
  };

  return {
    baseUrl: options.baseUrl,

    async putTypes(id: string, definition: SourceDefinition): Promise<void> {
      assertValidSourceId(id);
      const body = await revealed(id, 'PUT', targetOf({ path: TYPES_PATH, query: [['id', id]] }), wireDefinition(definition), heldTypes(id));
      await request({ method: 'PUT', path: TYPES_PATH, query: [['id', id]], body: json(body), contentType: 'application/json' });
    },

    async postTypes(id: string, partial: PartialTypesBody): Promise<void> {
      assertValidSourceId(id);
      const body = await revealed(id, 'POST', targetOf({ path: TYPES_PATH, query: [['id', id]] }), wirePartialBody(partial), heldTypes(id));
      await request({ method: 'POST', path: TYPES_PATH, query: [['id', id]], body: json(body), contentType: 'application/json' });
    },

    async getTypes(id: string): Promise<RemoteDefinition> {
      assertValidSourceId(id);
      return readTypes(id);
    },

    async getCmsTypes(): Promise<RemoteDefinition> {
      return readTypes(CMS_SOURCE_ID);
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

    async listSources(): Promise<SourceInfo[]> {
      return readSources({ method: 'GET', path: SOURCES_PATH, query: [], handled: [404, ...UNSUPPORTED] }, 'GET sources');
    },

    async getSource(id: string): Promise<SourceInfo | undefined> {
      assertReadableSourceId(id);
      const sources = await readSources(
        { method: 'GET', path: SOURCES_PATH, query: [['id', id]], handled: [404, ...UNSUPPORTED] },
        `GET sources for source ${id}`,
      );
      // Published clients take the first entry; matching the id also survives a service that ignores ?id=.
      return sources.find((source) => source.id === id);
    },

    async updateSource(id: string, labels: SourceLabels): Promise<void> {
      assertValidSourceId(id);
      if (typeof labels.label !== 'string' || typeof labels.description !== 'string') {
        throw new GraphformError(GRAPH_ERROR_CODES.badRequest, `Refusing to update source ${id} without both a label and a description`, {
          details: { id },
          hint: 'The service requires both fields; pass an empty description rather than none.',
        });
      }
      // Exactly the two fields: the service refuses anything else in this body.
      const body = await revealed(
        id,
        'POST',
        targetOf({ path: SOURCES_PATH, query: [['id', id]] }),
        { label: labels.label, description: labels.description },
        heldLabels(id),
      );
      await request({ method: 'POST', path: SOURCES_PATH, query: [['id', id]], body: json(body), contentType: 'application/json' });
    },

    async deleteSource(id: string, mode?: SourceDeleteMode): Promise<void> {
      assertValidSourceId(id);
      if (mode !== undefined && !DELETE_MODES.includes(mode)) {
        throw new GraphformError(GRAPH_ERROR_CODES.badRequest, `Refusing to delete source ${id} with mode ${JSON.stringify(mode)}`, {
          details: { id, mode: String(mode) },
          hint: `The modes are ${DELETE_MODES.join(', ')}, or none to delete types and data.`,
        });
      }
      const query: Array<readonly [string, string]> =
        mode === undefined
          ? [['id', id]]
          : [
              ['id', id],
              ['mode', mode],
            ];
      await request({ method: 'DELETE', path: SOURCES_PATH, query });
    },
  };
}

function isUnsupported(status: number): boolean {
  return (UNSUPPORTED as readonly number[]).includes(status);
}
