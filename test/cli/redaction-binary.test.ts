import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/** Issue 24, through the built binary: redaction takes secrets, never graphform's own words. */
describe('the built binary keeps the words of its own hints', () => {
  beforeAll(assertFreshBuild);

  it('a 401 from the graph service: the hint names epi-hmac signatures, not "epi-hmac [redacted]"', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const run = await runBuilt(project.dir, ['plan'], {
      GRAPH_APP_KEY: emulator.credentials.appKey,
      GRAPH_SECRET: Buffer.from('not the emulator secret').toString('base64'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_GRAPH_HTTP_401');
    expect(run.stderr, "the hint, graphform's own text, was redacted as if it held a credential").toContain(
      'epi-hmac signatures carry a timestamp the service checks.',
    );
  });
});
