import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { wireLines } from '../data/fixtures.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { assertFreshBuild, runBuilt, runWithClosedStdout } from '../helpers/built-binary.js';

/**
 * A closed stdout (`graphform plan | head -1`) ends every command quietly: no stack trace,
 * exit 141 as for SIGPIPE. apply stops as for a signal: the request in flight ends, state
 * is written, the lock released, and the next apply finishes the work.
 */
const STACK_TRACE = /\n\s+at .+:\d+:\d+/;
const IDS = ['a1', 'a2', 'a3', 'a4'];
const ITEMS = 25;

function sourceYaml(id: string): string {
  return [
    `id: ${id}`,
    `label: Source ${id}`,
    'languages: [en]',
    'contentTypes:',
    `  Note${id}:`,
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    `data: [data/${id}.ndjson]`,
    '',
  ].join('\n');
}

function items(id: string): string {
  return wireLines(
    Array.from({ length: ITEMS }, (_, i) => ({
      Id: `${id}-${i}`,
      Title: `Note ${i}`,
      ContentType: [`Note${id}`],
      Language: { Name: 'en' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
    })),
  );
}

/** A project on the `local` environment's embedded emulator; one item per batch, so apply makes many requests. */
async function localProject(): Promise<string> {
  const dir = await makeTempDir();
  const config = [
    'sources: content-sources',
    'defaultEnvironment: local',
    'data: { batchMaxItems: 1, concurrency: 1 }',
    'environments:',
    '  local:',
    '    emulator: { dataDir: .graphform/emulator }',
    '    state: { backend: local, path: .graphform/state/local.json }',
    '',
  ].join('\n');
  await writeFiles(dir, {
    'graphform.config.yaml': config,
    ...Object.fromEntries(
      IDS.flatMap((id) => [
        [`content-sources/${id}.yaml`, sourceYaml(id)],
        [`content-sources/data/${id}.ndjson`, items(id)],
      ]),
    ),
  });
  return dir;
}

describe('a closed stdout, with the built binary', () => {
  beforeAll(assertFreshBuild);

  it.each([['plan'], ['plan', '--format', 'json'], ['codegen']])('%s ends quietly with exit 141', async (...argv) => {
    const dir = await localProject();
    const ended = await runWithClosedStdout(dir, argv, 'at-start');
    expect(ended.stderr).not.toMatch(STACK_TRACE);
    expect(ended.stderr).not.toContain('EPIPE');
    expect(ended.code, ended.stderr).toBe(141);
  });

  it('plan ends with 141 when the reader goes after the first chunk of an output larger than the pipe holds', async () => {
    const dir = await localProject();
    // About 270 KB of plan JSON: the pipe takes the first 64 KiB, the rest waits in the stream
    // until the reader has gone, after the plan itself is done.
    const properties = Array.from({ length: 1500 }, (_, i) => `      Field${i}: { type: String }`);
    await writeFiles(dir, {
      'content-sources/big.yaml': [
        'id: big',
        'label: Big',
        'languages: [en]',
        'contentTypes:',
        '  Wide:',
        '    contentType: []',
        '    properties:',
        ...properties,
        '',
      ].join('\n'),
    });
    const ended = await runWithClosedStdout(dir, ['plan', '--format', 'json'], 'after-first-chunk');
    expect(ended.stderr).not.toMatch(STACK_TRACE);
    expect(ended.code, ended.stderr).toBe(141);
  });

  it('apply stops as for a signal: state and lock consistent, exit 141, and the next apply finishes the work', async () => {
    const dir = await localProject();
    const ended = await runWithClosedStdout(dir, ['apply', '--yes'], 'after-first-chunk');
    expect(ended.stderr).not.toMatch(STACK_TRACE);
    expect(ended.stderr).toContain('stdout was closed: finishing the request in flight, then stopping.');
    expect(ended.code, ended.stderr).toBe(141);
    expect(existsSync(path.join(dir, '.graphform/state/local.json.lock'))).toBe(false);
    const backend = createLocalBackend({
      path: path.join(dir, '.graphform/state/local.json'),
      lockTimeoutMs: 0,
      now: () => new Date(),
      who: 'test',
      pid: process.pid,
      host: 'test',
    });
    const stopped = await backend.read();
    // Stopped before the end: not every source is in state with its items all pushed.
    const done = IDS.filter((id) => stopped?.sources[id] !== undefined && stopped.sources[id]?.pending === undefined);
    expect(done.length).toBeLessThan(IDS.length);

    // Without --allow-data-loss: a source the service has and state lacks would need a full update and stop it (exit 3).
    const again = await runBuilt(dir, ['apply', '--yes']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const plan = await runBuilt(dir, ['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes.');

    const emulator = await startEmulator({ port: 0, dataDir: path.join(dir, '.graphform/emulator') });
    try {
      for (const id of IDS) expect(emulator.inspect.counts(id)?.total, id).toBe(ITEMS);
    } finally {
      await emulator.close();
    }
  });
});
