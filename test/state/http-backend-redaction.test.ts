import { describe, expect, it } from 'vitest';
import { createHttpBackend } from '../../src/state/http-backend.js';
import { runCli } from '../helpers/run-cli.js';
import { startScriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const TOKEN = 'glpat-Tok3nSecretValue';
const SHORT = 'q1w2';

const CONFIG = [
  'defaultEnvironment: p',
  'environments:',
  '  p:',
  '    emulator: {}',
  '    state: { backend: http, address: "${env:STATE_URL}", username: ci, password: "${env:STATE_PASSWORD}" }',
  '',
].join('\n');
const PASSWORD = 'state-pa55word';

/** A state server, scripted to echo the request URL (query token included) in its answers. */
async function project(answer: (echo: string) => ScriptedAnswer[]) {
  const script: ScriptedAnswer[] = [];
  const server = await startScriptedServer(script);
  const address = `${server.url}/state?token=${TOKEN}&t=${SHORT}`;
  script.push(...answer(address));
  const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG });
  const run = (...argv: string[]) => runCli(argv, { cwd: dir, env: { STATE_URL: address, STATE_PASSWORD: PASSWORD } });
  return { server, run };
}

const FORMATS = [[], ['--format', 'json'], ['--verbose'], ['--format', 'json', '--verbose']];
const LEAKS = [TOKEN, PASSWORD, Buffer.from(`ci:${PASSWORD}`).toString('base64'), `t=${SHORT}`];

function expectNoLeak(output: string): void {
  for (const leak of LEAKS) expect(output).not.toContain(leak);
}

describe('the http state backend never prints what its server echoes', () => {
  it('a 500 whose body echoes the URL, token and password included', async () => {
    const { run, server } = await project((url) => [{ status: 500, body: `Internal error serving GET ${url} for ci:${PASSWORD}` }]);
    for (const flags of FORMATS) {
      const result = await run(...flags, 'state', 'list');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('GF_STATE_HTTP');
      expect(result.stderr).toContain(`The state server answered 500 to GET ${server.url}/state: Internal error serving GET`);
      expectNoLeak(result.stdout + result.stderr);
    }
  });

  it('a 423 whose lock body echoes the URL in every field', async () => {
    const { run } = await project((url) => [
      {
        status: 423,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ID: `lock-${url}`, Who: `runner ${url}`, Operation: `apply ${url}`, Info: url, Created: '2026-11-22T09:00:00.000Z', Path: url }),
      },
    ]);
    for (const flags of FORMATS) {
      const locked = await run(...flags, 'state', 'rm', 'shop');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('GF_STATE_LOCKED');
      expect(locked.stderr).toContain('token=[redacted]');
      expectNoLeak(locked.stdout + locked.stderr);
      const mismatch = await run(...flags, 'state', 'unlock', 'other-lock');
      expect(mismatch.stderr).toContain('GF_STATE_LOCK_MISMATCH');
      expectNoLeak(mismatch.stdout + mismatch.stderr);
    }
  });

  it.each([
    ['that is not JSON, starting with the token', `${TOKEN} is not a state`],
    ['that is short and not JSON', `sent ${SHORT}`],
    ['that is JSON but not a state, echoing the URL', (url: string) => JSON.stringify({ formatVersion: `see ${url}` })],
  ])('a 200 %s', async (_name, body) => {
    const { run } = await project((url) => [{ status: 200, body: typeof body === 'string' ? body : body(url) }]);
    const result = await run('state', 'list');
    expect(result.stderr).toContain('GF_STATE_FORMAT');
    expectNoLeak(result.stdout + result.stderr);
    expect(result.stderr).not.toContain(TOKEN.slice(0, 10));
    expect(result.stderr).not.toMatch(new RegExp(`\\b${SHORT}\\b`));
  });

  it('logs requests with neither the token nor the password', async () => {
    const server = await startScriptedServer([{ status: 503, body: `busy: ${TOKEN}` }, { status: 404 }]);
    const lines: string[] = [];
    const backend = createHttpBackend({
      address: `${server.url}/state?token=${TOKEN}`,
      lockAddress: `${server.url}/lock?token=${TOKEN}`,
      unlockAddress: `${server.url}/lock?token=${TOKEN}`,
      username: 'ci',
      password: PASSWORD,
      lockTimeoutMs: 0,
      now: () => new Date('2026-11-22T10:00:00.000Z'),
      who: 'alice',
      pid: 1,
      host: 'laptop',
      toolVersion: '0.1.0',
      http: { maxAttempts: 2, sleep: async () => undefined, log: (line) => void lines.push(line) },
    });
    expect(await backend.read()).toBeUndefined();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`GET ${server.url}/state attempt 1/2`);
    expectNoLeak(lines.join('\n'));
  });

  it('hides only the query values that may be credentials: a `v=1` does not turn the 1 of 127.0.0.1 into [redacted]', async () => {
    const script: ScriptedAnswer[] = [];
    const server = await startScriptedServer(script);
    const host = server.url.replace('http://', '');
    const address = `${server.url}/state?v=1&token=${TOKEN}`;
    script.push({ status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host, url: address }) });
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG });
    for (const flags of [[], ['--format', 'json']]) {
      const result = await runCli([...flags, 'state', 'list'], { cwd: dir, env: { STATE_URL: address, STATE_PASSWORD: PASSWORD } });
      expect(result.stderr).toContain('GF_STATE_HTTP');
      expect(result.stdout + result.stderr, 'the host of the answer was redacted as if the query value "1" were a secret').toContain(`{"host":"${host}",`);
      expectNoLeak(result.stdout + result.stderr);
    }
  });
});
