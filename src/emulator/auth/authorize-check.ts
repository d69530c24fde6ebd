import type { MarketingApp } from '../types.js';
import { allowsGrant, type AppRegistry } from './apps.js';

/** A valid authorization request, ready to be approved (or shown on the consent page). */
export interface AuthorizeRequest {
  app: MarketingApp;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  prompt: string | undefined;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest }
  /** Client or redirect_uri cannot be trusted: answered on the page, never by a redirect. */
  | { ok: false; page: string }
  /** Everything else goes back to the registered redirect_uri (RFC 6749 4.1.2.1). */
  | { ok: false; redirect: { error: string; description: string; state: string | undefined; redirectUri: string } };

export const REQUIRED_SCOPES = ['openid', 'profile', 'offline_access'] as const;

const SINGLE = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'prompt'];

/** The scope value: the three scopes of the contract, each once, separated by single spaces. */
function scopeProblem(scope: string | null): string | undefined {
  const wanted = `scope must be ${REQUIRED_SCOPES.join(' ')} (space-separated, in any order)`;
  if (scope === null || scope === '') return `scope is missing: ${wanted}`;
  const names = scope.split(' ');
  if (names.some((n) => n === '')) return `scope has an empty entry: ${wanted}`;
  const unknown = names.find((n) => !(REQUIRED_SCOPES as readonly string[]).includes(n));
  if (unknown !== undefined) return `unknown scope ${JSON.stringify(unknown.slice(0, 100))}: ${wanted}`;
  const lacking = REQUIRED_SCOPES.filter((n) => !names.includes(n));
  if (lacking.length > 0) return `scope lacks ${lacking.join(', ')}: ${wanted}`;
  if (new Set(names).size !== names.length) return `scope names a scope twice: ${wanted}`;
  return undefined;
}

/** Checks GET /o/oauth2/v1/auth's query (or the consent page's form), in RFC 6749's order. */
export function checkAuthorizeRequest(params: URLSearchParams, apps: AppRegistry): AuthorizeCheck {
  for (const name of ['client_id', 'redirect_uri']) {
    if (params.getAll(name).length > 1) return { ok: false, page: `${name} is given more than once` };
  }
  const clientId = params.get('client_id');
  if (clientId === null || clientId === '') return { ok: false, page: 'client_id is missing: the app must send its client_id' };
  const app = apps.get(clientId);
  if (app === undefined) return { ok: false, page: `Unknown client_id ${JSON.stringify(clientId.slice(0, 100))}: no app is registered with it` };
  const redirectUri = params.get('redirect_uri');
  if (redirectUri === null || redirectUri === '') return { ok: false, page: 'redirect_uri is missing: send the callback URL registered for the app' };
  if (redirectUri !== app.redirectUri) {
    return { ok: false, page: 'redirect_uri does not match the callback URL registered for this app (exact match required), so the browser is not sent there' };
  }

  const state = params.get('state') ?? undefined;
  const back = (error: string, description: string): AuthorizeCheck => ({ ok: false, redirect: { error, description, state, redirectUri } });
  const repeated = SINGLE.find((name) => params.getAll(name).length > 1);
  if (repeated !== undefined) return back('invalid_request', `${repeated} is given more than once`);
  const responseType = params.get('response_type');
  if (responseType === null || responseType === '') return back('invalid_request', 'response_type is missing: use code');
  if (responseType !== 'code') return back('unsupported_response_type', 'Only the authorization code flow is supported: response_type=code');
  if (!allowsGrant(app, 'authorization_code')) return back('unauthorized_client', `The app ${app.clientId} is not registered for the authorization code grant`);
  const scope = params.get('scope');
  const problem = scopeProblem(scope);
  if (problem !== undefined || scope === null) return back('invalid_scope', problem ?? 'scope is missing');
  return { ok: true, request: { app, redirectUri, scope, state, prompt: params.get('prompt') ?? undefined } };
}

/** redirect_uri with the answer's parameters added to whatever query it already has. */
export function redirectWith(redirectUri: string, answer: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(answer)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}
