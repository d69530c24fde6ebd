/**
 * Every encoding graphform (or an HTTP library) derives from a secret before sending it:
 * as written, URL-encoded, base64 padded and unpadded, base64url padded and unpadded, and
 * the URL-encoded base64. A server that echoes a header or a form back shows one of these,
 * so redaction looks for all of them. A Basic-auth `key:secret` pair is a secret of its own
 * (its base64 is the header's token): see basicPair.
 */
export function secretForms(secret: string): string[] {
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const unpadded = base64.replace(/=+$/, '');
  const base64url = base64.replace(/\+/g, '-').replace(/\//g, '_');
  return [...new Set([secret, encodeURIComponent(secret), base64, unpadded, base64url, base64url.replace(/=+$/, ''), encodeURIComponent(base64)])];
}

/** What a Basic Authorization header encodes: `user:secret`, whose base64 is the token. */
export function basicPair(user: string, secret: string): string {
  return `${user}:${secret}`;
}
