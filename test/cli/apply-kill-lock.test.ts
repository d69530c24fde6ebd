import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wireLines } from '../data/fixtures.js';
import { shopYaml } from '../helpers/graph-project.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';

/**
 * kill -9 of an apply leaves its state lock behind. The next apply must see that the
 * holder is gone and take the lock over with a notice, with no `state unlock` in between.
 * The real binary, against the embedded `local` emulator.
 */
const ITEMS = 400;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function graphform(dir: string, ...argv: string[]) {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<Ended>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, ended };
}

/** Polls for a condition (an event in the file system), never a fixed sleep. */
async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('apply after kill -9 of an apply holding the lock', () => {
  beforeAll(() => assertFreshBuild());

  it('takes the dead run\'s lock over with a notice and completes', async () => {
    const dir = await makeTempDir('graphform-kill-lock-');
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      Id: String(i + 1),
      Name: `Product ${i + 1}`,
      ContentType: ['Item', 'Product'],
      Language: { Name: 'en', DisplayName: 'English' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
    }));
    // One item per request, so the apply holds the lock long enough to be killed inside it.
    await writeFiles(dir, {
      'graphform.config.yaml': 'data: { batchMaxItems: 1, concurrency: 1 }\n',
      'content-sources/shop.yaml': `${shopYaml({ languages: 'en' })}data: [data/shop.ndjson]\n`,
      'content-sources/data/shop.ndjson': wireLines(items),
    });
    const lockFile = path.join(dir, '.graphform/state/local.json.lock');

    const first = graphform(dir, 'apply', '--yes');
    await until('the lock file', () => existsSync(lockFile));
    first.child.kill('SIGKILL');
    const killed = await first.ended;
    expect(killed.signal, killed.stdout + killed.stderr).toBe('SIGKILL');
    expect(existsSync(lockFile)).toBe(true);
    const dead = JSON.parse(await readFile(lockFile, 'utf8')) as { id: string; pid: number };
    expect(dead.pid).toBe(first.child.pid);

    const second = await graphform(dir, 'apply', '--yes').ended;
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stderr).toContain(`Took over the state lock ${dead.id}`);
    expect(second.stderr).toContain(`pid ${dead.pid} is not running, so that run is gone`);
    expect(existsSync(lockFile)).toBe(false);

    const plan = await graphform(dir, 'plan', '--detailed-exitcode').ended;
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  }, 60_000);
});
