import type { IncomingMessage } from 'node:http';
import type { Reply } from '../server/respond.js';
import { appOrganization } from './apps.js';
import { bearerToken } from './bearer.js';
import { DEMO_USER, organizationName } from './identity.js';
import { oauthError, oauthJson } from './oauth-reply.js';
import type { AuthState } from './state.js';

/** GET /o/oauth2/v1/userinfo: who the access token speaks for (RFC 6750 errors otherwise). */
export function userinfoEndpoint(state: AuthState, req: IncomingMessage): Reply {
  const bearer = bearerToken(req, state);
  if (!bearer.ok) {
    const description =
      bearer.why === 'missing' ? 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>' : 'The access token is unknown, expired or revoked';
    return oauthError(401, 'invalid_token', description, { 'www-authenticate': `Bearer error="invalid_token", error_description="${description}"` });
  }
  if (bearer.record.clientCredentials === true) {
    // RFC 6750 3.1: a valid token without the access userinfo needs (it was issued for no user, without openid).
    const description = 'The access token was issued with client credentials: it speaks for the app, not a user';
    return oauthError(403, 'insufficient_scope', description, { 'www-authenticate': `Bearer error="insufficient_scope", error_description="${description}"` });
  }
  const organizationId = appOrganization(bearer.app);
  return oauthJson({ ...DEMO_USER, organization: organizationName(organizationId), organization_id: organizationId }, `userinfo for ${bearer.app.clientId}`);
}
