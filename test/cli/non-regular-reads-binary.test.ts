import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, spawnBuilt, type BuiltRun, type Ended } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * Every file graphform reads whole is refused unless it is a regular file: a FIFO blocked
 * the read, and a process whose thread pool waits on a FIFO cannot even exit, so the audit's
 * `apply pf.json` held the state lock through three SIGTERMs and a SIGINT. The built
 * binary, each run watched: one that has not ended by the deadline is sent what the audit
 * sent, then SIGKILL, so a hang fails the test (with what the signals did) instead of
 * stalling it.
 */
const DEADLINE_MS = 15_000;

interface Watched extends Ended {
  /** The signals the deadline had to send; empty when the run ended by itself. */
  sent: string[];
}

async function watched(run: BuiltRun): Promise<Watched> {
  const sent: string[] = [];
  const deadline = setTimeout(() => {
    for (const signal of ['SIGTERM', 'SIGTERM', 'SIGTERM', 'SIGINT'] as const) {
      sent.push(signal);
      run.child.kill(signal);
    }
    // What the signals could not end: only then SIGKILL.
    const last = setTimeout(() => run.child.kill('SIGKILL'), 2_000);
    void run.ended.then(() => clearTimeout(last));
  }, DEADLINE_MS);
  const ended = await run.ended;
  clearTimeout(deadline);
  return { ...ended, sent };
}

function mkfifo(file: string): void {
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
}

describe('files graphform reads that are not regular files (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('apply of a plan file that is a FIFO is refused at once, before the state lock is taken', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    mkfifo(path.join(project.dir, 'pf.json'));
    const run = await watched(
      spawnBuilt(project.dir, ['apply', 'pf.json'], { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret }),
    );
    expect(run.sent, run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('Error [GF_NOT_A_FILE]: The plan file pf.json is a FIFO (named pipe), not a regular file');
    expect(run.stderr).toContain('Save one with `graphform plan --out FILE`, and apply that file.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // Read before the lock: the state folder, where the lock goes, was never made.
    expect(existsSync(path.join(project.dir, '.graphform'))).toBe(false);
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('a state lock file that is a FIFO is an error naming it, not a wait', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    await mkdir(path.join(project.dir, '.graphform/state'), { recursive: true });
    mkfifo(path.join(project.dir, '.graphform/state/test.json.lock'));
    const run = await watched(
      spawnBuilt(project.dir, ['apply', '--yes'], { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret }),
    );
    expect(run.sent, run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`[GF_NOT_A_FILE]: The state lock ${path.join(project.dir, '.graphform/state/test.json.lock')} is a FIFO (named pipe)`);
  });

  it('emulator --cms-types naming a FIFO is refused', async () => {
    const dir = await makeProjectDir();
    mkfifo(path.join(dir, 'cms.yaml'));
    const run = await watched(spawnBuilt(dir, ['emulator', '--port', '0', '--cms-types', 'cms.yaml']));
    expect(run.sent, run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('[GF_NOT_A_FILE]: --cms-types cms.yaml is a FIFO (named pipe), not a regular file');
  });

  it("a FIFO in the emulator's data directory (credentials.json) is refused", async () => {
    const dir = await makeProjectDir();
    await mkdir(path.join(dir, 'emu'));
    mkfifo(path.join(dir, 'emu/credentials.json'));
    const run = await watched(spawnBuilt(dir, ['emulator', '--port', '0', '--data-dir', 'emu']));
    expect(run.sent, run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`[GF_NOT_A_FILE]: The emulator credentials file ${path.join(dir, 'emu/credentials.json')} is a FIFO (named pipe)`);
  });

  it('init: a FIFO where .gitlab-ci.yml is stops it before it writes anything; a FIFO package.json is not read', async () => {
    const gitlab = await makeProjectDir();
    mkfifo(path.join(gitlab, '.gitlab-ci.yml'));
    const refused = await watched(spawnBuilt(gitlab, ['init', '--yes']));
    expect(refused.sent, refused.stdout + refused.stderr).toEqual([]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      '[GF_INIT_IN_THE_WAY]: graphform init cannot set up this project: .gitlab-ci.yml is a FIFO (named pipe), where init needs a file. Nothing was written.',
    );
    expect(await readdir(gitlab)).toEqual(['.gitlab-ci.yml']);

    const manifest = await makeProjectDir();
    mkfifo(path.join(manifest, 'package.json'));
    const done = await watched(spawnBuilt(manifest, ['init', '--yes', '--ci', 'none']));
    expect(done.sent, done.stdout + done.stderr).toEqual([]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('created  graphform.config.yaml');
  });
});
