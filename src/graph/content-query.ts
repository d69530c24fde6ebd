import { randomBytes } from 'node:crypto';
import { excerpt } from '../diagnostics/excerpt.js';
import { HttpTransportError } from '../http/errors.js';
import { redact } from '../http/redact.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpOptions } from '../http/types.js';
import { isRecord } from '../model/is-record.js';
import { parseBaseUrl } from './base-url.js';
import { basicAuthorization, hmacAuthorization } from './sign.js';
import type { GraphAuth } from './types.js';

/** Where the real service (and the emulator) serve content GraphQL, under the graph service root. */
export const CONTENT_GRAPHQL_PATH = '/content/v2';

/**
 * Who asks the content GraphQL endpoint (docs/service-facts.md, "Reading items back"): the
 * environment's graph credentials (epi-hmac or Basic), which see every item, drafts and
 * restricted ones included, or the single key, which sees what the public sees.
 */
export type ContentCredentials = GraphAuth | { scheme: 'single'; key: string };

/** A content GraphQL endpoint and the credentials it is asked with. */
export interface ContentEndpoint {
  /** The graph service root, e.g. https://graph.example.com; the endpoint is CONTENT_GRAPHQL_PATH under it. */
  baseUrl: string;
  credentials: ContentCredentials;
}

export type ContentQueryOptions = Pick<HttpOptions, 'timeoutMs' | 'maxAttempts' | 'log' | 'sleep' | 'signal'> & {
  /** Clock for epi-hmac timestamps; default Date.now. */
  now?: () => number;
  /**
   * Extra request headers (e.g. `cg-include-deleted: true`), sent with every attempt. One
   * named content-type, accept or authorization (any case) is dropped: the signed
   * credentials and the JSON body must stay what this function sends.
   */
  headers?: Record<string, string>;
};

/** The headers queryContent sets itself; options.headers cannot replace them. */
const OWN_HEADERS = new Set(['content-type', 'accept', 'authorization']);

/** What a query came to: its `data`, or why there is none (secrets redacted, one short line). */
export type ContentAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; status: number | undefined; reason: string };

/**
 * Sends one query to the content GraphQL endpoint, signed for each attempt (an epi-hmac
 * nonce is used once). Never throws for the service's sake: a transport failure, a
 * non-200 answer or GraphQL errors come back as `{ok: false, reason}`.
 */
export async function queryContent(
  endpoint: ContentEndpoint,
  query: string,
  options: ContentQueryOptions = {},
  variables?: Readonly<Record<string, unknown>>,
): Promise<ContentAnswer> {
  const secrets = secretsOf(endpoint.credentials);
  const clean = (text: string): string => excerpt(redact(text, secrets).replace(/\s+/g, ' ').trim(), 200);
  const { now, headers, ...http } = options;
  const extra = Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())));
  let status: number;
  let text: string;
  try {
    const { origin, pathPrefix } = parseBaseUrl(endpoint.baseUrl);
    const target = `${pathPrefix}${CONTENT_GRAPHQL_PATH}`;
    const body = JSON.stringify(variables === undefined ? { query } : { query, variables });
    const response = await sendWithRetry(
      () => ({
        method: 'POST',
        url: `${origin}${target}`,
        headers: {
          ...extra,
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: authorization(endpoint.credentials, target, body, now ?? Date.now),
        },
        body,
      }),
      { ...http, secrets },
    );
    ({ status, text } = response);
  } catch (error) {
    const why = error instanceof HttpTransportError ? error.message : error instanceof Error ? error.message : String(error);
    return { ok: false, status: undefined, reason: `the content GraphQL endpoint could not be asked (${clean(why)})` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const errors = isRecord(body) && Array.isArray(body.errors) ? body.errors : [];
  const said = errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : '')).find((m) => m !== '') ?? text;
  if (status !== 200 || errors.length > 0)
    return { ok: false, status, reason: `the content GraphQL endpoint answered ${status}${said.trim() === '' ? '' : `: ${clean(said)}`}` };
  const data = isRecord(body) ? body.data : undefined;
  return isRecord(data) ? { ok: true, data } : { ok: false, status, reason: 'the content GraphQL endpoint answered without data' };
}

/** Whether a failed answer means the credentials themselves were refused: waiting longer would not help. */
export function credentialsRefused(answer: ContentAnswer): boolean {
  return !answer.ok && (answer.status === 401 || answer.status === 403);
}

function authorization(credentials: ContentCredentials, target: string, body: string, now: () => number): string {
  switch (credentials.scheme) {
    case 'single':
      return `epi-single ${credentials.key}`;
    case 'basic':
      return basicAuthorization(credentials.appKey, credentials.secret);
    case 'hmac':
      return hmacAuthorization({
        appKey: credentials.appKey,
        secret: credentials.secret,
        method: 'POST',
        target,
        timestamp: now(),
        nonce: randomBytes(16).toString('hex'),
        body,
      });
    default: {
      const never: never = credentials;
      throw new Error(`unknown content credentials ${JSON.stringify(never)}`);
    }
  }
}

/** The values no reason or log line may show: the key or secret, and Basic's encoding of the pair. */
function secretsOf(credentials: ContentCredentials): string[] {
  if (credentials.scheme === 'single') return [credentials.key];
  return [credentials.secret, basicAuthorization(credentials.appKey, credentials.secret).slice('Basic '.length)];
}
