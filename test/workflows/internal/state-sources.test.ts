import { describe, expect, it } from 'vitest';
import { GraphformError } from '../../../src/diagnostics/errors.js';
import { readStateSourcesLeniently } from '../../../src/workflows/internal/state-sources.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { testHost } from '../../helpers/workflow-host.js';

describe("validate's lenient read of the state", () => {
  it('lets an invalid config be the error, with no note about state', async () => {
    const host = testHost(await makeTempDir());
    const invalid = new GraphformError('GF_CONFIG_INVALID', 'The config is not valid:\n  graphform.config.yaml:4:1 (failOn): unknown key `failOn`');
    await expect(readStateSourcesLeniently(host, () => Promise.reject(invalid))).rejects.toBe(invalid);
    expect(host.messages).toEqual([]);
  });

  it('notes a state it cannot read with the whole reason, on one line, and checks without it', async () => {
    const host = testHost(await makeTempDir());
    const missing = new GraphformError('GF_CONFIG_ENV_MISSING', 'The environment variable is not set:\n  STATE_TOKEN (environments.prod.state.token)');
    expect(await readStateSourcesLeniently(host, () => Promise.reject(missing))).toEqual({});
    expect(host.messages).toEqual([
      {
        kind: 'note',
        text: 'state not read (The environment variable is not set: STATE_TOKEN (environments.prod.state.token)); names of sources only in state are not checked.',
      },
    ]);
  });
});
