import { describe, expect, it } from 'vitest';
import { validate } from '../../src/workflows/validate.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const SOURCE = 'id: site\nlabel: Site\nlanguages: [en]\ncontentTypes:\n  Article:\n    contentType: []\n    properties:\n      Title: { type: String }\n';

const config = (singleKey: string): string =>
  [
    'defaultEnvironment: local',
    'environments:',
    '  local:',
    '    emulator: { dataDir: .graphform/emulator }',
    '  production:',
    '    graphUrl: https://graph.example.com',
    '    auth: { scheme: hmac, appKey: key, secret: "${env:GRAPH_SECRET}" }',
    `    singleKey: ${singleKey}`,
    '',
  ].join('\n');

async function validateWith(singleKey: string, variables: Record<string, string>, environment?: string): Promise<unknown> {
  const cwd = await makeProjectDir({ 'graphform.config.yaml': config(singleKey), 'content-sources/site.yaml': SOURCE });
  return validate(environment === undefined ? {} : { environment }, testHost(cwd, { variables }));
}

const LONG_SECRET = 'a-long-enough-graph-secret';

describe('validate checks what plan would refuse in the config', () => {
  it('fails on a too-short singleKey of the environment it validates, as plan would', async () => {
    await expect(validateWith('abc', { GRAPH_SECRET: LONG_SECRET }, 'production')).rejects.toMatchObject({ code: 'GF_CONFIG_SECRET_TOO_SHORT' });
  });

  it('fails on a too-short singleKey of another environment than the one it validates', async () => {
    await expect(validateWith('abc', { GRAPH_SECRET: LONG_SECRET })).rejects.toMatchObject({ code: 'GF_CONFIG_SECRET_TOO_SHORT' });
  });

  it('fails on a too-short singleKey given through a variable that is set', async () => {
    await expect(validateWith('"${env:SINGLE_KEY}"', { GRAPH_SECRET: LONG_SECRET, SINGLE_KEY: 'x' })).rejects.toMatchObject({
      code: 'GF_CONFIG_SECRET_TOO_SHORT',
    });
  });

  it('passes offline when the variables of another environment are not set (a pipeline without its secrets)', async () => {
    const result = await validateWith('"${env:SINGLE_KEY}"', {});
    expect(result).toMatchObject({ ok: true });
  });

  it('passes a singleKey long enough', async () => {
    const result = await validateWith('a-long-enough-single-key', { GRAPH_SECRET: LONG_SECRET });
    expect(result).toMatchObject({ ok: true });
  });
});
