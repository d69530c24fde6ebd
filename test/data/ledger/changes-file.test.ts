import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireLines } from '../fixtures.js';
import { startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

const item = (id: string, name: string): Record<string, unknown> => ({
  Id: id,
  Name: name,
  ContentType: ['Item', 'Product'],
  Language: { Name: 'en' },
  _rbac: 'r:Everyone:Read',
});
const declared = `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`;

/**
 * The data step pushes the changed items from a file of their own. A run killed while it
 * sends leaves that file behind: it holds drafts and restricted items, so it lives in the
 * project's .graphform/ (0600), never the system's temp folder, and the next run removes it.
 */
describe('the data step file of changed items', () => {
  it("is written inside .graphform/tmp, private (0600), and a dead run's leftover is removed", { timeout: 60_000 }, async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(
      emulator,
      { 'content-sources/shop.yaml': declared, 'content-sources/data/shop.ndjson': wireLines([item('1', 'one')]) },
      '',
      { requestTimeoutMs: 120_000 },
    );
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    // A run (pid 2^22 + 1 is above Linux's pid_max, so it runs nowhere) killed in its data step.
    const leftover = path.join(project.dir, '.graphform/tmp/changes-shop-4194305-0badf00d.ndjson');
    await project.write({ '.graphform/tmp/changes-shop-4194305-0badf00d.ndjson': wireLines([item('9', 'secret draft')]) });

    await project.write({ 'content-sources/data/shop.ndjson': wireLines([item('1', 'one'), item('2', 'two')]) });
    const hold = emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', hold: true });
    const applying = project.cli('apply', '--yes');
    await emulator.faults.held(hold.id);
    const folder = path.join(project.dir, '.graphform/tmp');
    const inUse = (await readdir(folder)).filter((name) => name.startsWith('changes-shop-'));
    const modes = {
      folder: (await stat(folder)).mode & 0o777,
      files: await Promise.all(inUse.map(async (name) => (await stat(path.join(folder, name))).mode & 0o777)),
    };
    emulator.faults.release(hold.id);
    const applied = await applying;
    expect(applied.code, applied.stderr).toBe(0);

    expect(inUse, "while the changes are sent, their file is in .graphform/tmp (and the dead run's leftover is gone)").toHaveLength(1);
    expect(inUse[0]).toMatch(new RegExp(`^changes-shop-${process.pid}-[0-9a-f]+\\.ndjson$`));
    expect(modes, 'the changed items may be drafts or restricted: private to their owner').toEqual({ folder: 0o700, files: [0o600] });
    expect(existsSync(leftover), "a dead run's file of changed items is removed by the next run").toBe(false);
    expect(await readdir(folder), 'the file is removed once sent').toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
  });
});
