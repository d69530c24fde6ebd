import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, line, NAME, pendingOf, pendingProject, SOURCE } from '../helpers/pending-snapshot.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * `graphform data restore SNAPSHOT` and `state show`: a snapshot that state names as pending
 * (as a keeping apply stopped after its PUT leaves it) is named by `state show`, pushed by
 * `data restore` with the same checks and served count as `data push`, and then the marker
 * is cleared and the file removed.
 */
describe('graphform data restore', () => {
  it('pushes the pending snapshot state names, then clears the marker and removes the file', { timeout: 60_000 }, async () => {
    const text = line('a') + line('b');
    const { dir, statePath } = await pendingProject(text);
    const name = NAME;
    const hash = `sha256:${createHash('sha256').update(text).digest('hex')}`;

    const shown = await runCli(['state', 'show', 'shop'], { cwd: dir });
    expect(shown.stdout).toContain(`# pending snapshot: ${name} (2 items, ${hash})`);
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir });
    expect(plan.code).toBe(2);

    const restored = await runCli(['data', 'restore', name], { cwd: dir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Served: sent 2, served 2');
    expect(restored.stdout).toContain(`Finished the pending restore of source shop: state no longer names ${name}, and the file is removed.`);
    expect(existsSync(path.join(dir, name))).toBe(false);
    expect(await pendingOf(statePath)).toBeUndefined();
    expect((await runCli(['plan', '--detailed-exitcode'], { cwd: dir })).code).toBe(0);
  });

  it('refuses a snapshot whose source it cannot tell, and pushes any file of a named source without touching state', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': SOURCE, 'saved.ndjson': line('c') });
    expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
    const unknown = await runCli(['data', 'restore', 'saved.ndjson'], { cwd: dir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('graphform cannot tell which source saved.ndjson belongs to');
    const named = await runCli(['data', 'restore', 'saved.ndjson', '--source', 'shop'], { cwd: dir });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('Served: sent 1, served 1');
    expect(existsSync(path.join(dir, 'saved.ndjson'))).toBe(true);
  });

  it('refuses a pending snapshot whose bytes changed, keeping the marker and the file, and names the flag that forgets', { timeout: 60_000 }, async () => {
    const { dir, statePath } = await pendingProject(line('a') + line('b') + line('c'));
    // Truncated after its first item, as a disk that filled up or a careless edit leaves it.
    await writeFile(path.join(dir, NAME), line('a'));
    const before = await pendingOf(statePath);

    const refused = await runCli(['data', 'restore', NAME], { cwd: dir });
    expect(refused.code, 'a changed pending snapshot must not be pushed as if it were the recorded one').toBe(1);
    expect(refused.stderr).toContain('GF_KEEP_SNAPSHOT_CHANGED');
    expect(refused.stderr).toContain(`graphform data restore ${NAME} --forget-missing-items`);
    expect(refused.stdout).not.toContain('Served:');
    expect(existsSync(path.join(dir, NAME)), 'the refused snapshot stays where it is').toBe(true);
    expect(await pendingOf(statePath), 'the marker keeps the 3 recorded items owed').toEqual(before);

    const forgot = await runCli(['data', 'restore', NAME, '--forget-missing-items'], { cwd: dir });
    expect(forgot.code, forgot.stderr).toBe(0);
    expect(forgot.stdout).toContain('Served: sent 1, served 1');
    expect(forgot.stdout).toContain('pushed 1 items; state recorded 3, and those the file no longer holds are forgotten');
    expect(await pendingOf(statePath)).toBeUndefined();
    expect(existsSync(path.join(dir, NAME)), 'a changed snapshot is kept for whoever looks into it').toBe(true);
  });

  it('keeps the marker when what GraphQL serves is not counted (--no-wait)', { timeout: 60_000 }, async () => {
    const { dir, statePath } = await pendingProject(line('a') + line('b'));
    const restored = await runCli(['data', 'restore', NAME, '--no-wait'], { cwd: dir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`State still names ${NAME} as the pending restore of source shop: what GraphQL serves was not counted (--no-wait)`);
    expect((await pendingOf(statePath))?.keep?.snapshot).toBe(NAME);
    expect(existsSync(path.join(dir, NAME))).toBe(true);

    const counted = await runCli(['data', 'restore', NAME, '--format', 'json'], { cwd: dir });
    expect(counted.code, counted.stderr).toBe(0);
    expect((JSON.parse(counted.stdout) as { restore: unknown }).restore, 'run again with the count, it finishes').toEqual({ finishedPending: true });
    expect(await pendingOf(statePath)).toBeUndefined();
  });

  it("leaves the data: files' own re-push pending, so apply pushes them back", { timeout: 60_000 }, async () => {
    const declared = `${SOURCE}data:\n  - items.ndjson\n`;
    const { dir, statePath } = await pendingProject(line('a'), {
      'content-sources/shop.yaml': declared,
      'content-sources/items.ndjson': line('f1') + line('f2'),
    });
    // State's ledger says f1 and f2 were pushed (by the first apply): only the pending re-push brings back what a full update deleted.

    const restored = await runCli(['data', 'restore', NAME], { cwd: dir });
    expect(restored.code, restored.stderr).toBe(0);
    const pending = await pendingOf(statePath);
    expect(pending?.keep, 'the snapshot part of the marker is done').toBeUndefined();
    expect(pending?.repush, "restoring the snapshot must leave the data: files' re-push pending").toBeDefined();
    expect(pending?.repush.reason, 'the pending reason no longer names the snapshot just restored and removed').not.toContain(NAME);

    const applied = await runCli(['apply', '--yes'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout, 'apply must push the data: files again after the restore').toContain('shop: pushed 2 items from its data files');
    expect(await pendingOf(statePath)).toBeUndefined();
  });
});
