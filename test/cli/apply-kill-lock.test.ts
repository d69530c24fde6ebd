import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wireLines } from '../data/fixtures.js';
import { assertFreshBuild, spawnBuilt } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/**
 * kill -9 of an apply leaves its state lock behind. The next apply must see that the
 * holder is gone and take the lock over with a notice, with no `state unlock` in between.
 * The real binary; the emulator holds its first data request, so the kill lands while the
 * run surely holds the lock.
 */
const ITEMS = 40;

describe('apply after kill -9 of an apply holding the lock', () => {
  beforeAll(assertFreshBuild);

  it("takes the dead run's lock over with a notice and completes", async () => {
    const emulator = await startTestEmulator();
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      Id: String(i + 1),
      Name: `Product ${i + 1}`,
      ContentType: ['Item', 'Product'],
      Language: { Name: 'en', DisplayName: 'English' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
    }));
    const project = await graphProject(
      emulator,
      { 'content-sources/shop.yaml': `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`, 'content-sources/data/shop.ndjson': wireLines(items) },
      'data: { batchMaxItems: 1, concurrency: 1 }',
    );
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
    const lockFile = path.join(project.dir, '.graphform/state/test.json.lock');
    const hold = emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', hold: true });

    const first = spawnBuilt(project.dir, ['apply', '--yes'], env);
    await emulator.faults.held(hold.id);
    first.child.kill('SIGKILL');
    const killed = await first.ended;
    expect(killed.signal, first.output()).toBe('SIGKILL');
    emulator.faults.clear();
    expect(existsSync(lockFile)).toBe(true);
    const dead = JSON.parse(await readFile(lockFile, 'utf8')) as { id: string; pid: number };
    expect(dead.pid).toBe(first.child.pid);

    const second = await spawnBuilt(project.dir, ['apply', '--yes'], env).ended;
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stderr).toContain(`Took over the state lock ${dead.id}`);
    expect(second.stderr).toContain(`pid ${dead.pid} is not running, so that run is gone`);
    expect(existsSync(lockFile)).toBe(false);
    expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);

    const plan = await spawnBuilt(project.dir, ['plan', '--detailed-exitcode'], env).ended;
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  });
});
