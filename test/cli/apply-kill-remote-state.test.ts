import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { State } from '../../src/state/types.js';
import { assertFreshBuild, runBuilt, spawnBuilt } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { generateItems, INITIAL_SHAPE, ndjson, newsYaml, rbacOf, type NewsItem, type NewsShape } from '../helpers/keep-news.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { startTerraformHttpServer } from '../state/terraform-http-server.js';

/**
 * A CI runner that dies right after a keeping apply's wiping PUT, with the state on a
 * Terraform http backend: the snapshot of the items was on that runner only until graphform
 * kept a copy beside the state. The next run starts from a fresh checkout (no .graphform/):
 * after `state unlock` of the dead runner's lock, one `graphform apply --yes` (or
 * `graphform data restore`) brings every item back from the copy, and the copy goes.
 */
const ITEMS = 120;
const PASSWORD = 'state-pass-7f3a9c';
const SHAPE: NewsShape = { ...INITIAL_SHAPE, data: undefined };
const RENAMED: NewsShape = { ...SHAPE, releaseName: 'Changelog', moved: ['{ from: ReleaseNote, to: Changelog }'] };
const DATA = { method: 'POST', pathPrefix: '/api/content/v2/data' } as const;

interface Killed {
  emulator: RunningEmulator;
  server: Awaited<ReturnType<typeof startTerraformHttpServer>>;
  items: NewsItem[];
  /** A fresh checkout of the project: its config and declarations, no .graphform/. */
  fresh: string;
  env: Record<string, string>;
  state: State;
}

function config(emulator: RunningEmulator, stateBase: string): string {
  return [
    'defaultEnvironment: ci',
    'http: { maxAttempts: 2, timeoutMs: 120000 }',
    'data: { batchMaxItems: 10, concurrency: 1 }',
    'environments:',
    '  ci:',
    `    graphUrl: ${emulator.url}`,
    '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
    // GraphQL does not serve _rbac: the keep step reads access with the single key.
    '    singleKey: "${env:GRAPH_SINGLE_KEY}"',
    `    state: { backend: http, address: "${stateBase}/state", lockAddress: "${stateBase}/lock", username: ci, password: "\${env:STATE_PASSWORD}" }`,
    '',
  ].join('\n');
}

/** The news source applied and filled from elsewhere (no data: files: only the snapshot brings the items back), then a keeping apply of a rename killed right after its PUT. */
async function killedAfterPut(): Promise<Killed> {
  const emulator = await startTestEmulator();
  const server = await startTerraformHttpServer({ username: 'ci', password: PASSWORD });
  const env = {
    GRAPH_APP_KEY: emulator.credentials.appKey,
    GRAPH_SECRET: emulator.credentials.secret,
    GRAPH_SINGLE_KEY: emulator.singleKey,
    STATE_PASSWORD: PASSWORD,
  };
  const items = generateItems(ITEMS, 3407, 'r');
  const runner = await makeTempDir('graphform-runner-a-');
  await writeFiles(runner, {
    'graphform.config.yaml': config(emulator, server.base),
    'content-sources/news.yaml': newsYaml(SHAPE),
    'items.ndjson': ndjson(items),
  });
  const created = await runBuilt(runner, ['apply', '--yes'], env);
  expect(created.code, created.stdout + created.stderr).toBe(0);
  const pushed = await runBuilt(runner, ['data', 'push', 'news', 'items.ndjson'], env);
  expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0);
  expect(emulator.inspect.counts('news')?.total).toBe(ITEMS);
  await writeFiles(runner, { 'content-sources/news.yaml': newsYaml(RENAMED) });

  // The first push of the restore comes only after the PUT was answered: it is held, and the runner killed there.
  const hold = emulator.faults.add({ ...DATA, hold: true, count: 1_000 });
  emulator.inspect.clearRequests();
  const run = spawnBuilt(runner, ['apply', '--yes'], env);
  // An apply that ends before its first push (a refusal, say) fails here with its output rather than at the test's timeout.
  const endedFirst = run.ended.then((ended) => {
    throw new Error(`apply ended (code ${String(ended.code)}) before its first push after the PUT:\n${ended.stdout}${ended.stderr}`);
  });
  await Promise.race([emulator.faults.held(hold.id), endedFirst]);
  expect(
    emulator.inspect.requests().some((r) => r.method === 'PUT' && r.path.includes('id=news') && r.status === 204),
    'the wiping PUT was answered',
  ).toBe(true);
  run.child.kill('SIGKILL');
  expect((await run.ended).signal).toBe('SIGKILL');
  emulator.faults.clear();
  expect(emulator.inspect.counts('news')?.total ?? 0, 'the PUT emptied the source').toBe(0);
  expect(server.lockId, "the dead runner's lock is left on the state server").toBeDefined();
  expect(run.output()).not.toContain(PASSWORD);

  const fresh = await makeTempDir('graphform-runner-b-');
  await cp(path.join(runner, 'graphform.config.yaml'), path.join(fresh, 'graphform.config.yaml'));
  await cp(path.join(runner, 'content-sources'), path.join(fresh, 'content-sources'), { recursive: true });
  return { emulator, server, items, fresh, env, state: JSON.parse(server.state ?? '') as State };
}

async function unlock(killed: Killed): Promise<void> {
  const unlocked = await runBuilt(killed.fresh, ['state', 'unlock', killed.server.lockId ?? ''], killed.env);
  expect(unlocked.code, unlocked.stdout + unlocked.stderr).toBe(0);
}

