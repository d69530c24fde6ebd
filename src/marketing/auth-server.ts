import { GraphformError } from '../diagnostics/errors.js';
import { HttpTransportError } from '../http/errors.js';
import { sendWithRetry } from '../http/send.js';
import type { HttpOptions, HttpResponse } from '../http/types.js';
import { isRecord } from '../model/is-record.js';
import { AUTH_ERROR_CODES, authHttpCode } from './codes.js';
import { serviceMessage } from './service-message.js';
import { parseTokenResponse } from './token-response.js';
import { endpoint, marketingTransportError } from './transport.js';
import type { MarketingApp, TokenResponse } from './types.js';

/** The HTTP settings a caller may pass on (timeouts, attempts, the verbose log, test clocks). */
export type MarketingHttp = Pick<HttpOptions, 'timeoutMs' | 'maxAttempts' | 'log' | 'sleep' | 'random' | 'now'>;

export const AUTH_PATHS = {
  authorize: '/o/oauth2/v1/auth',
  token: '/o/oauth2/v1/token',
  userinfo: '/o/oauth2/v1/userinfo',
  revoke: '/o/oauth2/v1/revoke',
} as const;

/** The authorization server's verbs (docs/service-facts.md "Authorization server"). */
export interface AuthServer {
  /** Code exchange, JSON body; the code is single-use. */
  exchangeCode(code: string): Promise<TokenResponse>;
  /** Refresh, JSON body; a new refresh token in the answer replaces the old one, which stops working. */
  refresh(refreshToken: string): Promise<TokenResponse>;
  /** Client credentials (published beside the code): an access token for the app itself, with the client id and secret alone. */
  clientCredentials(): Promise<TokenResponse>;
  /** Checks an access token; answers what the server says about its user. */
  userinfo(accessToken: string): Promise<Record<string, unknown>>;
  /** Revokes a token where the server offers revocation; `unsupported` where it does not (404, 405, 501). */
  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<'revoked' | 'unsupported'>;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  what: string;
  body?: Record<string, string>;
  bearer?: string;
  /** Token values in this call, besides the client secret, to redact from logs and messages. */
  secrets: readonly string[];
}

export function createAuthServer(app: MarketingApp, http: MarketingHttp = {}): AuthServer {
  const request = async (call: Call): Promise<HttpResponse> => {
    const secrets = [app.clientSecret, ...call.secrets];
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    try {
      return await sendWithRetry(() => ({ method: call.method, url: call.url, headers, ...(body === undefined ? {} : { body }) }), { ...http, secrets });
    } catch (error) {
      if (error instanceof HttpTransportError) throw marketingTransportError(error, 'auth', call.what);
      throw error;
    }
  };

  const tokenCall = async (grant: TokenGrant, fields: Record<string, string>, what: string): Promise<TokenResponse> => {
    const secrets = Object.values(fields);
    const body = { client_id: app.clientId, client_secret: app.clientSecret, grant_type: grant, ...fields };
    const response = await request({ method: 'POST', url: endpoint(app.authUrl, AUTH_PATHS.token), what, body, secrets });
    if (response.status < 200 || response.status >= 300) throw tokenError(response, grant, [app.clientSecret, ...secrets]);
    return parseTokenResponse(response.text, what);
  };

  return {
    exchangeCode: (code) => tokenCall('authorization_code', { code, redirect_uri: app.redirectUri }, 'the code exchange'),
    refresh: (refreshToken) => tokenCall('refresh_token', { refresh_token: refreshToken }, 'the token refresh'),
    clientCredentials: () => tokenCall('client_credentials', {}, 'the client-credentials grant'),

    async userinfo(accessToken) {
      const response = await request({
        method: 'GET',
        url: endpoint(app.authUrl, AUTH_PATHS.userinfo),
        what: 'the userinfo check',
        bearer: accessToken,
        secrets: [accessToken],
      });
      if (response.status < 200 || response.status >= 300) {
        const said = serviceMessage(response.text, [app.clientSecret, accessToken]);
        throw new GraphformError(
          AUTH_ERROR_CODES.userinfoRejected,
          `The authorization server refused the new access token at userinfo (${response.status}): ${said.message}`,
          {
            details: { status: response.status },
            hint: 'Nothing was stored. Check that marketing.authUrl and marketing.baseUrl belong to the same platform, then log in again.',
          },
        );
      }
      try {
        const body: unknown = JSON.parse(response.text);
        return isRecord(body) ? body : {};
      } catch {
        return {};
      }
    },

    async revoke(token, hint) {
      const body = { token, token_type_hint: hint, client_id: app.clientId, client_secret: app.clientSecret };
      const response = await request({
        method: 'POST',
        url: app.revokeUrl ?? endpoint(app.authUrl, AUTH_PATHS.revoke),
        what: 'the revocation',
        body,
        secrets: [token],
      });
      if (response.status >= 200 && response.status < 300) return 'revoked';
      if ([404, 405, 501].includes(response.status)) return 'unsupported';
      const said = serviceMessage(response.text, [app.clientSecret, token]);
      throw new GraphformError(authHttpCode(response.status), `The authorization server answered ${response.status} to the revocation: ${said.message}`, {
        details: { status: response.status },
        hint: 'The stored tokens were kept; run `graphform auth logout --no-revoke` to delete them here without revoking.',
      });
    },
  };
}

