import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { redact } from '../../src/http/redact.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const GOOD = 'c2VjcmV0LXZhbHVl';

async function failure(config: string, env: Record<string, string>, use: 'environment' | 'marketing' = 'environment'): Promise<GraphformError> {
  const dir = await makeProjectDir({ 'graphform.config.yaml': config });
  try {
    const loaded = await loadConfig({ cwd: dir, configFile: undefined, env });
    if (use === 'marketing') loaded.resolveMarketing();
    else selectEnvironment(loaded, 'p');
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  throw new Error('expected a config error');
}

function shown(error: GraphformError): string {
  return JSON.stringify({ message: error.message, details: error.details, hint: error.hint });
}

const env = (lines: string[]): string => ['environments:', '  p:', ...lines.map((l) => `    ${l}`), ''].join('\n');

describe('secrets in the config', () => {
  it.each([
    [
      'auth.secret written in the file',
      env(['graphUrl: https://graph.example.com', 'auth: { scheme: hmac, appKey: k, secret: abc }']),
      {},
      'graphform.config.yaml:4:38',
      'auth.secret',
      'abc',
    ],
    [
      'auth.secret from a variable',
      env(['graphUrl: https://graph.example.com', 'auth:', '  scheme: basic', '  appKey: k', '  secret: "${env:S}"']),
      { S: 'q7z' },
      'graphform.config.yaml:7:7',
      'auth.secret',
      'q7z',
    ],
    [
      'state.password',
      env(['emulator: {}', 'state: { backend: http, address: "https://s.example.com/x", username: u, password: "${env:P}" }']),
      { P: 'p4ss' },
      'graphform.config.yaml:',
      'state.password',
      'p4ss',
    ],
    [
      'singleKey',
      env(['graphUrl: https://graph.example.com', `auth: { scheme: hmac, appKey: k, secret: ${GOOD} }`, 'singleKey: "${env:K}"']),
      { K: 'r3adk' },
      'graphform.config.yaml:5:5',
      'singleKey',
      'r3adk',
    ],
  ])('refuses %s shorter than 8 characters, without its value', async (_name, config, vars, at, key, value) => {
    const error = await failure(config, vars);
    expect(error.code).toBe('GF_CONFIG_SECRET_TOO_SHORT');
    expect(error.message).toContain(at);
    expect(error.message).toContain(key);
    expect(error.hint).toMatch(/real secret/);
    expect(shown(error)).not.toContain(value);
  });

  it('refuses a short marketing.clientSecret', async () => {
    const marketing = [
      'marketing:',
      '  authUrl: https://a',
      '  baseUrl: https://b',
      '  clientId: c',
      '  clientSecret: "${env:MS}"',
      '  redirectUri: http://127.0.0.1:8765/cb',
      '',
    ].join('\n');
    const error = await failure(marketing, { MS: 'shh' }, 'marketing');
    expect(error.code).toBe('GF_CONFIG_SECRET_TOO_SHORT');
    expect(error.message).toContain('graphform.config.yaml:5:3');
    expect(shown(error)).not.toContain('shh');
  });

  it('takes singleKey only beside graphUrl: the embedded emulator has its own read key', async () => {
    const error = await failure(env(['emulator: {}', 'singleKey: "${env:K}"']), { K: 'a-long-read-key' });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain('graphform.config.yaml:');
    expect(error.message).toContain('singleKey is for a graphUrl environment');
    expect(shown(error)).not.toContain('a-long-read-key');
  });

  it('accepts secrets of 8 characters or more', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': env(['graphUrl: https://graph.example.com', 'auth: { scheme: hmac, appKey: k, secret: "${env:S}" }', 'singleKey: "${env:K}"']),
    });
    const config = await loadConfig({ cwd: dir, configFile: undefined, env: { S: '12345678', K: 'abcdefgh' } });
    expect(selectEnvironment(config, 'p').auth?.secret).toBe('12345678');
    expect(selectEnvironment(config, 'p').singleKey).toBe('abcdefgh');
  });

  it.each([
    ['userinfo', 'https://graphuser:Pa55word-1@graph.example.com', ['graphuser', 'Pa55word-1'], 'credentials belong in auth'],
    ['a query key', 'https://graph.example.com/?key=Qu3ryKey-1', ['Qu3ryKey-1'], 'query or fragment'],
    ['a query token under another name', 'https://graph.example.com/?t=Qu3ryTok-1', ['Qu3ryTok-1'], 'query or fragment'],
  ])('refuses a graphUrl with %s at its line, showing neither part of the secret', async (_name, url, leaks, why) => {
    const error = await failure(env([`graphUrl: "${url}"`, `auth: { scheme: hmac, appKey: k, secret: ${GOOD} }`]), {});
    expect(error.code).toBe('GF_GRAPH_INVALID_URL');
    expect(error.message).toContain('graphform.config.yaml:3:5 (environments.p.graphUrl)');
    expect(error.message).toContain(why);
    for (const leak of leaks) expect(shown(error)).not.toContain(leak);
  });

  it('an epi-hmac secret that is not base64 is refused at its key, unshown; a Basic one is sent as it is', async () => {
    const error = await failure(env(['graphUrl: https://graph.example.com', 'auth: { scheme: hmac, appKey: k, secret: "my secret, pasted" }']), {});
    expect(error.code).toBe('GF_CONFIG_SECRET_NOT_BASE64');
    expect(error.message).toContain('(environments.p.auth.secret): auth.secret is not base64');
    expect(shown(error)).not.toContain('my secret, pasted');
    const basic = await failure(env(['graphUrl: "https://u:p@graph.example.com"', 'auth: { scheme: basic, appKey: k, secret: "my secret, pasted" }']), {});
    expect(basic.code, 'a Basic secret is not decoded: only the URL is refused here').toBe('GF_GRAPH_INVALID_URL');
  });

  it('the CLI shows none of it, in text or JSON, verbose or not', async () => {
    const config = ['defaultEnvironment: p', env(['graphUrl: "${env:URL}"', 'auth: { scheme: hmac, appKey: k, secret: "${env:S}" }'])].join('\n');
    const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/.keep': '' });
    const cases: Array<[Record<string, string>, string, string[]]> = [
      [{ URL: 'https://graphuser:Pa55word-1@graph.example.com?key=Qu3ryKey-1', S: GOOD }, 'GF_GRAPH_INVALID_URL', ['graphuser', 'Pa55word-1', 'Qu3ryKey-1']],
      [{ URL: 'https://graph.example.com', S: 'x' }, 'GF_CONFIG_SECRET_TOO_SHORT', []],
      [{ URL: 'https://graph.example.com', S: 'not base64!! Zq9' }, 'GF_CONFIG_SECRET_NOT_BASE64', ['not base64!! Zq9']],
    ];
    for (const [vars, code, leaks] of cases) {
      for (const flags of [[], ['--format', 'json'], ['--verbose'], ['--format', 'json', '--verbose']]) {
        const run = await runCli([...flags, 'plan'], { cwd: dir, env: vars });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(code);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        for (const leak of leaks) expect(run.stdout + run.stderr).not.toContain(leak);
      }
    }
  });
});