/** Every item is served again, ReleaseNotes as Changelogs; state owes nothing; the copy beside the state is gone. */
async function expectEveryItemBack(killed: Killed, output: string): Promise<void> {
  const { emulator, server, items } = killed;
  const served = emulator.inspect.items('news', { limit: 1_000 })?.items ?? [];
  const want = items.map((i) => `${i.language}/${i.id}/${i.type === 'ReleaseNote' ? 'Changelog' : i.type}`).sort();
  expect(served.map((i) => `${i.language_routing}/${i._id}/${i.contentType}`).sort(), output).toEqual(want);
  // Access as it was: the single key read the published items' _rbac; the drafts it cannot see got keep.defaults, the editors' one they were pushed with.
  const access = served.map((i) => `${i.language_routing}/${i._id}: ${String((i.data as { _rbac?: unknown })._rbac)}`).sort();
  expect(access, 'every item keeps the access it was pushed with').toEqual(items.map((i) => `${i.language}/${i.id}: ${rbacOf(i)}`).sort());
  expect((JSON.parse(server.state ?? '') as State).sources.news?.pending, output).toBeUndefined();
  expect([...server.states.keys()], 'the copy beside the state is removed once its items are back').toEqual(['/state']);
  expect(await readdir(path.join(killed.fresh, '.graphform/snapshots/ci')).catch(() => []), 'no snapshot left on the runner').toEqual([]);
  expect(output).not.toContain(PASSWORD);
}

describe('a runner killed right after the wiping PUT, state on a Terraform http backend', () => {
  beforeAll(assertFreshBuild);

  it(
    'the snapshot was copied beside the state before the PUT; a fresh checkout finishes with `state unlock` and `apply --yes`: every item back',
    { timeout: 120_000 },
    async () => {
      const killed = await killedAfterPut();
      const keep = killed.state.sources.news?.pending?.keep;
      expect(keep?.items).toBe(ITEMS);
      expect(keep?.remote, 'state names the copy beside it').toBeDefined();
      for (let part = 1; part <= (keep?.remote?.parts ?? 0); part++) expect(killed.server.states.has(`/${keep?.remote?.name}-${part}`)).toBe(true);

      const shown = await runBuilt(killed.fresh, ['state', 'show', 'news'], killed.env);
      expect(shown.stdout, shown.stderr).toContain(`# its copy beside the state: ${keep?.remote?.name}-1 … -${keep?.remote?.parts}`);

      await unlock(killed);
      const applied = await runBuilt(killed.fresh, ['apply', '--yes'], killed.env);
      const output = applied.stdout + applied.stderr;
      expect(applied.code, output).toBe(0);
      expect(output).toContain(`news: sent ${ITEMS}, served ${ITEMS}`);
      await expectEveryItemBack(killed, output);
      const plan = await runBuilt(killed.fresh, ['plan', '--detailed-exitcode'], killed.env);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    },
  );

  it('`graphform data restore` with the path state names works on a runner without the file: it fetches the copy', { timeout: 120_000 }, async () => {
    const killed = await killedAfterPut();
    await unlock(killed);
    const snapshot = killed.state.sources.news?.pending?.keep?.snapshot ?? '';
    const restored = await runBuilt(killed.fresh, ['data', 'restore', snapshot], killed.env);
    const output = restored.stdout + restored.stderr;
    expect(restored.code, output).toBe(0);
    await expectEveryItemBack(killed, output);
  });

  it(
    'a copy the state server refuses (413, its size limit) stops the source before the PUT: nothing is sent, every item stays',
    { timeout: 120_000 },
    async () => {
      const emulator = await startTestEmulator();
      const server = await startTerraformHttpServer({ username: 'ci', password: PASSWORD });
      const env = {
        GRAPH_APP_KEY: emulator.credentials.appKey,
        GRAPH_SECRET: emulator.credentials.secret,
        GRAPH_SINGLE_KEY: emulator.singleKey,
        STATE_PASSWORD: PASSWORD,
      };
      const runner = await makeTempDir('graphform-runner-a-');
      await writeFiles(runner, {
        'graphform.config.yaml': config(emulator, server.base),
        'content-sources/news.yaml': newsYaml(SHAPE),
        'items.ndjson': ndjson(generateItems(ITEMS, 3407, 'r')),
      });
      expect((await runBuilt(runner, ['apply', '--yes'], env)).code).toBe(0);
      expect((await runBuilt(runner, ['data', 'push', 'news', 'items.ndjson'], env)).code).toBe(0);
      await writeFiles(runner, { 'content-sources/news.yaml': newsYaml(RENAMED) });
      // The state itself still fits (with its pending marker); a part of the snapshot does not.
      server.limitStateBytes(Buffer.byteLength(server.state ?? '') + 1_000);
      emulator.inspect.clearRequests();

      const applied = await runBuilt(runner, ['apply', '--yes'], env);
      const output = applied.stdout + applied.stderr;
      expect(applied.code, output).toBe(1);
      expect(output).toContain('GF_KEEP_SNAPSHOT_REMOTE');
      expect(output).toContain('answered 413');
      expect(output).toContain('state.snapshotPartBytes');
      expect(output).not.toContain(PASSWORD);
      expect(
        emulator.inspect.requests().filter((r) => r.method === 'PUT'),
        'no PUT without the copy',
      ).toEqual([]);
      expect(emulator.inspect.counts('news')?.total).toBe(ITEMS);
      expect((JSON.parse(server.state ?? '') as State).sources.news?.pending, 'state names no snapshot').toBeUndefined();
      expect([...server.states.keys()]).toEqual(['/state']);
      expect(await readdir(path.join(runner, '.graphform/snapshots/ci')).catch(() => []), 'the local snapshot, named nowhere, is removed').toEqual([]);
    },
  );
});
