import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MarketingApp } from '../../src/emulator/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { authorize, authorizeQuery, basic, codeFor, exchange, jwtPayload, post, userinfo } from '../helpers/oauth.js';

const PRODUCTION_APP: MarketingApp = {
  clientId: 'prod-app',
  clientSecret: 'prod-secret-123456',
  redirectUri: 'http://127.0.0.1:9911/cb',
  mode: 'production',
  name: 'Production app',
};
const OTHER_APP: MarketingApp = {
  clientId: 'other-app',
  clientSecret: 'other-secret-123456',
  redirectUri: 'http://127.0.0.1:9912/cb?tenant=a',
  mode: 'development',
};

function query(location: string | null): URLSearchParams {
  if (location === null) throw new Error('expected a redirect');
  return new URL(location).searchParams;
}

describe('authorization endpoint GET /o/oauth2/v1/auth', () => {
  it('approves the logged-in demo user at once: 302 to the callback with a code and the state', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const answer = await authorize(emulator, authorizeQuery(demo));
    expect(answer.status).toBe(302);
    const location = new URL(answer.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:8765/callback');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 0, refreshTokens: 0, codes: 1 });
  });

  it.each(['a b&c=d', 'ünïcødé/?#', 'x'.repeat(500)])('echoes the state %j exactly', async (state) => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, authorizeQuery(emulator.marketing.demoApp, { state }));
    expect(query(answer.location).get('state')).toBe(state);
  });

  it('leaves state out of the redirect when the request has none', async () => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, authorizeQuery(emulator.marketing.demoApp, { state: undefined }));
    expect(query(answer.location).has('state')).toBe(false);
    expect(query(answer.location).get('code')).not.toBeNull();
  });

  it('keeps a query the registered callback already has', async () => {
    const emulator = await startTestEmulator({ apps: [OTHER_APP] });
    const answer = await authorize(emulator, authorizeQuery(OTHER_APP));
    expect(query(answer.location).get('tenant')).toBe('a');
    expect(query(answer.location).get('code')).not.toBeNull();
  });

  it.each([
    ['an unknown client_id', { client_id: 'nobody' }, /Unknown client_id "nobody"/],
    ['no client_id', { client_id: undefined }, /client_id is missing/],
    ['no redirect_uri', { redirect_uri: undefined }, /redirect_uri is missing/],
    ['another port', { redirect_uri: 'http://127.0.0.1:8766/callback' }, /does not match the callback URL/],
    ['a trailing slash', { redirect_uri: 'http://127.0.0.1:8765/callback/' }, /does not match/],
    ['an added query', { redirect_uri: 'http://127.0.0.1:8765/callback?x=1' }, /does not match/],
    ['another host', { redirect_uri: 'http://evil.example/callback' }, /does not match/],
    ['localhost for 127.0.0.1', { redirect_uri: 'http://localhost:8765/callback' }, /does not match/],
  ])('answers 400 on the page, never redirecting, for %s', async (_name, overrides, message) => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, authorizeQuery(emulator.marketing.demoApp, overrides));
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.text).toMatch(message);
    expect(emulator.marketing.tokens().codes).toBe(0);
  });

  it('answers 400 on the page when client_id is given twice', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const answer = await authorize(emulator, `${authorizeQuery(demo)}&client_id=${demo.clientId}`);
    expect([answer.status, answer.location, answer.text]).toEqual([400, null, 'Authorization refused: client_id is given more than once\n']);
  });

  it.each([
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['response_type code id_token', { response_type: 'code id_token' }, 'unsupported_response_type'],
    ['no response_type', { response_type: undefined }, 'invalid_request'],
    ['no scope', { scope: undefined }, 'invalid_scope'],
    ['scope without offline_access', { scope: 'openid profile' }, 'invalid_scope'],
    ['scope with a double space', { scope: 'openid  profile offline_access' }, 'invalid_scope'],
    ['scope separated by commas', { scope: 'openid,profile,offline_access' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'openid profile offline_access email' }, 'invalid_scope'],
    ['a scope twice', { scope: 'openid profile offline_access openid' }, 'invalid_scope'],
  ])('redirects with an error and the state for %s', async (_name, overrides, error) => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, authorizeQuery(emulator.marketing.demoApp, overrides));
    expect(answer.status).toBe(302);
    const params = query(answer.location);
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).not.toBe('');
    expect(params.get('state')).toBe('st-123');
    expect(params.has('code')).toBe(false);
  });

  it('redirects with invalid_request when state is given twice', async () => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, `${authorizeQuery(emulator.marketing.demoApp)}&state=again`);
    expect(query(answer.location).get('error')).toBe('invalid_request');
  });

  it('takes the three scopes in any order', async () => {
    const emulator = await startTestEmulator();
    const answer = await authorize(emulator, authorizeQuery(emulator.marketing.demoApp, { scope: 'offline_access openid profile' }));
    expect(query(answer.location).get('code')).not.toBeNull();
  });

  it('shows a one-click consent page for prompt=consent, which approves or denies', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const page = await fetch(`${emulator.url}/o/oauth2/v1/auth?${authorizeQuery(demo, { prompt: 'consent', state: '"><script>x</script>' })}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<form method="post" action="/o/oauth2/v1/auth">');
    expect(html).toContain('demo@example.com');
    expect(html).not.toMatch(/<script|src=|https?:\/\/(?!127)/);
    expect(emulator.marketing.tokens().codes).toBe(0);

    const form = (decision: string, redirect = demo.redirectUri): URLSearchParams =>
      new URLSearchParams({
        client_id: demo.clientId,
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'openid profile offline_access',
        state: 's',
        decision,
      });
    const submit = (body: URLSearchParams): Promise<Response> =>
      fetch(`${emulator.url}/o/oauth2/v1/auth`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    const approved = await submit(form('approve'));
    expect(approved.status).toBe(302);
    expect(query(approved.headers.get('location')).get('code')).not.toBeNull();
    expect(query(approved.headers.get('location')).get('state')).toBe('s');
    const denied = await submit(form('deny'));
    expect([query(denied.headers.get('location')).get('error'), query(denied.headers.get('location')).get('state')]).toEqual(['access_denied', 's']);
    const tampered = await submit(form('approve', 'http://evil.example/cb'));
    expect([tampered.status, tampered.headers.get('location')]).toEqual([400, null]);
    expect((await submit(form('maybe'))).status).toBe(400);
  });
});

describe('token endpoint POST /o/oauth2/v1/token: authorization_code', () => {
  it('exchanges a code (JSON body) for the token response', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const answer = await post(emulator, {
      grant_type: 'authorization_code',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      code: await codeFor(emulator),
      redirect_uri: demo.redirectUri,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.json).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600 });
    expect(answer.json.access_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(answer.json.refresh_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(answer.json.refresh_token).not.toBe(answer.json.access_token);
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 1, refreshTokens: 1, codes: 0 });
  });

  it('signs an ID token with the client secret (HS256) for the demo user', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const before = Math.floor(Date.now() / 1000);
    const idToken = String((await exchange(emulator, await codeFor(emulator))).json.id_token);
    const [header = '', payload = '', signature = ''] = idToken.split('.');
    expect(idToken.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBe(createHmac('sha256', demo.clientSecret).update(`${header}.${payload}`).digest('base64url'));
    const claims = jwtPayload(idToken);
    expect(claims).toMatchObject({ iss: emulator.url, sub: 'demo-user-0001', aud: demo.clientId, email: 'demo@example.com', name: 'Demo User' });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp).toBe(Number(claims.iat) + 3600);
  });

  it('gives a production app access tokens of 1 hour', async () => {
    const emulator = await startTestEmulator({ apps: [PRODUCTION_APP] });
    const answer = await exchange(emulator, await codeFor(emulator, PRODUCTION_APP), PRODUCTION_APP);
    expect([answer.status, answer.json.expires_in]).toEqual([200, 3600]);
  });

  it('takes a form-encoded body', async () => {
    const emulator = await startTestEmulator();
    const answer = await exchange(emulator, await codeFor(emulator), emulator.marketing.demoApp, { form: true });
    expect([answer.status, answer.json.token_type]).toEqual([200, 'Bearer']);
  });

  it('takes client credentials as HTTP Basic (form-encoded, then base64), with or without client_id in the body', async () => {
    const emulator = await startTestEmulator({ apps: [{ ...OTHER_APP, clientSecret: 'p@ss:word+with%odd&chars' }] });
    const app = { ...OTHER_APP, clientSecret: 'p@ss:word+with%odd&chars' };
    const headers = { authorization: basic(app.clientId, app.clientSecret) };
    const first = await post(
      emulator,
      { grant_type: 'authorization_code', code: await codeFor(emulator, app), redirect_uri: app.redirectUri },
      { form: true, headers },
    );
    expect(first.status).toBe(200);
    const second = await post(
      emulator,
      { grant_type: 'authorization_code', client_id: app.clientId, code: await codeFor(emulator, app), redirect_uri: app.redirectUri },
      { headers },
    );
    expect(second.status).toBe(200);
  });

  const none = (): Record<string, string> => ({});
  it.each([
    ['a wrong client secret', (app: MarketingApp) => ({ client_id: app.clientId, client_secret: 'wrong-secret-123' }), none],
    ['an unknown client', () => ({ client_id: 'nobody', client_secret: 'whatever-123' }), none],
    ['no client secret', (app: MarketingApp) => ({ client_id: app.clientId }), none],
    ['no client at all', () => ({}), none],
    ['a wrong Basic secret', () => ({}), (app: MarketingApp) => ({ authorization: basic(app.clientId, 'nope-nope-nope') })],
    [
      'a Basic client differing from the body',
      (app: MarketingApp) => ({ client_id: `${app.clientId}x` }),
      (app: MarketingApp) => ({ authorization: basic(app.clientId, app.clientSecret) }),
    ],
    ['malformed Basic credentials', () => ({}), () => ({ authorization: 'Basic !!!' })],
  ])('answers 401 invalid_client for %s', async (_name, client, headersFor) => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const headers = headersFor(demo);
    const code = await codeFor(emulator);
    const answer = await post(emulator, { grant_type: 'authorization_code', code, redirect_uri: demo.redirectUri, ...client(demo) }, { headers });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('invalid_client');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
    // The code is still good: a refused client does not spend it.
    expect((await exchange(emulator, code)).status).toBe(200);
  });

  it('refuses the client secret sent both as Basic and in the body', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const answer = await post(
      emulator,
      {
        grant_type: 'authorization_code',
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
        code: await codeFor(emulator),
        redirect_uri: demo.redirectUri,
      },
      { headers: { authorization: basic(demo.clientId, demo.clientSecret) } },
    );
    expect([answer.status, answer.json.error]).toEqual([400, 'invalid_request']);
  });

  it('refuses a reused code, and revokes the tokens issued for it', async () => {
    const emulator = await startTestEmulator();
    const code = await codeFor(emulator);
    const first = await exchange(emulator, code);
    expect(first.status).toBe(200);
    const again = await exchange(emulator, code);
    expect([again.status, again.json.error]).toEqual([400, 'invalid_grant']);
    expect(again.json.error_description).toMatch(/already used/);
    expect((await userinfo(emulator, `Bearer ${String(first.json.access_token)}`)).status).toBe(401);
    const demo = emulator.marketing.demoApp;
    const refreshed = await post(emulator, {
      grant_type: 'refresh_token',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      refresh_token: String(first.json.refresh_token),
    });
    expect([refreshed.status, refreshed.json.error]).toEqual([400, 'invalid_grant']);
    expect(emulator.marketing.tokens()).toEqual({ accessTokens: 0, refreshTokens: 0, codes: 0 });
  });

  it('refuses a code with another redirect_uri than it was issued for', async () => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const answer = await post(emulator, {
      grant_type: 'authorization_code',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      code: await codeFor(emulator),
      redirect_uri: 'http://127.0.0.1:8765/other',
    });
    expect([answer.status, answer.json.error]).toEqual([400, 'invalid_grant']);
    expect(answer.json.error_description).toMatch(/redirect_uri/);
  });

  it('refuses a code issued to another client', async () => {
    const emulator = await startTestEmulator({ apps: [OTHER_APP] });
    const answer = await exchange(emulator, await codeFor(emulator), OTHER_APP);
    expect([answer.status, answer.json.error_description]).toEqual([400, 'The authorization code was issued to another client']);
  });

  it('refuses an unknown code, and a code older than 60 seconds', async () => {
    const emulator = await startTestEmulator();
    expect((await exchange(emulator, 'made-up-code-made-up-code-made-up-code')).json).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/unknown/) as unknown,
    });
    const code = await codeFor(emulator);
    await emulator.marketing.advanceClock(60_000);
    const late = await exchange(emulator, code);
    expect([late.status, late.json.error]).toEqual([400, 'invalid_grant']);
    expect(late.json.error_description).toMatch(/expired/);
  });

  it('takes a code just under 60 seconds old', async () => {
    const emulator = await startTestEmulator();
    const code = await codeFor(emulator);
    await emulator.marketing.advanceClock(55_000);
    expect((await exchange(emulator, code)).status).toBe(200);
  });

  it.each([
    ['no grant_type', { grant_type: undefined }, 'invalid_request', /grant_type is missing/],
    ['no code', { code: undefined }, 'invalid_request', /code is missing/],
    ['no redirect_uri', { redirect_uri: undefined }, 'invalid_request', /redirect_uri is missing/],
    ['grant_type password', { grant_type: 'password' }, 'unsupported_grant_type', /password/],
    ['grant_type implicit', { grant_type: 'implicit' }, 'unsupported_grant_type', /authorization_code, refresh_token or client_credentials/],
  ])('answers 400 for %s', async (_name, overrides, error, description) => {
    const emulator = await startTestEmulator();
    const demo = emulator.marketing.demoApp;
    const params: Record<string, string | undefined> = {
      grant_type: 'authorization_code',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      code: await codeFor(emulator),
      redirect_uri: demo.redirectUri,
      ...overrides,
    };
    const answer = await post(emulator, Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)));
    expect([answer.status, answer.json.error]).toEqual([400, error]);
    expect(answer.json.error_description).toMatch(description);
  });

  it.each([
    ['text/plain', 'grant_type=authorization_code', /JSON object .* or form-encoded/],
    ['application/json', '{not json', /not valid JSON/],
    ['application/json', '["grant_type"]', /must be a JSON object/],
    ['application/json', '{"grant_type":"authorization_code","code":42}', /code must be a string/],
    ['application/x-www-form-urlencoded', 'grant_type=authorization_code&code=a&code=b', /code is given more than once/],
  ])('answers 400 invalid_request to a %s body %j', async (contentType, body, description) => {
    const emulator = await startTestEmulator();
    const response = await fetch(`${emulator.url}/o/oauth2/v1/token`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const answer = (await response.json()) as Record<string, unknown>;
    expect([response.status, answer.error]).toEqual([400, 'invalid_request']);
    expect(answer.error_description).toMatch(description);
  });

  it('answers unknown paths and methods in its own error shape', async () => {
    const emulator = await startTestEmulator();
    const get = await fetch(`${emulator.url}/o/oauth2/v1/token`);
    expect([get.status, get.headers.get('allow'), ((await get.json()) as { error: string }).error]).toEqual([405, 'POST', 'invalid_request']);
    const unknown = await fetch(`${emulator.url}/o/oauth2/v2/token`, { method: 'POST' });
    expect([unknown.status, ((await unknown.json()) as { error_description: string }).error_description]).toEqual([
      404,
      'No such endpoint: /o/oauth2/v2/token',
    ]);
  });

  it('survives garbage: a body over 64 KiB, bytes that are not UTF-8, prototype names as parameters', async () => {
    const emulator = await startTestEmulator();
    const big = await fetch(`${emulator.url}/o/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(70 * 1024),
    });
    expect([big.status, ((await big.json()) as { error: string }).error]).toEqual([413, 'invalid_request']);
    const latin1 = await fetch(`${emulator.url}/o/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x3d, 0xe9]),
    });
    expect(((await latin1.json()) as { error_description: string }).error_description).toBe('The request body is not valid UTF-8');
    const demo = emulator.marketing.demoApp;
    const proto = await fetch(`${emulator.url}/o/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"__proto__": "x", "constructor": "y", "grant_type": "authorization_code", "client_id": "${demo.clientId}", "client_secret": "${demo.clientSecret}", "code": "${await codeFor(emulator)}", "redirect_uri": "${demo.redirectUri}"}`,
    });
    expect(proto.status).toBe(200);
    expect((await fetch(`${emulator.url}/_emulator/`)).status).toBe(200);
  });

  it('logs requests without the code from a query string', async () => {
    const emulator = await startTestEmulator();
    await fetch(`${emulator.url}/o/oauth2/v1/token?code=SECRET-CODE&client_secret=SECRET-SECRET&x=1`, { method: 'POST' });
    const logged = emulator.inspect.requests().at(-1);
    expect(logged?.path).toBe('/o/oauth2/v1/token?code=redacted&client_secret=redacted&x=1');
  });
});
