import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { State } from '../../src/state/types.js';
import { wireLines } from '../data/fixtures.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml, type GraphProject } from '../helpers/graph-project.js';

/**
 * The promise that no item is lost without --allow-data-loss, tried the unlucky way: the
 * real binary is killed between a full update's PUT (which wipes the source) and the
 * re-push of its declared data: files. The next plan must show the pending re-push, and
 * the next apply (or data push) must bring every item back.
 */
const bin = path.resolve(import.meta.dirname, '../../bin/graphform.js');
const ITEMS = 12;

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
  );
  const first = await project.cli('apply', '--yes');
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
  // Removing a property can only go as a full update: it deletes every item of the source.
  await project.write({ 'content-sources/shop.yaml': `${shopYaml({ languages: 'en', productProperties: '      Quantity: { type: Int }' })}data: [data/shop.ndjson]\n` });
  return project;
}

function spawnApply(project: GraphProject, emulator: RunningEmulator): { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> } {
  const child = spawn(process.execPath, [bin, 'apply', '--yes', '--allow-data-loss'], {
    cwd: project.dir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: project.dir, GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close' comes after the process exited and its output was read to the end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const putDone = (emulator: RunningEmulator) => (): boolean => emulator.inspect.requests().some((r) => r.method === 'PUT' && r.path.includes('id=shop') && r.status === 204);

async function readState(project: GraphProject): Promise<State> {
  return project.state();
}

async function expectRecovered(project: GraphProject, emulator: RunningEmulator, how: string[]): Promise<void> {
  const plan = await project.cli('plan', '--detailed-exitcode');
  expect(plan.code, plan.stdout + plan.stderr).toBe(2);
  expect(plan.stdout).toContain('pending re-push');
  expect(plan.stdout).not.toContain('No changes.');
  const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { summary: { pending: number }; sources: { id: string; pending?: unknown }[] };
  expect(json.summary.pending).toBe(1);
  expect(json.sources.find((s) => s.id === 'shop')?.pending).toBeDefined();

  const finish = await project.cli(...how);
  expect(finish.code, finish.stdout + finish.stderr).toBe(0);
  expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
  expect((await readState(project)).sources.shop?.pending).toBeUndefined();
  const after = await project.cli('plan', '--detailed-exitcode');
  expect(after.code, after.stdout).toBe(0);
  expect(after.stdout).toContain('No changes.');
}

describe('apply killed between a full update and the re-push of its data', () => {
  it('kill -9 right after the PUT: state keeps the pending re-push, plan shows it, apply brings every item back', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', delayMs: 2_000, count: 1_000 });
    emulator.inspect.clearRequests();

    const { child, exited } = spawnApply(project, emulator);
    await until('the PUT', putDone(emulator));
    child.kill('SIGKILL');
    const ended = await exited;
    expect(ended.signal).toBe('SIGKILL');
    expect(emulator.inspect.counts('shop')?.total ?? 0).toBeLessThan(ITEMS);
    expect((await readState(project)).sources.shop?.pending?.repush.reason).toContain('full update of source shop');

    // kill -9 leaves the lock behind: the documented way out is `state unlock <id>`.
    const lockFile = path.join(project.dir, '.graphform/state/test.json.lock');
    expect(existsSync(lockFile)).toBe(true);
    const { id } = JSON.parse(await readFile(lockFile, 'utf8')) as { id: string };
    expect((await project.cli('state', 'unlock', id)).code).toBe(0);

    emulator.faults.clear();
    await expectRecovered(project, emulator, ['apply', '--yes']);
  });

  it('kill -9 during the re-push: `graphform data push` finishes it and clears the marker', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', delayMs: 300, count: 1_000 });
    emulator.inspect.clearRequests();

    const { child, exited } = spawnApply(project, emulator);
    await until('two items pushed again', () => emulator.inspect.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/api/content/v2/data')).length >= 2);
    child.kill('SIGKILL');
    await exited;
    const counted = emulator.inspect.counts('shop')?.total ?? 0;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(ITEMS);
    const state = await readState(project);
    expect(state.sources.shop?.definition.contentTypes.Product?.properties.Color).toBeUndefined();
    expect(state.sources.shop?.pending).toBeDefined();

    const lockFile = path.join(project.dir, '.graphform/state/test.json.lock');
    const { id } = JSON.parse(await readFile(lockFile, 'utf8')) as { id: string };
    expect((await project.cli('state', 'unlock', id)).code).toBe(0);
    emulator.faults.clear();
    await expectRecovered(project, emulator, ['data', 'push', 'shop']);
  });

  it('SIGTERM during the re-push: the batch in flight finishes, state is written, the lock is released, exit 143', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', delayMs: 400, count: 1_000 });
    emulator.inspect.clearRequests();

    const { child, exited } = spawnApply(project, emulator);
    await until('the re-push to start', async () => putDone(emulator)() && (await readState(project)).sources.shop?.definition.contentTypes.Product?.properties.Color === undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    const ended = await exited;
    expect(ended.code, ended.output).toBe(143);
    expect(ended.output).toContain('SIGTERM: finishing the request in flight');
    expect(ended.output).toContain('Apply stopped.');
    expect(ended.output).toContain('Pending in state: the data files of shop must be pushed again');
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(false);
    // The batch in flight when the signal came was answered and counted; no new one started.
    const posts = emulator.inspect.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/api/content/v2/data'));
    expect(posts.every((r) => r.status === 200)).toBe(true);
    expect(emulator.inspect.counts('shop')?.total).toBe(posts.length);
    expect(posts.length).toBeLessThan(ITEMS);
    expect((await readState(project)).sources.shop?.pending).toBeDefined();

    emulator.faults.clear();
    await expectRecovered(project, emulator, ['apply', '--yes']);
  });

  it('SIGINT before anything is sent: nothing is sent, the lock is released, exit 130', async () => {
    const emulator = await startTestEmulator();
    const project = await appliedShop(emulator);
    // GET types is the first request apply makes: hold it, and interrupt while it waits.
    emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/types', delayMs: 600, count: 10 });
    emulator.inspect.clearRequests();
    const { child, exited } = spawnApply(project, emulator);
    await until('apply to start', () => existsSync(path.join(project.dir, '.graphform/state/test.json.lock')));
    child.kill('SIGINT');
    const ended = await exited;
    expect(ended.code, ended.output).toBe(130);
    expect(ended.output).toContain('Nothing was sent.');
    expect(emulator.inspect.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(ITEMS);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(false);
  });
});
