import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

async function load(config: string) {
  const dir = await makeProjectDir({ 'graphform.config.yaml': config });
  return loadConfig({ cwd: dir, configFile: undefined, env: {} });
}

async function refusal(config: string): Promise<string> {
  try {
    await load(config);
  } catch (error) {
    if (isGraphformError(error)) return `${error.code} ${error.message}`;
    throw error;
  }
  throw new Error('the config was accepted');
}

describe('the operations: block', () => {
  it('is absent unless configured, and failOn is broken unless set', async () => {
    expect((await load('sources: content-sources\n')).operations).toBeUndefined();
    expect((await load('operations:\n  documents: ["web/**/*.graphql"]\n')).operations).toEqual({ documents: ['web/**/*.graphql'], failOn: 'broken' });
    expect((await load('operations:\n  documents: ["a.graphql"]\n  failOn: affected\n')).operations).toEqual({ documents: ['a.graphql'], failOn: 'affected' });
  });

  it('refuses a failOn it does not know and a block without documents, at the key', async () => {
    expect(await refusal('operations:\n  documents: ["a.graphql"]\n  failOn: always\n')).toMatch(
      /^GF_CONFIG_INVALID [\s\S]*graphform\.config\.yaml:3:\d+ \(operations\.failOn\)/,
    );
    expect(await refusal('operations:\n  failOn: none\n')).toMatch(/^GF_CONFIG_INVALID [\s\S]*documents/);
  });
});
