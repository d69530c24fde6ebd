import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/emulator/index.js';
import { redact } from '../../src/http/redact.js';
import { createAuthServer, type AuthServer } from '../../src/marketing/auth-server.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { appFor, failure, shown } from './helpers.js';

/** A client secret no other test has seen: the process-wide secret list does not hold it. */
function freshSecret(): string {
  return `mkt-client-${randomBytes(9).toString('base64url')}`;
}

/** The secret as a server might echo it: as sent, URL-encoded and in base64. */
function forms(secret: string): string[] {
  const b64 = Buffer.from(secret).toString('base64');
  return [secret, encodeURIComponent(secret), b64, b64.replace(/=+$/, ''), Buffer.from(secret).toString('base64url')];
}

/** An OAuth error whose error_description quotes the client secret, in every form. */
function echoing(secret: string, error: string): string {
  return JSON.stringify({ error, error_description: `client_secret ${forms(secret).join(' / ')} does not match` });
}

function expectHidden(text: string, secret: string, what: string): void {
  for (const form of forms(secret)) expect(text, `the client secret (${form}) is shown in ${what}:\n${text}`).not.toContain(form);
}

const CALLS: Array<{ name: string; method: string; path: string; status: number; error: string; call: (auth: AuthServer) => Promise<unknown> }> = [
  {
    name: 'the code exchange',
    method: 'POST',
    path: '/o/oauth2/v1/token',
    status: 400,
    error: 'invalid_grant',
    call: (auth) => auth.exchangeCode('code-1234567890'),
  },
  {
    name: 'the token refresh',
    method: 'POST',
    path: '/o/oauth2/v1/token',
    status: 400,
    error: 'invalid_grant',
    call: (auth) => auth.refresh('refresh-1234567890'),
  },
  {
    name: 'the client-credentials grant',
    method: 'POST',
    path: '/o/oauth2/v1/token',
    status: 401,
    error: 'invalid_client',
    call: (auth) => auth.clientCredentials(),
  },
  {
    name: 'the userinfo check',
    method: 'GET',
    path: '/o/oauth2/v1/userinfo',
    status: 401,
    error: 'invalid_token',
    call: (auth) => auth.userinfo('access-1234567890'),
  },
  {
    name: 'the revocation',
    method: 'POST',
    path: '/o/oauth2/v1/revoke',
    status: 400,
    error: 'invalid_request',
    call: (auth) => auth.revoke('refresh-1234567890', 'refresh_token'),
  },
];

describe('an authorization server whose error_description quotes the client secret', () => {
  it.each(CALLS)(
    "$name: graphform's client hides it by itself, without the CLI's secret list, and the emulator never logs it",
    async ({ method, path, status, error, call }) => {
      const secret = freshSecret();
      expect(redact(secret), 'the process-wide secret list already holds the fresh secret: the test would not show the client redacts by itself').toBe(secret);
      const logged: RequestLogEntry[] = [];
      const emulator = await startTestEmulator({ onRequest: (entry) => void logged.push(entry) });
      emulator.faults.add({ method, pathPrefix: path, status, body: echoing(secret, error) });

      const refused = await failure(() => call(createAuthServer(appFor({ url: emulator.url, clientId: 'cid', clientSecret: secret }), { maxAttempts: 1 })));
      expectHidden(shown(refused), secret, "graphform's marketing client");
      // The description is quoted, with the secret redacted: the check above is not vacuous.
      expect(refused.message).toContain('does not match');
      expect(refused.message).toContain('[redacted]');

      // The emulator's own output: its request log and the lines `graphform emulator` prints from it.
      expect(logged.length).toBeGreaterThan(0);
      const lines = logged.map((e) => `${e.at} ${e.method} ${e.path} → ${e.status} (${e.note})`).join('\n');
      expectHidden(lines, secret, "the emulator's printed request lines");
      expectHidden(JSON.stringify(emulator.inspect.requests()), secret, "the emulator's request log");
    },
  );

  it('the emulator logs neither a wrong client secret it refuses nor one sent in the query', async () => {
    const secret = freshSecret();
    const logged: RequestLogEntry[] = [];
    const emulator = await startTestEmulator({ onRequest: (entry) => void logged.push(entry) });
    const refused = await failure(() =>
      createAuthServer(appFor({ url: emulator.url, clientId: 'cid', clientSecret: secret }), { maxAttempts: 1 }).clientCredentials(),
    );
    expect(refused.code).toBe('GF_AUTH_CLIENT_REJECTED');
    await fetch(`${emulator.url}/o/oauth2/v1/token?client_id=cid&client_secret=${encodeURIComponent(secret)}`, { method: 'POST' });
    expect(logged.map((e) => e.status)).toEqual([401, 400]);
    expectHidden(JSON.stringify(logged), secret, "the emulator's request log");
  });

  it('the CLI shows none of it either (assets list with the client-credentials grant)', async () => {
    const secret = freshSecret();
    const emulator = await startTestEmulator();
    emulator.faults.add({ method: 'POST', pathPrefix: '/o/oauth2/v1/token', status: 401, body: echoing(secret, 'invalid_client') });
    const dir = await makeProjectDir({
      'graphform.config.yaml': [
        'environments:',
        '  prod:',
        `    graphUrl: ${emulator.url}`,
        '    auth: { scheme: hmac, appKey: key, secret: "graph-secret-123" }',
        'marketing:',
        `  authUrl: ${emulator.url}`,
        `  baseUrl: ${emulator.url}`,
        '  clientId: cid',
        '  clientSecret: "${env:MKT_SECRET}"',
        '  grant: client_credentials',
        '',
      ].join('\n'),
    });
    for (const flags of [[], ['--format', 'json'], ['--verbose']]) {
      const run = await runCli([...flags, 'assets', 'list', '--env', 'prod'], { cwd: dir, env: { MKT_SECRET: secret } });
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toContain('GF_AUTH_CLIENT_REJECTED');
      expectHidden(run.stdout + run.stderr, secret, 'the CLI');
    }
  });
});
