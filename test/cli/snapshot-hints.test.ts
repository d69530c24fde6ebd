import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { line, NAME, pendingOf, pendingProject, SOURCE } from '../helpers/pending-snapshot.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * After a snapshot problem, every command graphform advises works and forgets nothing:
 * not `data push` (it fails without data: files, and pushes none of the snapshot's items),
 * not `state rm` (it forgets the source and the items still owed to it).
 */
describe('hints after a snapshot problem', () => {
  it('apply names the original or --forget-missing-items for a changed snapshot, and following it finishes', { timeout: 60_000 }, async () => {
    const { dir, statePath } = await pendingProject(line('a') + line('b'));
    await writeFile(path.join(dir, NAME), line('a'));

    const applied = await runCli(['apply', '--yes'], { cwd: dir });
    expect(applied.code).toBe(1);
    const said = applied.stdout + applied.stderr;
    expect(said).toContain('GF_KEEP_SNAPSHOT_CHANGED');
    expect(said).toContain(`graphform data restore ${NAME} --forget-missing-items`);
    expect(said, 'data push fails without data: files (GF_DATA_NO_FILES)').not.toContain('data push');
    const planned = await runCli(['plan'], { cwd: dir });
    expect(planned.stdout).toContain(`graphform data restore ${NAME}`);
    expect(planned.stdout, 'state rm would forget the items the snapshot owes').not.toContain('state rm');
    expect((await pendingOf(statePath))?.keep?.snapshot).toBe(NAME);

    const forgot = await runCli(['data', 'restore', NAME, '--forget-missing-items'], { cwd: dir });
    expect(forgot.code, forgot.stderr).toBe(0);
    const again = await runCli(['apply', '--yes'], { cwd: dir });
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it("a push of the data: files leaves a pending snapshot's marker, naming data restore", { timeout: 60_000 }, async () => {
    const declared = `${SOURCE}data:\n  - items.ndjson\n`;
    const { dir, statePath } = await pendingProject(line('a'), { 'content-sources/shop.yaml': declared, 'content-sources/items.ndjson': line('f1') });
    const pushed = await runCli(['data', 'push', 'shop'], { cwd: dir });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stderr).toContain(`graphform data restore ${NAME}`);
    expect((await pendingOf(statePath))?.keep?.snapshot, 'the data: files are not the items the snapshot keeps: its marker stays').toBe(NAME);
  });
});
