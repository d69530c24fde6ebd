import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { State } from '../../src/state/types.js';
import { wireLines } from '../data/fixtures.js';
import { assertFreshBuild, spawnBuilt, type BuiltRun, type Ended } from '../helpers/built-binary.js';
import type { CliRun } from '../helpers/run-cli.js';
import { startTestEmulator, isWrite } from '../helpers/emulator.js';
import { graphProject, shopYaml, type GraphProject } from '../helpers/graph-project.js';

/**
 * The promise that no item is lost without --allow-data-loss, tried the unlucky way: the
 * real binary is killed between a full update's PUT (which wipes the source) and the
 * re-push of its declared data: files. The next plan must show the pending re-push, and
 * the next apply must bring every item back, with no manual step: the lock a
 * kill -9 leaves behind is taken over. The emulator holds a request of the run until the
 * test has acted, so each signal lands at the same point every time.
 */
const ITEMS = 12;
const DATA = { method: 'POST', pathPrefix: '/api/content/v2/data' } as const;

function shopItems(): string {
  return wireLines(
    Array.from({ length: ITEMS }, (_, i) => ({
      Id: String(i + 1),
      Name: `Product ${i + 1}`,
      Quantity: i,
      ContentType: ['Item', 'Product'],
      Language: { Name: 'en', DisplayName: 'English' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
    })),
  );
}

/** One item per batch and one batch at a time, so a re-push takes many requests. */
async function appliedShop(emulator: RunningEmulator): Promise<GraphProject> {
  const project = await graphProject(
    emulator,
    { 'content-sources/shop.yaml': `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`, 'content-sources/data/shop.ndjson': shopItems() },
    'data: { batchMaxItems: 1, concurrency: 1 }',
    { requestTimeoutMs: 120_000 },
  );
  const first = await project.cli('apply', '--yes');
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
  // Removing a property can only go as a full update: it deletes every item of the source.
  await project.write({
    'content-sources/shop.yaml': `${shopYaml({ languages: 'en', productProperties: '      Quantity: { type: Int }' })}data: [data/shop.ndjson]\n`,
  });
  return project;
}

function spawnApply(project: GraphProject, emulator: RunningEmulator): BuiltRun {
  return spawnBuilt(project.dir, ['apply', '--yes', '--allow-data-loss'], {
    GRAPH_APP_KEY: emulator.credentials.appKey,
    GRAPH_SECRET: emulator.credentials.secret,
  });
}

const lockPath = (project: GraphProject): string => path.join(project.dir, '.graphform/state/test.json.lock');

/** The lock a killed run left behind: it names the dead process. */
async function leftLock(project: GraphProject, run: BuiltRun): Promise<{ id: string }> {
  const lock = JSON.parse(await readFile(lockPath(project), 'utf8')) as { id: string; pid: number };
  expect(lock.pid).toBe(run.child.pid);
  return lock;
}

async function readState(project: GraphProject): Promise<State> {
  return project.state();
}

async function expectRecovered(project: GraphProject, emulator: RunningEmulator, how: string[]): Promise<CliRun> {
  const plan = await project.cli('plan', '--detailed-exitcode');
  expect(plan.code, plan.stdout + plan.stderr).toBe(2);
  expect(plan.stdout).toContain('pending re-push');
  expect(plan.stdout).not.toContain('No changes.');
  const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as {
    summary: { pending: number };
    sources: { id: string; pending?: unknown }[];
  };
  expect(json.summary.pending).toBe(1);
  expect(json.sources.find((s) => s.id === 'shop')?.pending).toBeDefined();

  const finish = await project.cli(...how);
  expect(finish.code, finish.stdout + finish.stderr).toBe(0);
  expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
  expect((await readState(project)).sources.shop?.pending).toBeUndefined();
  const after = await project.cli('plan', '--detailed-exitcode');
  expect(after.code, after.stdout).toBe(0);
  expect(after.stdout).toContain('No changes.');
  return finish;
}

/** Sends `signal` to a run whose request the emulator holds, lets the request go once the run says it heard it, and waits for the end. */
async function interruptWhileHeld(run: BuiltRun, signal: 'SIGTERM' | 'SIGINT', release: () => void): Promise<Ended> {
  run.child.kill(signal);
  await run.printed(`${signal}: finishing the request in flight`);
  release();
  return run.ended;
}

describe('apply killed between a full update and the re-push of its data', () => {
  beforeAll(assertFreshBuild);

  it('kill -9 right after the PUT: state keeps the pending re-push, plan shows it, apply takes the lock over and brings every item back', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // The first re-push request comes only after the PUT was answered: it is held, and the run killed there.
    const hold = emulator.faults.add({ ...DATA, hold: true, count: 1_000 });
    emulator.inspect.clearRequests();

    const run = spawnApply(project, emulator);
    await emulator.faults.held(hold.id);
    expect(emulator.inspect.requests().some((r) => r.method === 'PUT' && r.path.includes('id=shop') && r.status === 204)).toBe(true);
    run.child.kill('SIGKILL');
    const ended = await run.ended;
    expect(ended.signal).toBe('SIGKILL');
    emulator.faults.clear();
    expect(emulator.inspect.counts('shop')?.total ?? 0).toBe(0);
    expect((await readState(project)).sources.shop?.pending?.repush.reason).toContain('full update of source shop');
    const dead = await leftLock(project, run);

    const finish = await expectRecovered(project, emulator, ['apply', '--yes']);
    expect(finish.stderr).toContain(`Took over the state lock ${dead.id}`);
    expect(existsSync(lockPath(project))).toBe(false);
  });

  it('kill -9 during the re-push: `graphform data push` takes the lock over but leaves the kept items pending; apply finishes it', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // Two batches (one item each) go through; the third is held, and the run killed there.
    emulator.faults.add({ ...DATA, delayMs: 0, count: 2 });
    const hold = emulator.faults.add({ ...DATA, hold: true, count: 1_000 });
    emulator.inspect.clearRequests();

    const run = spawnApply(project, emulator);
    await emulator.faults.held(hold.id);
    run.child.kill('SIGKILL');
    await run.ended;
    emulator.faults.clear();
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
    const state = await readState(project);
    expect(state.sources.shop?.definition.contentTypes.Product?.properties.Color).toBeUndefined();
    expect(state.sources.shop?.pending).toBeDefined();
    const dead = await leftLock(project, run);

    const pushed = await project.cli('data', 'push', 'shop');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stderr).toContain(`Took over the state lock ${dead.id}`);
    // The data: files are not all the full update deleted: clearing the marker would forget the snapshot's items.
    expect(pushed.stderr).toContain('state still records a pending restore for source shop');
    await expectRecovered(project, emulator, ['apply', '--yes']);
  });

  it('SIGTERM during the re-push: the batch in flight finishes, state is written, the lock is released, exit 143', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // One batch goes through, the second is in flight (held) when the signal comes.
    emulator.faults.add({ ...DATA, delayMs: 0, count: 1 });
    const hold = emulator.faults.add({ ...DATA, hold: true, count: 1_000 });
    emulator.inspect.clearRequests();

    const run = spawnApply(project, emulator);
    await emulator.faults.held(hold.id);
    const ended = await interruptWhileHeld(run, 'SIGTERM', () => emulator.faults.release(hold.id));
    expect(ended.code, run.output()).toBe(143);
    expect(run.output()).toContain('Apply stopped.');
    expect(run.output()).toContain('Pending in state: the items of shop must be pushed again');
    expect(existsSync(lockPath(project))).toBe(false);
    // The batch in flight when the signal came was answered and counted; no new one started.
    const posts = emulator.inspect.requests().filter((r) => r.method === 'POST' && r.path.startsWith(DATA.pathPrefix));
    expect(posts.map((r) => r.status)).toEqual([200, 200]);
    expect(emulator.inspect.counts('shop')?.total).toBe(2);
    expect((await readState(project)).sources.shop?.pending).toBeDefined();

    await expectRecovered(project, emulator, ['apply', '--yes']);
  });

  it('SIGTERM while the keep step reads the items back: an interrupt (exit 143, refused "interrupted"), not a data loss (exit 3)', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // The read-back is the first content GraphQL query of the plan: hold it, and interrupt while it waits.
    const hold = emulator.faults.add({ method: 'POST', pathPrefix: '/content/v2', hold: true, count: 1_000 });
    emulator.inspect.clearRequests();
    const run = spawnBuilt(project.dir, ['apply', '--yes', '--format', 'json'], {
      GRAPH_APP_KEY: emulator.credentials.appKey,
      GRAPH_SECRET: emulator.credentials.secret,
    });
    await emulator.faults.held(hold.id);
    const ended = await interruptWhileHeld(run, 'SIGTERM', () => emulator.faults.release(hold.id));
    expect(ended.code, run.output()).toBe(143);
    expect(ended.stderr).toContain('Interrupted before anything was sent.');
    expect(ended.stderr).not.toContain('Refusing to apply');
    expect(JSON.parse(ended.stdout)).toMatchObject({ applied: false, refused: 'interrupted', ok: false });
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
    expect(existsSync(lockPath(project))).toBe(false);
    expect(
      existsSync(path.join(project.dir, '.graphform/snapshots/test')) ? await readdir(path.join(project.dir, '.graphform/snapshots/test')) : [],
      'no snapshot is left',
    ).toEqual([]);
  });

  it('SIGINT before anything is sent: nothing is sent, the lock is released, exit 130', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // GET types is the first request apply makes: hold it, and interrupt while it waits.
    const hold = emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/types', hold: true, count: 10 });
    emulator.inspect.clearRequests();
    const run = spawnApply(project, emulator);
    await emulator.faults.held(hold.id);
    expect(existsSync(lockPath(project))).toBe(true);
    const ended = await interruptWhileHeld(run, 'SIGINT', () => emulator.faults.release(hold.id));
    expect(ended.code, run.output()).toBe(130);
    expect(run.output()).toContain('Nothing was sent.');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
    expect(existsSync(lockPath(project))).toBe(false);
  });
});
