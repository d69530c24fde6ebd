import { describe, expect, it } from 'vitest';
import { createAuthServer } from '../../src/marketing/auth-server.js';
import { startScriptedServer } from '../helpers/scripted-server.js';
import { startFakePlatform } from './fake-platform.js';
import { appFor, failure, shown } from './helpers.js';

const TOKENS = { access_token: 'acc-1234567890', refresh_token: 'ref-1234567890', id_token: 'idt-1234567890', expires_in: 3600, token_type: 'Bearer' };

describe('the authorization server client', () => {
  it('exchanges a code with a JSON body carrying the contract fields', async () => {
    const server = await startScriptedServer([{ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(TOKENS) }]);
    const app = appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' });
    const tokens = await createAuthServer(app).exchangeCode('the-code-123');
    expect(tokens).toEqual({ accessToken: 'acc-1234567890', refreshToken: 'ref-1234567890', idToken: 'idt-1234567890', expiresIn: 3600, tokenType: 'Bearer' });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/o/oauth2/v1/token');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({
      client_id: 'cid',
      client_secret: 'client-secret-xyz',
      grant_type: 'authorization_code',
      code: 'the-code-123',
      redirect_uri: 'http://127.0.0.1:8765/callback',
    });
  });

  it('refreshes with a JSON body, keeping a path prefix of authUrl', async () => {
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify(TOKENS) }]);
    const app = { ...appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }), authUrl: `${server.url}/tenant/` };
    await createAuthServer(app).refresh('old-refresh-123');
    expect(server.requests[0]?.url).toBe('/tenant/o/oauth2/v1/token');
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '')).toEqual({
      client_id: 'cid',
      client_secret: 'client-secret-xyz',
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh-123',
    });
  });

  it('names a missing access_token in the token response, and no token', async () => {
    const { access_token: _left, ...answer } = TOKENS;
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify(answer) }]);
    const error = await failure(() =>
      createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' })).exchangeCode('c-1234567890'),
    );
    expect(error.code).toBe('GF_AUTH_BAD_TOKEN_RESPONSE');
    expect(error.message).toContain('no valid access_token');
    expect(error.details.fields).toEqual(['access_token']);
    expect(shown(error)).not.toMatch(/acc-|ref-|idt-|c-1234567890/);
  });

  it('needs nothing but access_token: refresh_token and id_token optional, token_type Bearer and expires_in 3600 s by default', async () => {
    const server = await startScriptedServer([
      { status: 200, body: JSON.stringify({ access_token: 'acc-only-123456' }) },
      { status: 200, body: JSON.stringify({ access_token: 'acc-2-1234567', expires_in: '7200', refresh_token: null }) },
    ]);
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }));
    expect(await auth.refresh('r-1234567890')).toEqual({ accessToken: 'acc-only-123456', expiresIn: 3600, expiresInAssumed: true, tokenType: 'Bearer' });
    expect(await auth.refresh('r-1234567890')).toEqual({ accessToken: 'acc-2-1234567', expiresIn: 7200, tokenType: 'Bearer' });
  });

  it('refuses a token type other than Bearer, and a field present with the wrong type', async () => {
    const server = await startScriptedServer([
      { status: 200, body: JSON.stringify({ ...TOKENS, token_type: 'mac' }) },
      { status: 200, body: JSON.stringify({ ...TOKENS, expires_in: 'soon' }) },
      { status: 200, body: JSON.stringify({ ...TOKENS, id_token: 42, expires_in: -1 }) },
    ]);
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }));
    expect((await failure(() => auth.refresh('r-1234567890'))).message).toContain('not Bearer');
    expect((await failure(() => auth.refresh('r-1234567890'))).message).toContain('no valid expires_in');
    expect((await failure(() => auth.refresh('r-1234567890'))).details.fields).toEqual(['id_token', 'expires_in']);
  });

  it('asks for client credentials with the client id and secret alone, and names an app not registered for them', async () => {
    const server = await startScriptedServer([
      { status: 200, body: JSON.stringify({ access_token: 'cc-token-123456', token_type: 'Bearer', expires_in: 3600 }) },
      { status: 400, body: JSON.stringify({ error: 'unauthorized_client', error_description: 'not registered for client_credentials' }) },
    ]);
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }), { maxAttempts: 1 });
    expect(await auth.clientCredentials()).toEqual({ accessToken: 'cc-token-123456', expiresIn: 3600, tokenType: 'Bearer' });
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '')).toEqual({
      client_id: 'cid',
      client_secret: 'client-secret-xyz',
      grant_type: 'client_credentials',
    });
    const refused = await failure(() => auth.clientCredentials());
    expect([refused.code, refused.message]).toEqual(['GF_AUTH_GRANT_NOT_ALLOWED', expect.stringContaining('not registered for client_credentials') as unknown]);
    expect(shown(refused)).not.toContain('client-secret-xyz');
  });

  it.each([
    {
      name: 'a reused code',
      grant: 'code',
      status: 400,
      body: { error: 'invalid_grant', error_description: 'code already used' },
      code: 'GF_AUTH_CODE_REJECTED',
      says: 'code already used',
    },
    {
      name: 'a wrong redirect_uri',
      grant: 'code',
      status: 400,
      body: { error: 'invalid_grant', error_description: 'redirect_uri mismatch' },
      code: 'GF_AUTH_CODE_REJECTED',
      says: 'redirect_uri mismatch',
    },
    { name: 'a wrong client secret', grant: 'code', status: 401, body: { error: 'invalid_client' }, code: 'GF_AUTH_CLIENT_REJECTED', says: 'invalid_client' },
    {
      name: 'a spent refresh token',
      grant: 'refresh',
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token already used' },
      code: 'GF_AUTH_REFRESH_REJECTED',
      says: 'refresh token already used',
    },
    {
      name: 'an expired refresh token',
      grant: 'refresh',
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token expired' },
      code: 'GF_AUTH_REFRESH_REJECTED',
      says: 'refresh token expired',
    },
    {
      name: 'a client refused at refresh',
      grant: 'refresh',
      status: 400,
      body: { error: 'invalid_client' },
      code: 'GF_AUTH_CLIENT_REJECTED',
      says: 'invalid_client',
    },
    { name: 'a server failure', grant: 'refresh', status: 500, body: { message: 'boom' }, code: 'GF_AUTH_HTTP_500', says: 'boom' },
  ])('says what went wrong for $name, with a code and no secret', async ({ grant, status, body, code, says }) => {
    // The server echoes what it got, as some do in error bodies.
    const echoed = { ...body, client_secret: 'client-secret-xyz', code: 'the-code-123', refresh_token: 'old-refresh-123' };
    const server = await startScriptedServer([{ status, body: JSON.stringify(echoed) }]);
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }), { maxAttempts: 1 });
    const error = await failure(() => (grant === 'code' ? auth.exchangeCode('the-code-123') : auth.refresh('old-refresh-123')));
    expect(error.code).toBe(code);
    expect(error.message).toContain(says);
    expect(error.hint).toContain('Stored tokens were left as they were');
    expect(shown(error)).not.toMatch(/client-secret-xyz|the-code-123|old-refresh-123/);
  });

  it('sends the bearer token to userinfo, and names a refusal', async () => {
    const platform = await startFakePlatform();
    const auth = createAuthServer(appFor(platform));
    expect(await auth.userinfo('nope-1234567890').catch((error: { code: string }) => error.code)).toBe('GF_AUTH_USERINFO_REJECTED');
    const code = platform.issueCode('http://127.0.0.1:8765/callback');
    const tokens = await auth.exchangeCode(code);
    expect(await auth.userinfo(tokens.accessToken)).toMatchObject({ email: 'ada@example.com' });
    expect(platform.requests.at(-1)?.bearer).toBe(tokens.accessToken);
  });

  it('revokes, and tells a server without revocation apart', async () => {
    const server = await startScriptedServer([
      { status: 200, body: '{"msg":"success"}' },
      { status: 404, body: 'not found' },
    ]);
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }));
    expect(await auth.revoke('ref-1234567890', 'refresh_token')).toBe('revoked');
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '')).toEqual({
      token: 'ref-1234567890',
      token_type_hint: 'refresh_token',
      client_id: 'cid',
      client_secret: 'client-secret-xyz',
    });
    expect(await auth.revoke('ref-1234567890', 'refresh_token')).toBe('unsupported');
  });

  it('logs each request without the secret, the code or the tokens', async () => {
    const server = await startScriptedServer([
      { status: 503, headers: { 'retry-after': '0' }, body: 'client_secret=client-secret-xyz' },
      { status: 200, body: JSON.stringify(TOKENS) },
    ]);
    const lines: string[] = [];
    const auth = createAuthServer(appFor({ url: server.url, clientId: 'cid', clientSecret: 'client-secret-xyz' }), {
      log: (line) => lines.push(line),
      sleep: async () => undefined,
    });
    await auth.exchangeCode('the-code-123');
    await auth.userinfo('acc-1234567890');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toMatch(/client-secret-xyz|the-code-123|acc-1234567890/);
    expect(lines[2]).toContain('authorization: Bearer [redacted]');
  });

  it('names the authorization server when it cannot be reached', async () => {
    const auth = createAuthServer(appFor({ url: 'http://127.0.0.1:9', clientId: 'cid', clientSecret: 'client-secret-xyz' }), { maxAttempts: 1 });
    const error = await failure(() => auth.refresh('ref-1234567890'));
    expect(error.code).toBe('GF_AUTH_UNREACHABLE');
    expect(error.hint).toContain('marketing.authUrl');
  });
});
