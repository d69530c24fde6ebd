import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const config = (part: string): string =>
  [
    'environments:',
    '  ci:',
    '    graphUrl: https://graph.example.com',
    '    auth: { scheme: hmac, appKey: k, secret: c2VjcmV0 }',
    `    state: { backend: http, address: "https://state.example.com/s"${part} }`,
    '',
  ].join('\n');

async function stateOf(part: string): Promise<unknown> {
  const dir = await makeProjectDir({ 'graphform.config.yaml': config(part) });
  return selectEnvironment(await loadConfig({ cwd: dir, configFile: undefined, env: {} }), 'ci').state;
}

describe('state.snapshotPartBytes (the parts of a snapshot copied beside http state)', () => {
  it('is read when given, and absent (the 4 MiB default) when not', async () => {
    expect(await stateOf(', snapshotPartBytes: 1048576')).toMatchObject({ backend: 'http', snapshotPartBytes: 1_048_576 });
    expect(await stateOf('')).not.toHaveProperty('snapshotPartBytes');
  });

  it.each(['1000', '33554433', '"big"'])('refuses %s: parts must be 64 KiB to 32 MiB (graphform reads at most 64 MiB of one answer)', async (value) => {
    const error = await stateOf(`, snapshotPartBytes: ${value}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isGraphformError(error) ? error.code : error).toBe('GF_CONFIG_INVALID');
    expect(isGraphformError(error) ? error.message : '').toContain('snapshotPartBytes');
  });
});
