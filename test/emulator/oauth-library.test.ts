import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';

/**
 * The authorization server driven by oauth4webapi, a published OAuth 2.0 / OpenID Connect
 * client no one here wrote: if the emulator bends a rule, this is where it shows.
 */

/** The emulator is plain http on loopback; the library wants https unless told otherwise. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

function server(emulator: RunningEmulator): oauth.AuthorizationServer {
  return {
    issuer: emulator.url,
    authorization_endpoint: `${emulator.url}/o/oauth2/v1/auth`,
    token_endpoint: `${emulator.url}/o/oauth2/v1/token`,
    userinfo_endpoint: `${emulator.url}/o/oauth2/v1/userinfo`,
    revocation_endpoint: `${emulator.url}/o/oauth2/v1/revoke`,
  };
}

function client(emulator: RunningEmulator): oauth.Client {
  // ID tokens are HS256, signed with the client secret.
  return { client_id: emulator.marketing.demoApp.clientId, id_token_signed_response_alg: 'HS256' };
}

/** The browser's part, by hand: open the authorization URL and read where the 302 points. */
async function browse(as: oauth.AuthorizationServer, emulator: RunningEmulator, state: string, responseType = 'code'): Promise<URL> {
  const url = new URL(as.authorization_endpoint ?? '');
  url.searchParams.set('client_id', emulator.marketing.demoApp.clientId);
  url.searchParams.set('redirect_uri', emulator.marketing.demoApp.redirectUri);
  url.searchParams.set('response_type', responseType);
  url.searchParams.set('scope', 'openid profile offline_access');
  url.searchParams.set('state', state);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

describe.each([
  ['client_secret_post', (secret: string) => oauth.ClientSecretPost(secret)],
  ['client_secret_basic', (secret: string) => oauth.ClientSecretBasic(secret)],
])('oauth4webapi against the emulator (%s)', (_name, authentication) => {
  it('signs in, validates the ID token, reads userinfo, refreshes (rotating) and revokes', async () => {
    const emulator = await startTestEmulator();
    const as = server(emulator);
    const app = client(emulator);
    const clientAuth = authentication(emulator.marketing.demoApp.clientSecret);
    const state = oauth.generateRandomState();

    const callback = await browse(as, emulator, state);
    const params = oauth.validateAuthResponse(as, app, callback, state);
    const codeResponse = await oauth.authorizationCodeGrantRequest(as, app, clientAuth, params, emulator.marketing.demoApp.redirectUri, oauth.nopkce, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, app, codeResponse, { requireIdToken: true });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(30 * 24 * 3600);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims).toMatchObject({ iss: emulator.url, aud: app.client_id, sub: 'demo-user-0001', email: 'demo@example.com' });

    const infoResponse = await oauth.userInfoRequest(as, app, tokens.access_token, insecure);
    const info = await oauth.processUserInfoResponse(as, app, claims?.sub ?? '', infoResponse);
    expect(info).toMatchObject({ sub: 'demo-user-0001', email: 'demo@example.com', name: 'Demo User', organization: 'Demo organization' });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      app,
      await oauth.refreshTokenGrantRequest(as, app, clientAuth, tokens.refresh_token ?? '', insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const reuse = oauth.processRefreshTokenResponse(as, app, await oauth.refreshTokenGrantRequest(as, app, clientAuth, tokens.refresh_token ?? '', insecure));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app, clientAuth, refreshed.refresh_token ?? '', insecure));
    const afterRevoke = oauth.processRefreshTokenResponse(
      as,
      app,
      await oauth.refreshTokenGrantRequest(as, app, clientAuth, refreshed.refresh_token ?? '', insecure),
    );
    await expect(afterRevoke).rejects.toMatchObject({ error: 'invalid_grant' });
    const revokedInfo = oauth.processUserInfoResponse(as, app, claims?.sub ?? '', await oauth.userInfoRequest(as, app, refreshed.access_token, insecure));
    await expect(revokedInfo).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  });

  it('sees a reused code refused with invalid_grant', async () => {
    const emulator = await startTestEmulator();
    const as = server(emulator);
    const app = client(emulator);
    const clientAuth = authentication(emulator.marketing.demoApp.clientSecret);
    const state = oauth.generateRandomState();
    const params = oauth.validateAuthResponse(as, app, await browse(as, emulator, state), state);
    const exchange = async (): Promise<oauth.TokenEndpointResponse> =>
      oauth.processAuthorizationCodeResponse(
        as,
        app,
        await oauth.authorizationCodeGrantRequest(as, app, clientAuth, params, emulator.marketing.demoApp.redirectUri, oauth.nopkce, insecure),
      );
    await exchange();
    await expect(exchange()).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });
});

describe('oauth4webapi: authorization responses', () => {
  it('finds the echoed state, and rejects a callback whose state is not the one sent', async () => {
    const emulator = await startTestEmulator();
    const as = server(emulator);
    const callback = await browse(as, emulator, 'state-one');
    expect(() => oauth.validateAuthResponse(as, client(emulator), callback, 'state-one')).not.toThrow();
    expect(() => oauth.validateAuthResponse(as, client(emulator), callback, 'state-two')).toThrow(/state/);
  });

  it('reads an error redirect as an authorization error', async () => {
    const emulator = await startTestEmulator();
    const as = server(emulator);
    const callback = await browse(as, emulator, 'st', 'token');
    const thrown = ((): unknown => {
      try {
        return oauth.validateAuthResponse(as, client(emulator), callback, 'st');
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect(thrown).toMatchObject({ error: 'unsupported_response_type' });
  });
});
