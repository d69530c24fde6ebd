import { withoutBody, withWholeBody, type EmulatedService } from '../server/route-table.js';
import { authorizeEndpoint, consentEndpoint } from './authorize.js';
import { oauthShellError } from './oauth-reply.js';
import { AUTH_PREFIX, AUTHORIZE_PATH, REVOKE_PATH, TOKEN_PATH, USERINFO_PATH } from './paths.js';
import type { AuthState } from './state.js';
import { revokeEndpoint, tokenEndpoint } from './token-endpoint.js';
import { userinfoEndpoint } from './userinfo.js';

/** Token and revoke requests are a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/** The marketing platform's authorization server, under /o/oauth2/. */
export function authService(state: AuthState): EmulatedService {
  return {
    prefix: AUTH_PREFIX,
    maxBodyBytes: MAX_BODY_BYTES,
    error: oauthShellError,
    routes: new Map([
      [
        AUTHORIZE_PATH,
        new Map([
          ['GET', withoutBody((_req, url) => authorizeEndpoint(state, url))],
          ['POST', withWholeBody((req, _url, body) => consentEndpoint(state, req, body))],
        ]),
      ],
      [TOKEN_PATH, new Map([['POST', withWholeBody((req, _url, body) => tokenEndpoint(state, req, body))]])],
      [REVOKE_PATH, new Map([['POST', withWholeBody((req, _url, body) => revokeEndpoint(state, req, body))]])],
      [USERINFO_PATH, new Map([['GET', withoutBody((req) => userinfoEndpoint(state, req))]])],
    ]),
  };
}
