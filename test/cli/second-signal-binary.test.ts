import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, spawnBuilt } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

describe('a second SIGINT during apply (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('exits 130 at once, without waiting for the request in flight, and says what is left', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    // The PUT that creates the source is held and never released: the run can end only by not waiting for it.
    const held = emulator.faults.add({ method: 'PUT', pathPrefix: '/api/content/v3/types', hold: true });
    const run = spawnBuilt(project.dir, ['apply', '--yes'], { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret });

    await emulator.faults.held(held.id);
    run.child.kill('SIGINT');
    await run.printed('finishing the request in flight');
    run.child.kill('SIGINT');
    const ended = await run.ended;
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toContain('SIGINT again: stopping at once');
    // Stopped at once, not by the graceful path: no summary, and the lock is left behind
    // (the next run takes it over, its holder being gone).
    expect(ended.stdout).not.toMatch(/pending|Apply (?:complete|stopped)/i);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(true);
  });
});
