import { createHmac } from 'node:crypto';
import { sameText } from './same-text.js';
import type { EmulatorCredentials } from '../types.js';

/**
 * The service side of the two Authorization schemes, written independently of the
 * client's signing code so each checks the other. Cheap checks run before the body is
 * read (`precheck`); the signature needs the body's MD5 (`verify`).
 */
export type PreAuth =
  { ok: true; scheme: 'basic' } | { ok: true; scheme: 'hmac'; timestamp: string; nonce: string; signature: string } | { ok: false; message: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class AuthVerifier {
  /** nonce → time after which its timestamp is out of the window anyway. */
  private readonly nonces = new Map<string, number>();
  private sweepAt = 0;

  constructor(
    private readonly credentials: EmulatorCredentials,
    private readonly skewMs: number,
    private readonly now: () => number,
  ) {}

  precheck(header: string | undefined): PreAuth {
    if (header === undefined || header.trim() === '') return { ok: false, message: 'Missing Authorization header: send Basic or epi-hmac credentials' };
    const match = /^(\S+)\s+(\S.*)$/.exec(header.trim());
    const scheme = match?.[1]?.toLowerCase();
    const value = match?.[2] ?? '';
    if (scheme === 'basic') return this.basic(value);
    if (scheme === 'epi-hmac') return this.hmacHeader(value);
    return { ok: false, message: 'Unsupported Authorization scheme: use Basic or epi-hmac' };
  }

  /** Full check once the body is read; `bodyMd5` is base64 of the MD5 of the body bytes. Returns a failure message. */
  verify(pre: PreAuth, method: string, target: string, bodyMd5: string): string | undefined {
    if (!pre.ok) return pre.message;
    if (pre.scheme === 'basic') return undefined;
    const signed = `${this.credentials.appKey}${method}${target}${pre.timestamp}${pre.nonce}${bodyMd5}`;
    const expected = createHmac('sha256', Buffer.from(this.credentials.secret, 'base64')).update(signed, 'utf8').digest('base64');
    if (!sameText(expected, pre.signature)) return 'Signature does not match the request (method, path and query, timestamp, nonce and body are signed)';
    // Checked again: another request with the same nonce may have passed while this body was read.
    if (this.nonceUsed(pre.nonce)) return 'Nonce has already been used: every request needs a new one';
    this.rememberNonce(pre.nonce, Number(pre.timestamp));
    return undefined;
  }

  forgetNonces(): void {
    this.nonces.clear();
  }

  private basic(value: string): PreAuth {
    if (!BASE64.test(value)) return { ok: false, message: 'Malformed Basic credentials' };
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { ok: false, message: 'Malformed Basic credentials: expected base64 of AppKey:Secret' };
    const keyOk = sameText(decoded.slice(0, colon), this.credentials.appKey);
    const secretOk = sameText(decoded.slice(colon + 1), this.credentials.secret);
    return keyOk && secretOk ? { ok: true, scheme: 'basic' } : { ok: false, message: 'Unknown AppKey or wrong secret' };
  }

  private hmacHeader(value: string): PreAuth {
    const parts = value.split(':');
    const [appKey, timestamp, nonce, signature] = parts;
    if (
      parts.length !== 4 ||
      appKey === undefined ||
      timestamp === undefined ||
      nonce === undefined ||
      signature === undefined ||
      nonce === '' ||
      signature === ''
    ) {
      return { ok: false, message: 'Malformed epi-hmac header: expected epi-hmac <AppKey>:<timestamp>:<nonce>:<signature>' };
    }
    if (!sameText(appKey, this.credentials.appKey)) return { ok: false, message: 'Unknown AppKey' };
    if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, message: 'The epi-hmac timestamp must be milliseconds since the Unix epoch' };
    if (Math.abs(this.now() - Number(timestamp)) > this.skewMs) {
      return { ok: false, message: `The epi-hmac timestamp is more than ${Math.round(this.skewMs / 1000)} s away from the server's clock: check the clock` };
    }
    if (this.nonceUsed(nonce)) return { ok: false, message: 'Nonce has already been used: every request needs a new one' };
    return { ok: true, scheme: 'hmac', timestamp, nonce, signature };
  }

  private nonceUsed(nonce: string): boolean {
    const until = this.nonces.get(nonce);
    return until !== undefined && until >= this.now();
  }

  private rememberNonce(nonce: string, timestamp: number): void {
    const now = this.now();
    // A nonce only needs remembering while its timestamp would still be accepted.
    this.nonces.set(nonce, timestamp + this.skewMs);
    if (now >= this.sweepAt) {
      for (const [n, until] of this.nonces) if (until < now) this.nonces.delete(n);
      this.sweepAt = now + Math.min(this.skewMs, 60_000);
    }
  }
}
