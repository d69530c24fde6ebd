import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const CONFIG = 'sources: content-sources\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n';
const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\nunknownFields:\n  blob: !!binary aGVsbG8=\n';

/** Issue 24, through the built binary: an unknownFields value a YAML tag makes binary is refused, never sent as {"0":104,…}. */
describe('the built binary and an unknownFields value that is not plain JSON', () => {
  beforeAll(assertFreshBuild);

  it.each([['validate'], ['plan', '--format', 'json']])('%s refuses !!binary at its file:line:col', async (...argv) => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': SHOP });
    const run = await runBuilt(dir, argv);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/content-sources\/shop\.yaml:6:\d+ error GF_INVALID_VALUE.*unknownFields\.blob is not a plain JSON value/);
    expect(run.stdout + run.stderr).not.toContain('"0":104');
  });
});