describe('the secrets of every environment', () => {
  const values = {
    STAGING_SECRET: 'staging-graph-secret-1',
    PRODUCTION_SECRET: 'production-graph-secret-2',
    PRODUCTION_READ_KEY: 'production-read-key-3',
    STATE_PASSWORD: 'state-server-password-4',
    MARKETING_SECRET: 'marketing-client-secret-5',
  };
  const config = [
    'environments:',
    '  staging:',
    '    graphUrl: https://staging.example.com',
    '    auth: { scheme: basic, appKey: "${env:STAGING_KEY}", secret: "${env:STAGING_SECRET}" }',
    '  production:',
    '    graphUrl: https://graph.example.com',
    '    auth: { scheme: hmac, appKey: production-app, secret: "${env:PRODUCTION_SECRET}" }',
    '    singleKey: "${env:PRODUCTION_READ_KEY}"',
    '    state: { backend: http, address: https://state.example.com, username: ci, password: "${env:STATE_PASSWORD}" }',
    '  unset:',
    '    graphUrl: https://unset.example.com',
    '    auth: { scheme: hmac, appKey: k, secret: "${env:NOT_SET}-suffix" }',
    'marketing:',
    '  authUrl: https://accounts.example.com',
    '  baseUrl: https://api.example.com',
    '  clientId: marketing-client',
    '  clientSecret: "${env:MARKETING_SECRET}"',
    '  redirectUri: http://127.0.0.1:8765/callback',
    '',
  ].join('\n');

  it('are redacted once the config is loaded, whichever environment the command uses', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': config });
    const loaded = await loadConfig({ cwd: dir, configFile: undefined, env: { ...values, STAGING_KEY: 'staging-app' } });
    // The command uses local, as validate does by default: no other environment resolves.
    selectEnvironment(loaded, 'local');
    const text = [
      ...Object.values(values),
      'staging-app:staging-graph-secret-1',
      'ci:state-server-password-4',
      Buffer.from('marketing-client:marketing-client-secret-5').toString('base64'),
    ].join(' | ');
    // Each Basic pair is a secret of its own, so it goes whole, the identifier with it.
    expect(redact(text)).toBe(Array.from({ length: 8 }, () => '[redacted]').join(' | '));
    // Identifiers are not secrets, and a value whose variable is not set is not guessed at.
    expect(redact('staging-app production-app -suffix')).toBe('staging-app production-app -suffix');
  });
});
