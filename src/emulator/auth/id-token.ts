import { createHmac } from 'node:crypto';
import type { MarketingApp } from '../types.js';
import { DEMO_USER } from './identity.js';
import { ID_TOKEN_LIFETIME_S } from './lifetimes.js';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * An OpenID Connect ID token for the demo user: a JWT signed with HS256 and the client's
 * secret as the key (OIDC Core 10.1), so the client can check it without fetching keys.
 */
export function idToken(app: MarketingApp, issuer: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({
    iss: issuer,
    sub: DEMO_USER.sub,
    aud: app.clientId,
    exp: iat + ID_TOKEN_LIFETIME_S,
    iat,
    email: DEMO_USER.email,
    name: DEMO_USER.name,
  });
  const signature = createHmac('sha256', app.clientSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
