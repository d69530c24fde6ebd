import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/config/duration.js';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

async function environment(text: string, name = 'local') {
  const cwd = await makeProjectDir({ 'graphform.config.yaml': text });
  return selectEnvironment(await loadConfig({ cwd, configFile: undefined, env: { KEY: 'k', SECRET: 'c2VjcmV0c2VjcmV0c2VjcmV0' } }), name);
}

async function failure(text: string): Promise<string> {
  try {
    await environment(text);
  } catch (error) {
    if (isGraphformError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected an error');
}

describe('wait: and the embedded emulator delays', () => {
  it.each([
    ['20m', 1_200_000],
    ['30s', 30_000],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['0', 0],
  ])('reads the duration %s as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['20', '1.5m', 'm', '20 minutes', '-1s', '${env:WAIT}', '999999h'])('refuses %s', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('defaults to the public record: 20 minutes for the schema, 10 for the items; 200 ms delays in the embedded emulator', async () => {
    const local = await environment('environments:\n  local: {}\n');
    expect(local.wait).toEqual({ schemaTimeoutMs: 1_200_000, servedTimeoutMs: 600_000 });
    expect(local.emulator).toMatchObject({ schemaDelayMs: 200, indexingLagMs: 200 });
  });

  it('takes them per environment', async () => {
    const text = [
      'environments:',
      '  local:',
      '    emulator: { schemaDelay: 0, indexingLag: 1s }',
      '    wait: { schemaTimeout: 30s }',
      '  production:',
      '    graphUrl: https://graph.example.com',
      '    auth: { scheme: hmac, appKey: "${env:KEY}", secret: "${env:SECRET}" }',
      '    wait: { schemaTimeout: 45m, servedTimeout: 15m }',
      '',
    ].join('\n');
    const local = await environment(text);
    expect(local.wait).toEqual({ schemaTimeoutMs: 30_000, servedTimeoutMs: 600_000 });
    expect(local.emulator).toMatchObject({ schemaDelayMs: 0, indexingLagMs: 1000 });
    expect((await environment(text, 'production')).wait).toEqual({ schemaTimeoutMs: 2_700_000, servedTimeoutMs: 900_000 });
  });

  it('names the config line of a value that is no duration, and of an unknown key', async () => {
    expect(await failure('environments:\n  local:\n    wait: { schemaTimeout: 20 }\n')).toMatch(
      /^GF_CONFIG_INVALID: .*graphform\.config\.yaml:3:\d+.*expected a duration such as 20m, 30s or 500ms, got number 20/s,
    );
    expect(await failure('environments:\n  local:\n    wait: { schemaTimeot: 20m }\n')).toMatch(/unknown key `schemaTimeot`.*schemaTimeout/s);
  });
});
