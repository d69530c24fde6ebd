import { createHash, createHmac, randomUUID } from 'node:crypto';

/**
 * Talks to a graph endpoint without graphform's client: signing is written here from the
 * contract with node:crypto, independently of src/graph/sign.ts, so each checks the other.
 */
export interface Credentials {
  appKey: string;
  secret: string;
}

export interface IndependentSignInput {
  appKey: string;
  secret: string;
  method: string;
  target: string;
  timestamp: number;
  nonce: string;
  body: Buffer;
}

export function independentEpiHmac(input: IndependentSignInput): string {
  const md5 = createHash('md5').update(input.body).digest().toString('base64');
  const message = [input.appKey, input.method.toUpperCase(), input.target, String(input.timestamp), input.nonce, md5].join('');
  const key = Buffer.from(input.secret, 'base64');
  const signature = createHmac('sha256', key).update(Buffer.from(message, 'utf8')).digest().toString('base64');
  return `epi-hmac ${input.appKey}:${input.timestamp}:${input.nonce}:${signature}`;
}

export interface RawRequest {
  method: string;
  /** Path and query, e.g. /api/content/v3/types?id=shop */
  target: string;
  body?: string | Buffer;
  contentType?: string;
  /** 'hmac' (default), 'basic', 'none', or a literal Authorization header value. */
  auth?: 'hmac' | 'basic' | 'none' | { header: string };
  timestamp?: number;
  nonce?: string;
  /** Headers to add or override. */
  headers?: Record<string, string>;
}

export interface RawResponse {
  status: number;
  text: string;
  headers: Headers;
}

export function authorizationFor(credentials: Credentials, request: RawRequest): string | undefined {
  const auth = request.auth ?? 'hmac';
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return auth.header;
  if (auth === 'basic') return `Basic ${Buffer.from(`${credentials.appKey}:${credentials.secret}`).toString('base64')}`;
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  return independentEpiHmac({
    ...credentials,
    method: request.method,
    target: request.target,
    timestamp: request.timestamp ?? Date.now(),
    nonce: request.nonce ?? randomUUID(),
    body,
  });
}

/** One request, no retries, whatever its outcome. */
export async function rawRequest(emulator: { url: string; credentials: Credentials }, request: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  const authorization = authorizationFor(emulator.credentials, request);
  if (authorization !== undefined) headers.authorization = authorization;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  Object.assign(headers, request.headers);
  const response = await fetch(`${emulator.url}${request.target}`, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
