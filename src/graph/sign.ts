import { createHash, createHmac } from 'node:crypto';

/**
 * The graph service's two Authorization schemes (docs/service-facts.md "Authentication comes first"), as
 * pure functions: the clock and the nonce are parameters.
 */

export interface HmacSigningInput {
  appKey: string;
  /** Base64; its decoded bytes are the HMAC key. */
  secret: string;
  method: string;
  /** Path plus query string, exactly as sent on the request line. */
  target: string;
  /** Milliseconds since the Unix epoch. */
  timestamp: number;
  nonce: string;
  /** The exact body bytes; absent or empty for a request without a body. */
  body?: string | Uint8Array;
}

/** base64(MD5(body)); MD5 of zero bytes when there is no body. */
export function bodyHash(body: string | Uint8Array | undefined): string {
  const hash = createHash('md5');
  if (body !== undefined) hash.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return hash.digest('base64');
}

/** AppKey + METHOD + target + timestamp + nonce + bodyHash, no separators. */
export function hmacStringToSign(input: HmacSigningInput): string {
  return `${input.appKey}${input.method.toUpperCase()}${input.target}${input.timestamp}${input.nonce}${bodyHash(input.body)}`;
}

export function hmacSignature(input: HmacSigningInput): string {
  return createHmac('sha256', Buffer.from(input.secret, 'base64')).update(hmacStringToSign(input), 'utf8').digest('base64');
}

/** The whole header value: `epi-hmac <AppKey>:<timestamp>:<nonce>:<signature>`. */
export function hmacAuthorization(input: HmacSigningInput): string {
  return `epi-hmac ${input.appKey}:${input.timestamp}:${input.nonce}:${hmacSignature(input)}`;
}

/** `Basic base64(appKey:secret)`. */
export function basicAuthorization(appKey: string, secret: string): string {
  return `Basic ${Buffer.from(`${appKey}:${secret}`, 'utf8').toString('base64')}`;
}
