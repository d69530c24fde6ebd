import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

async function load(files: Record<string, string>, options: { env?: Record<string, string>; configFile?: string } = {}) {
  const dir = await makeProjectDir(files);
  const config = await loadConfig({ cwd: dir, configFile: options.configFile, env: options.env ?? {} });
  return { dir, config };
}

async function loadError(files: Record<string, string>, options: { env?: Record<string, string>; environment?: string } = {}) {
  try {
    const { config } = await load(files, options);
    selectEnvironment(config, options.environment);
  } catch (error) {
    if (isGraphformError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('loadConfig', () => {
  it('uses defaults without a config file: local emulator, local state', async () => {
    const { dir, config } = await load({});
    expect(config.configFile).toBeUndefined();
    expect(config.sources).toBe(path.join(dir, 'content-sources'));
    expect(config.environmentNames).toEqual(['local']);
    const local = selectEnvironment(config, undefined);
    expect(local.emulator?.dataDir).toBe(path.join(dir, '.graphform/emulator'));
    expect(local.state).toEqual({ backend: 'local', path: path.join(dir, '.graphform/state/local.json'), lockTimeoutMs: 0 });
  });

  it('reads graphform.config.yaml and interpolates ${env:NAME} only in the environment used', async () => {
    const { config } = await load(
      {
        'graphform.config.yaml': [
          'sources: decl',
          'reservedTypeNames: [ArticlePage]',
          'maxSources: 3',
          'environments:',
          '  production:',
          '    graphUrl: https://graph.example.com',
          '    auth: { scheme: hmac, appKey: "${env:KEY}", secret: "${env:SECRET}" }',
          '    state: { backend: http, address: "https://state.example.com/${env:KEY}" }',
          '',
        ].join('\n'),
      },
      { env: { KEY: 'k1', SECRET: 'c2VjcmV0' } },
    );
    expect(config.reservedTypeNames).toEqual(['ArticlePage']);
    expect(config.maxSources).toBe(3);
    expect(config.environmentNames).toEqual(['local', 'production']);
    const prod = selectEnvironment(config, 'production');
    expect(prod.auth).toEqual({ scheme: 'hmac', appKey: 'k1', secret: 'c2VjcmV0' });
    expect(prod.state).toMatchObject({ backend: 'http', address: 'https://state.example.com/k1', lockAddress: 'https://state.example.com/k1' });
  });

  it('does not need production secrets to use the local environment', async () => {
    const { config } = await load({
      'graphform.config.yaml': 'environments:\n  production:\n    graphUrl: https://x\n    auth: { scheme: basic, appKey: "${env:K}", secret: "${env:S}" }\n',
    });
    expect(selectEnvironment(config, 'local').emulator).toBeDefined();
  });

  it('accepts environment names with single hyphens, and refuses a leading, trailing or doubled one', async () => {
    const { config } = await load({ 'graphform.config.yaml': 'environments:\n  staging-eu:\n    emulator: {}\n' });
    expect(selectEnvironment(config, 'staging-eu').name).toBe('staging-eu');
    for (const name of ['-x', 'x-', 'a--b']) {
      await expect(load({ 'graphform.config.yaml': `environments:\n  "${name}":\n    emulator: {}\n` }), name).rejects.toMatchObject({
        code: 'GF_CONFIG_INVALID',
      });
    }
  });

  it('finds the "graphform" key in package.json', async () => {
    const { config } = await load({ 'package.json': JSON.stringify({ name: 'x', graphform: { sources: 'schemas' } }) });
    expect(config.sources.endsWith('schemas')).toBe(true);
  });

  const invalid: { name: string; files: Record<string, string>; env?: Record<string, string>; environment?: string; code: string; text: string[] }[] = [
    {
      name: 'a missing variable names the variable and the line',
      files: {
        'graphform.config.yaml':
          'environments:\n  prod:\n    graphUrl: https://x\n    auth:\n      scheme: hmac\n      appKey: "${env:GRAPH_APP_KEY}"\n      secret: s\n',
      },
      environment: 'prod',
      code: 'GF_CONFIG_ENV_MISSING',
      text: ['GRAPH_APP_KEY', 'graphform.config.yaml:6:7'],
    },
    {
      name: 'every missing variable of the environment is named at once, each with its line',
      files: {
        'graphform.config.yaml':
          'environments:\n  prod:\n    graphUrl: "${env:GRAPH_URL}"\n    auth:\n      scheme: hmac\n      appKey: "${env:GRAPH_APP_KEY}"\n      secret: "${env:GRAPH_SECRET}"\n    state: { backend: http, address: "${env:STATE_URL}" }\n',
      },
      environment: 'prod',
      code: 'GF_CONFIG_ENV_MISSING',
      text: ['4 environment variables', 'graphform.config.yaml:3:5', 'GRAPH_URL', 'graphform.config.yaml:6:7', 'GRAPH_APP_KEY', 'GRAPH_SECRET', 'STATE_URL'],
    },
    {
      name: 'an unknown key is located and gets a suggestion',
      files: { 'graphform.config.yaml': 'sources: x\nreservedTypeName: []\n' },
      code: 'GF_CONFIG_INVALID',
      text: ['graphform.config.yaml:2:1', 'reservedTypeNames'],
    },
    {
      name: 'a wrong value type',
      files: { 'graphform.config.yaml': 'maxSources: many\n' },
      code: 'GF_CONFIG_INVALID',
      text: ['graphform.config.yaml:1:13', 'whole number'],
    },
    {
      name: 'an unknown auth scheme',
      files: { '.graphformrc.json': '{"environments": {"p": {"graphUrl": "https://x", "auth": {"scheme": "hmca", "appKey": "a", "secret": "b"}}}}' },
      code: 'GF_CONFIG_INVALID',
      text: ['.graphformrc.json:1:', 'hmac'],
    },
    {
      name: 'an environment without a service or emulator',
      files: { 'graphform.config.yaml': 'environments:\n  staging:\n    refresh: false\n' },
      environment: 'staging',
      code: 'GF_CONFIG_INVALID',
      text: ['graphUrl', 'emulator'],
    },
    {
      name: 'an environment name with a path separator, which would put its state, lock and snapshots outside the project',
      files: { 'graphform.config.yaml': 'environments:\n  ../../elsewhere:\n    emulator: {}\n' },
      code: 'GF_CONFIG_INVALID',
      text: [
        'graphform.config.yaml:2:3 (environments.../../elsewhere): "../../elsewhere" is not a valid name: an environment name is 1 to 32 characters, lowercase a-z and 0-9, with single hyphens between them',
      ],
    },
    {
      name: 'an environment name with characters a source id does not allow',
      files: { '.graphformrc.json': '{"environments": {"local": {}, "Prod_EU": {"emulator": {}}}}' },
      code: 'GF_CONFIG_INVALID',
      text: ['.graphformrc.json:1:32 (environments.Prod_EU): "Prod_EU" is not a valid name'],
    },
    {
      name: 'an unknown environment',
      files: {},
      environment: 'prodution',
      code: 'GF_CONFIG_UNKNOWN_ENVIRONMENT',
      text: ['prodution', 'local'],
    },
    {
      name: 'a misspelt environment: the closest configured one is suggested',
      files: {
        'graphform.config.yaml':
          'environments:\n  production:\n    graphUrl: https://graph.example.com\n    auth: { scheme: basic, appKey: k, secret: c2VjcmV0LXNlY3JldA== }\n',
      },
      environment: 'prodution',
      code: 'GF_CONFIG_UNKNOWN_ENVIRONMENT',
      text: ['There is no environment "prodution" in the config; did you mean `production`?', 'Known environments: local, production.'],
    },
    {
      name: 'a YAML syntax error',
      files: { 'graphform.config.yaml': 'sources: [a\n' },
      code: 'GF_CONFIG_INVALID',
      text: ['graphform.config.yaml:2:1: YAML syntax error: ', 'Fix the YAML at that line'],
    },
  ];

  it.each(invalid)('$name', async ({ files, env, environment, code, text }) => {
    const error = await loadError(files, { env: env ?? {}, ...(environment === undefined ? {} : { environment }) });
    expect(error.code).toBe(code);
    for (const t of text) expect(`${error.message}\n${error.hint ?? ''}`).toContain(t);
  });

  it('never puts a secret value in an error', async () => {
    const error = await loadError(
      { 'graphform.config.yaml': 'environments:\n  p:\n    graphUrl: https://x\n    auth: { scheme: hmac, appKey: "${env:K}", secret: "${env:S}" }\n' },
      { env: { S: 'top-secret-value' }, environment: 'p' },
    );
    expect(error.code).toBe('GF_CONFIG_ENV_MISSING');
    expect(JSON.stringify({ m: error.message, h: error.hint, d: error.details })).not.toContain('top-secret-value');
  });

  it('describes a misplaced secret by its type only', async () => {
    const error = await loadError({
      'graphform.config.yaml': 'environments:\n  p:\n    graphUrl: https://x\n    auth: { scheme: hmac, appKey: k, secret: 98765432 }\n',
    });
    expect(error.message).toContain('expected a string, got a number');
    expect(error.message).not.toContain('98765432');
  });

  it('refuses a --config that does not exist', async () => {
    const dir = await makeProjectDir({});
    await expect(loadConfig({ cwd: dir, configFile: 'nope.yaml', env: {} })).rejects.toMatchObject({ code: 'GF_CONFIG_NOT_FOUND' });
  });
});
