import type { IncomingMessage } from 'node:http';
import type { MarketingApp } from '../types.js';
import type { TokenRecord } from './grants.js';
import type { AuthState } from './state.js';

export type BearerResult = { ok: true; token: string; record: TokenRecord; app: MarketingApp } | { ok: false; why: 'missing' | 'invalid' };

/**
 * The access token of `Authorization: Bearer <token>`, when it is live and its app is still
 * registered. Shared by userinfo and the Open API, which word their refusals differently.
 */
export function bearerToken(req: IncomingMessage, state: AuthState): BearerResult {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const token = match?.[1];
  if (token === undefined) return { ok: false, why: 'missing' };
  const record = state.grants.access(token);
  const app = record === undefined ? undefined : state.apps.get(record.clientId);
  if (record === undefined || app === undefined) return { ok: false, why: 'invalid' };
  return { ok: true, token, record, app };
}
