import type { IncomingMessage } from 'node:http';
import type { Reply } from '../server/respond.js';
import { sameText } from '../server/same-text.js';
import type { MarketingApp } from '../types.js';
import type { AppRegistry } from './apps.js';
import { oauthError } from './oauth-reply.js';

export type ClientResult = { ok: true; app: MarketingApp } | { ok: false; reply: Reply };

const CHALLENGE = { 'www-authenticate': 'Basic realm="graphform emulator"' };

function refuse(description: string): ClientResult {
  return { ok: false, reply: oauthError(401, 'invalid_client', description, CHALLENGE) };
}

/** RFC 6749 2.3.1: both halves of Basic client credentials are form-encoded before base64. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | 'none' | 'malformed' {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return 'none';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(match[1])) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

/**
 * Client authentication at the token and revoke endpoints: client_id and client_secret in
 * the body, as the contract shows, or HTTP Basic, as published OAuth libraries send them;
 * one method per request (RFC 6749 2.3). Any failure is 401 invalid_client.
 */
export function authenticateClient(req: IncomingMessage, params: ReadonlyMap<string, string>, apps: AppRegistry): ClientResult {
  const basic = basicCredentials(req.headers.authorization);
  if (basic === 'malformed') return refuse('Malformed Basic client credentials: expected base64 of client_id:client_secret');
  let clientId: string | undefined;
  let secret: string | undefined;
  if (basic === 'none') {
    clientId = params.get('client_id');
    secret = params.get('client_secret');
  } else {
    if (params.has('client_secret'))
      return { ok: false, reply: oauthError(400, 'invalid_request', 'Send the client secret once: in the Authorization header or in the body, not both') };
    const bodyId = params.get('client_id');
    if (bodyId !== undefined && bodyId !== basic.id) return refuse('client_id in the body differs from the one in the Authorization header');
    clientId = basic.id;
    secret = basic.secret;
  }
  if (clientId === undefined || clientId === '') return refuse('client_id is missing');
  if (secret === undefined || secret === '') return refuse('client_secret is missing');
  const app = apps.get(clientId);
  // The same answer for an unknown client and a wrong secret: which client ids exist is not for a guesser to learn.
  if (app === undefined || !sameText(secret, app.clientSecret)) return refuse('Unknown client_id or wrong client_secret');
  return { ok: true, app };
}
