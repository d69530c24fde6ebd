import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import type { GraphformError } from '../../src/diagnostics/errors.js';
import { configRefusal } from '../helpers/config-refusal.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const VARIABLES = { V: 'value-of-v-1234', GRAPH_SECRET: 'c2VjcmV0LXZhbHVl', KEY: 'app-key' };

const refusal = (config: string): Promise<GraphformError> => configRefusal({ 'graphform.config.yaml': config }, VARIABLES);

describe('where ${env:NAME} is read', () => {
  it.each([
    ['sources', 'sources: "${env:V}"\n', 'graphform.config.yaml:1:10 (sources)'],
    ['a path inside sources', 'sources: "decl/${env:V}/x"\n', 'graphform.config.yaml:1:10 (sources)'],
    ['defaultEnvironment', 'defaultEnvironment: "${env:V}"\n', 'graphform.config.yaml:1:21 (defaultEnvironment)'],
    ['codegen.out', 'codegen:\n  out: "gen/${env:V}"\n', 'graphform.config.yaml:2:8 (codegen.out)'],
    ['codegen.sources', 'codegen: { sources: [a, "${env:V}"] }\n', 'graphform.config.yaml:1:25 (codegen.sources.1)'],
    ['reservedTypeNames', 'reservedTypeNames: ["${env:V}"]\n', 'graphform.config.yaml:1:21 (reservedTypeNames.0)'],
    ['data.idField', 'data: { idField: "${env:V}" }\n', 'graphform.config.yaml:1:18 (data.idField)'],
    [
      'state.path',
      'environments:\n  local:\n    emulator: {}\n    state: { backend: local, path: "${env:V}.json" }\n',
      'graphform.config.yaml:4:36 (environments.local.state.path)',
    ],
    [
      'emulator.dataDir',
      'environments:\n  local:\n    emulator: { dataDir: "${env:V}" }\n',
      'graphform.config.yaml:3:26 (environments.local.emulator.dataDir)',
    ],
    [
      "the emulator's cmsTypes",
      'environments:\n  local:\n    emulator: { cmsTypes: { label: "${env:V}" } }\n',
      'graphform.config.yaml:3:36 (environments.local.emulator.cmsTypes.label)',
    ],
  ])('not in %s: a config error at its position, naming the variable and where it may go', async (_name, config, at) => {
    const error = await refusal(config);
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain(`${at}: \${env:V} is not read here`);
    expect(error.message).toContain('${env:NAME} is read only in');
    expect(error.message).toContain('write the value itself');
    expect(JSON.stringify({ m: error.message, h: error.hint, d: error.details })).not.toContain(VARIABLES.V);
  });

  it('names every misplaced variable at once, and an unknown key only as unknown', async () => {
    const error = await refusal('sources: "${env:V}"\ncodegen: { out: "${env:GRAPH_SECRET}" }\nsourcez: "${env:V}"\n');
    expect(error.message).toContain('graphform.config.yaml:1:10 (sources)');
    expect(error.message).toContain('graphform.config.yaml:2:17 (codegen.out): ${env:GRAPH_SECRET}');
    expect(error.message).toContain('graphform.config.yaml:3:1 (sourcez): unknown key');
    expect(error.message.split('\n').filter((line) => line.includes('sourcez'))).toHaveLength(1);
  });

  it('is read in the endpoint and credential keys of environments and marketing', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': [
        'sources: decl',
        'environments:',
        '  production:',
        '    graphUrl: "https://${env:KEY}.example.com"',
        '    auth: { scheme: hmac, appKey: "${env:KEY}", secret: "${env:GRAPH_SECRET}" }',
        '    singleKey: "${env:V}"',
        '    state: { backend: http, address: "https://s.example.com/${env:KEY}", username: "${env:KEY}", password: "${env:V}", lockMethod: "${env:KEY}" }',
        'marketing:',
        '  authUrl: "https://${env:KEY}.example.com"',
        '  baseUrl: https://api.example.com',
        '  clientId: "${env:KEY}"',
        '  clientSecret: "${env:V}"',
        '  redirectUri: "http://127.0.0.1:8765/${env:KEY}"',
        '  revokeUrl: "https://${env:KEY}.example.com/revoke"',
        '',
      ].join('\n'),
    });
    const config = await loadConfig({ cwd: dir, configFile: undefined, env: VARIABLES });
    expect(config.sources).toBe(path.join(dir, 'decl'));
    const production = selectEnvironment(config, 'production');
    expect(production).toMatchObject({
      graphUrl: 'https://app-key.example.com',
      auth: { appKey: 'app-key', secret: VARIABLES.GRAPH_SECRET },
      singleKey: VARIABLES.V,
    });
    expect(production.state).toMatchObject({ address: 'https://s.example.com/app-key', username: 'app-key', password: VARIABLES.V, lockMethod: 'app-key' });
    expect(config.resolveMarketing()).toMatchObject({
      authUrl: 'https://app-key.example.com',
      clientId: 'app-key',
      clientSecret: VARIABLES.V,
      redirectUri: 'http://127.0.0.1:8765/app-key',
    });
  });
});
