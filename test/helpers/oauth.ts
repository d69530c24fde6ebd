import type { RunningEmulator } from '../../src/emulator/index.js';
import type { MarketingApp } from '../../src/emulator/types.js';

export const SCOPE = 'openid profile offline_access';

/** The query of GET /o/oauth2/v1/auth for an app, with overrides (undefined leaves a parameter out). */
export function authorizeQuery(app: Pick<MarketingApp, 'clientId' | 'redirectUri'>, overrides: Record<string, string | undefined> = {}): string {
  const params = { client_id: app.clientId, redirect_uri: app.redirectUri, response_type: 'code', scope: SCOPE, state: 'st-123', ...overrides };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return query.toString();
}

/** The authorization endpoint's answer, without following its redirect. */
export async function authorize(emulator: RunningEmulator, query: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${emulator.url}/o/oauth2/v1/auth?${query}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** A fresh authorization code for the app (the demo app when not given). */
export async function codeFor(emulator: RunningEmulator, app: MarketingApp = emulator.marketing.demoApp): Promise<string> {
  const answer = await authorize(emulator, authorizeQuery(app));
  const code = answer.location === null ? null : new URL(answer.location).searchParams.get('code');
  if (code === null) throw new Error(`no code in ${answer.status} ${answer.location ?? answer.text}`);
  return code;
}

export interface PostOptions {
  /** Form-encoded instead of JSON. */
  form?: boolean;
  headers?: Record<string, string>;
}

/** POST to an authorization server endpoint (token by default) with a JSON or form body. */
export async function post(
  emulator: RunningEmulator,
  params: Record<string, string>,
  options: PostOptions = {},
  path = '/o/oauth2/v1/token',
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const body = options.form === true ? new URLSearchParams(params).toString() : JSON.stringify(params);
  const contentType = options.form === true ? 'application/x-www-form-urlencoded' : 'application/json';
  const response = await fetch(`${emulator.url}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...options.headers }, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  token_type: string;
}

/** Code for tokens with the app's credentials in a JSON body. */
export async function exchange(
  emulator: RunningEmulator,
  code: string,
  app: MarketingApp = emulator.marketing.demoApp,
  options: PostOptions = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  return post(
    emulator,
    { grant_type: 'authorization_code', client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: app.redirectUri },
    options,
  );
}

/** A signed-in token pair for the app (the demo app when not given). */
export async function signIn(emulator: RunningEmulator, app: MarketingApp = emulator.marketing.demoApp): Promise<TokenPair> {
  const answer = await exchange(emulator, await codeFor(emulator, app), app);
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as unknown as TokenPair;
}

export async function refresh(
  emulator: RunningEmulator,
  refreshToken: string,
  app: MarketingApp = emulator.marketing.demoApp,
  options: PostOptions = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  return post(emulator, { grant_type: 'refresh_token', client_id: app.clientId, client_secret: app.clientSecret, refresh_token: refreshToken }, options);
}

export async function userinfo(
  emulator: RunningEmulator,
  authorization?: string,
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${emulator.url}/o/oauth2/v1/userinfo`, { headers: authorization === undefined ? {} : { authorization } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

export function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** The payload of a JWT, decoded (no signature check). */
export function jwtPayload(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
