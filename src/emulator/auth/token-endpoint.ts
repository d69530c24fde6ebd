import type { IncomingMessage } from 'node:http';
import { requestOrigin } from '../server/origin.js';
import type { Reply } from '../server/respond.js';
import type { AppGrant, MarketingApp } from '../types.js';
import { allowsGrant, appGrants } from './apps.js';
import { authenticateClient } from './client-auth.js';
import type { CodeRefusal, GrantResult, RefreshRefusal } from './grants.js';
import { idToken } from './id-token.js';
import { accessTokenLifetimeMs } from './lifetimes.js';
import { oauthError, oauthJson } from './oauth-reply.js';
import { requestParams } from './params.js';
import type { AuthState } from './state.js';

const CODE_REFUSED: Record<CodeRefusal, string> = {
  unknown: 'The authorization code is unknown: start the authorization again',
  expired: 'The authorization code has expired (codes live 60 seconds): start the authorization again',
  reused: 'The authorization code was already used, so the tokens issued for it are revoked: start the authorization again',
  'other-client': 'The authorization code was issued to another client',
  'redirect-mismatch': 'redirect_uri differs from the one the authorization code was issued for',
};

const REFRESH_REFUSED: Record<RefreshRefusal, string> = {
  unknown: 'The refresh token is unknown, revoked or already used (refresh tokens rotate: use the one the last refresh returned)',
  expired: 'The refresh token has expired (refresh tokens live 365 days): sign in again',
  'other-client': 'The refresh token was issued to another client',
};

function missing(name: string): Reply {
  return oauthError(400, 'invalid_request', `${name} is missing`);
}

async function answer<Refusal extends string>(
  state: AuthState,
  req: IncomingMessage,
  app: MarketingApp,
  result: GrantResult<Refusal>,
  refused: Record<Refusal, string>,
  note: string,
): Promise<Reply> {
  // Also after a refusal: a reused code revokes tokens, and that must last.
  await state.save();
  if (!result.ok) return oauthError(400, 'invalid_grant', refused[result.why]);
  const { accessToken, refreshToken, expiresIn } = result.pair;
  const body = {
    access_token: accessToken,
    refresh_token: refreshToken,
    id_token: idToken(app, requestOrigin(req), state.now()),
    expires_in: expiresIn,
    token_type: 'Bearer',
  };
  return oauthJson(body, `${note} for ${app.clientId} (${app.mode}: access token lives ${expiresIn} s)`);
}

/** RFC 6749 5.2: the client is known, but its registration does not allow this grant. */
function notAllowed(app: MarketingApp, grant: AppGrant): Reply {
  return oauthError(400, 'unauthorized_client', `The app ${app.clientId} is not registered for the ${grant} grant (it allows ${appGrants(app).join(', ')})`);
}

/** Client credentials: an access token for the app itself, without refresh or ID token (RFC 6749 4.4.3). */
async function clientCredentials(state: AuthState, app: MarketingApp, accessMs: number): Promise<Reply> {
  if (!allowsGrant(app, 'client_credentials')) return notAllowed(app, 'client_credentials');
  const { accessToken, expiresIn } = state.grants.issueClientAccess(app.clientId, accessMs);
  await state.save();
  return oauthJson(
    { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn },
    `client credentials for ${app.clientId} (${app.mode}: access token lives ${expiresIn} s)`,
  );
}

/** POST /o/oauth2/v1/token: grant_type authorization_code, refresh_token or client_credentials. */
export async function tokenEndpoint(state: AuthState, req: IncomingMessage, body: Buffer): Promise<Reply> {
  const parsed = requestParams(req, body);
  if (!parsed.ok) return oauthError(400, 'invalid_request', parsed.message);
  const { params } = parsed;
  const client = authenticateClient(req, params, state.apps);
  if (!client.ok) return client.reply;
  const { app } = client;
  const accessMs = accessTokenLifetimeMs(app.mode);
  const grantType = params.get('grant_type');
  if (grantType === undefined || grantType === '') return missing('grant_type');
  if (grantType === 'client_credentials') return clientCredentials(state, app, accessMs);
  if ((grantType === 'authorization_code' || grantType === 'refresh_token') && !allowsGrant(app, 'authorization_code'))
    return notAllowed(app, 'authorization_code');
  if (grantType === 'authorization_code') {
    const code = params.get('code');
    const redirectUri = params.get('redirect_uri');
    if (code === undefined || code === '') return missing('code');
    if (redirectUri === undefined || redirectUri === '') return missing('redirect_uri');
    return answer(state, req, app, state.grants.exchangeCode(code, app.clientId, redirectUri, accessMs), CODE_REFUSED, 'code exchanged');
  }
  if (grantType === 'refresh_token') {
    const refreshToken = params.get('refresh_token');
    if (refreshToken === undefined || refreshToken === '') return missing('refresh_token');
    return answer(state, req, app, state.grants.refresh(refreshToken, app.clientId, accessMs), REFRESH_REFUSED, 'tokens refreshed');
  }
  return oauthError(
    400,
    'unsupported_grant_type',
    `grant_type ${JSON.stringify(grantType.slice(0, 100))} is not supported: use authorization_code, refresh_token or client_credentials`,
  );
}

/** POST /o/oauth2/v1/revoke (RFC 7009): {"msg": "success"} also for a token that is unknown already. */
export async function revokeEndpoint(state: AuthState, req: IncomingMessage, body: Buffer): Promise<Reply> {
  const parsed = requestParams(req, body);
  if (!parsed.ok) return oauthError(400, 'invalid_request', parsed.message);
  const client = authenticateClient(req, parsed.params, state.apps);
  if (!client.ok) return client.reply;
  const token = parsed.params.get('token');
  if (token === undefined || token === '') return missing('token');
  const outcome = state.grants.revoke(token, client.app.clientId);
  if (outcome === 'other-client') return oauthError(400, 'unauthorized_client', 'The token was issued to another client');
  await state.save();
  return oauthJson({ msg: 'success' }, outcome === 'revoked' ? 'token revoked' : 'token unknown (nothing to revoke)');
}
