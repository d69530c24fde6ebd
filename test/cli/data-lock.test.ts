import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualInterrupts } from '../../src/cli/interrupts.js';
import { wireLines } from '../data/fixtures.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';
import { runCli } from '../helpers/run-cli.js';

const items = wireLines(
  ['1', '2', '3'].map((id) => ({ Id: id, Name: `P${id}`, ContentType: ['Item', 'Product'], Language: { Name: 'en' }, _rbac: 'r:Everyone:Read' })),
);
const declared = `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`;

describe('data push and purge hold the state lock', () => {
  it('a push while an apply holds the lock fails fast, naming the holder, and sends nothing', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': declared, 'content-sources/data/shop.ndjson': items }, '', {
      requestTimeoutMs: 120_000,
    });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    // The apply's PUT is held by the emulator: while it waits, the apply surely holds the lock.
    await project.write({ 'content-sources/shop.yaml': declared.replace('Color: { type: String }', 'Color: { type: Int }') });
    const hold = emulator.faults.add({ method: 'PUT', hold: true });
    const applying = project.cli('apply', '--yes', '--allow-data-loss');
    await emulator.faults.held(hold.id);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(true);
    emulator.inspect.clearRequests();
    const push = await project.cli('data', 'push', 'shop');
    expect(push.code).toBe(1);
    expect(push.stderr).toContain('GF_STATE_LOCKED');
    expect(push.stderr).toMatch(/apply/);
    const purge = await project.cli('data', 'purge', 'shop', '--all-languages', '--yes');
    expect(purge.code).toBe(1);
    expect(purge.stderr).toContain('GF_STATE_LOCKED');
    expect(emulator.inspect.requests().filter((r) => r.path.startsWith('/api/content/v2/data'))).toEqual([]);
    emulator.faults.release(hold.id);
    expect((await applying).code).toBe(0);
    expect(emulator.inspect.counts('shop')?.total).toBe(3);
  });

  it('a dry run needs no lock', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': declared, 'content-sources/data/shop.ndjson': items });
    await project.write({
      '.graphform/state/test.json.lock': JSON.stringify({
        id: 'x',
        who: 'someone',
        pid: 1,
        host: 'h',
        operation: 'apply',
        createdAt: '2026-11-22T10:00:00.000Z',
      }),
    });
    const dry = await project.cli('data', 'push', 'shop', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
  });

  it('an interrupt before the purge is sent deletes nothing and exits 130', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': declared, 'content-sources/data/shop.ndjson': items });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    const trap = manualInterrupts();
    trap.fire('SIGINT');
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
    const purge = await runCli(['data', 'purge', 'shop', '--all-languages', '--yes'], { cwd: project.dir, env, io: { trapInterrupts: () => trap } });
    expect(purge.code).toBe(130);
    expect(purge.stderr).toContain('Nothing was deleted.');
    expect(emulator.inspect.counts('shop')?.total).toBe(3);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(false);
  });

  it('a push of other files leaves a pending re-push in place and says how to clear it', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': declared, 'content-sources/data/shop.ndjson': items, 'extra.ndjson': items });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    const state = await project.state();
    const entry = state.sources.shop;
    if (entry === undefined) throw new Error('shop is not in state');
    entry.pending = {
      repush: { since: '2026-11-22T10:00:00.000Z', reason: 'a full update of source shop deletes its items; its data: files must be pushed again' },
    };
    await project.write({ '.graphform/state/test.json': JSON.stringify(state) });

    const other = await project.cli('data', 'push', 'shop', 'extra.ndjson');
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain('state still records a pending re-push for source shop');
    expect((await project.state()).sources.shop?.pending).toBeDefined();

    const declaredPush = await project.cli('data', 'push', 'shop');
    expect(declaredPush.code, declaredPush.stderr).toBe(0);
    expect(declaredPush.stderr).toContain('Cleared the pending re-push of source shop');
    expect((await project.state()).sources.shop?.pending).toBeUndefined();
  });
});
