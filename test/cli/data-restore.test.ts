import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepMarker } from '../../src/apply/pending.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { withPending } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const SOURCE = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String, searchable: true }\n';
const line = (id: string): string =>
  `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Draft","_rbac":"r:Editors:Read","Name___searchable":"${id}"}\n`;

/**
 * `graphform data restore SNAPSHOT` and `state show`: a snapshot that state names as pending
 * (as a keeping apply stopped after its PUT leaves it) is named by `state show`, pushed by
 * `data restore` with the same checks and served count as `data push`, and then the marker
 * is cleared and the file removed.
 */
describe('graphform data restore', () => {
  it('pushes the pending snapshot state names, then clears the marker and removes the file', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n', 'content-sources/shop.yaml': SOURCE });
    expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
    const name = '.graphform/snapshots/local/shop-20261127T120000000Z.ndjson';
    const text = line('a') + line('b');
    await mkdir(path.join(dir, path.dirname(name)), { recursive: true });
    await writeFile(path.join(dir, name), text, { mode: 0o600 });
    const hash = `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const statePath = path.join(dir, '.graphform/state/local.json');
    const backend = createLocalBackend({ path: statePath, lockTimeoutMs: 0, now: () => new Date(), who: 'test', pid: process.pid, host: 'test' });
    const state = (await backend.read()) as State;
    await backend.write(withPending(state, 'shop', keepMarker({ id: 'shop' }, new Date('2026-11-27T12:00:00Z'), { snapshot: name, hash, items: 2 })));

    const shown = await runCli(['state', 'show', 'shop'], { cwd: dir });
    expect(shown.stdout).toContain(`# pending snapshot: ${name} (2 items, ${hash})`);
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir });
    expect(plan.code).toBe(2);

    const restored = await runCli(['data', 'restore', name], { cwd: dir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Served: sent 2, served 2');
    expect(restored.stdout).toContain(`Finished the pending restore of source shop: state no longer names ${name}, and the file is removed.`);
    expect(existsSync(path.join(dir, name))).toBe(false);
    const after = JSON.parse(await readFile(statePath, 'utf8')) as State;
    expect(after.sources.shop?.pending).toBeUndefined();
    expect((await runCli(['plan', '--detailed-exitcode'], { cwd: dir })).code).toBe(0);
  });

  it('refuses a snapshot whose source it cannot tell, and pushes any file of a named source without touching state', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n', 'content-sources/shop.yaml': SOURCE, 'saved.ndjson': line('c') });
    expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
    const unknown = await runCli(['data', 'restore', 'saved.ndjson'], { cwd: dir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('graphform cannot tell which source saved.ndjson belongs to');
    const named = await runCli(['data', 'restore', 'saved.ndjson', '--source', 'shop'], { cwd: dir });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('Served: sent 1, served 1');
    expect(existsSync(path.join(dir, 'saved.ndjson'))).toBe(true);
  });
});