type TokenGrant = 'authorization_code' | 'refresh_token' | 'client_credentials';

const EXCHANGE: Record<TokenGrant, string> = {
  authorization_code: 'code exchange',
  refresh_token: 'token refresh',
  client_credentials: 'client-credentials grant',
};

/** A refused code exchange, refresh or client-credentials grant, named by what most likely went wrong. */
function tokenError(response: HttpResponse, grant: TokenGrant, secrets: readonly string[]): GraphformError {
  const said = serviceMessage(response.text, secrets);
  const details = { status: response.status, error: said.oauthError ?? null };
  const server = `the authorization server answered ${response.status}: ${said.message}`;
  if (said.oauthError === 'unauthorized_client' || (grant === 'client_credentials' && said.oauthError === 'unsupported_grant_type')) {
    const other = grant === 'client_credentials' ? 'grant: authorization_code with `graphform auth login`' : 'grant: client_credentials';
    return new GraphformError(AUTH_ERROR_CODES.grantNotAllowed, `The app may not use the ${grant} grant: ${server}`, {
      details,
      hint: `Allow the grant in the app's registration on the platform, or set marketing.${other}. Stored tokens were left as they were.`,
    });
  }
  if (response.status === 401 || said.oauthError === 'invalid_client') {
    return new GraphformError(AUTH_ERROR_CODES.clientRejected, `The app's credentials were refused: ${server}`, {
      details,
      hint: 'Check marketing.clientId and marketing.clientSecret (and the variables they name). Stored tokens were left as they were.',
    });
  }
  if (response.status === 400 && grant === 'authorization_code') {
    return new GraphformError(AUTH_ERROR_CODES.codeRejected, `The authorization code was refused: ${server}`, {
      details,
      hint:
        'A code works once, for a short time, and only with the redirect_uri it was issued for: ' +
        'check marketing.redirectUri against the app registration, then run `graphform auth login` again. Stored tokens were left as they were.',
    });
  }
  if (response.status === 400 && grant === 'refresh_token') {
    return new GraphformError(AUTH_ERROR_CODES.refreshRejected, `The refresh token was refused (used already, expired or revoked): ${server}`, {
      details,
      hint:
        'Run `graphform auth login` again. ' +
        'In a pipeline, set GRAPHFORM_REFRESH_TOKEN to the newest refresh token: each refresh replaces it. Stored tokens were left as they were.',
    });
  }
  return new GraphformError(authHttpCode(response.status), `The ${EXCHANGE[grant]} failed: ${server}`, {
    details,
    hint:
      response.status >= 500 || response.status === 429 ? 'Try again later. Stored tokens were left as they were.' : 'Stored tokens were left as they were.',
  });
}
