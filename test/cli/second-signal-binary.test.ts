import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

/** Resolves when `check` holds, testing it each time the emulator or the child reports something. */
function when(check: () => boolean, what: string, subscribe: (listener: () => void) => () => void, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let unsubscribe = (): void => undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const test = (): void => {
      if (!check()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    unsubscribe = subscribe(test);
    test();
  });
}

describe('a second SIGINT during apply (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('exits 130 at once, without waiting for the request in flight, and says what is left', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    // The PUT that creates the source answers only after a minute: the run is inside it.
    const slow = emulator.faults.add({ method: 'PUT', pathPrefix: '/api/content/v3/types', delayMs: 60_000 });
    const child = spawn(process.execPath, [BIN, 'apply', '--yes'], {
      cwd: project.dir,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: project.dir, GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Collected by a listener of its own, so what comes after the last wait is kept too.
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const onOutput = (listener: () => void): (() => void) => {
      child.stderr.on('data', listener);
      child.stdout.on('data', listener);
      return () => {
        child.stderr.off('data', listener);
        child.stdout.off('data', listener);
      };
    };
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));

    // The fault's count drops when the PUT arrives; the emulator has no event for it, so the
    // check runs on the child's output and on a short interval until then.
    const tick = (listener: () => void): (() => void) => {
      const off = onOutput(listener);
      const interval = setInterval(listener, 20);
      return () => {
        off();
        clearInterval(interval);
      };
    };
    await when(() => emulator.faults.list().every((f) => f.id !== slow.id), 'the PUT to be in flight', tick);
    const sentAt = Date.now();
    child.kill('SIGINT');
    await when(() => stderr.includes('finishing the request in flight'), 'the first SIGINT to be taken', onOutput);
    child.kill('SIGINT');
    const ended = await exited;
    expect(ended.code, stderr).toBe(130);
    expect(stderr).toContain('SIGINT again: stopping at once');
    expect(Date.now() - sentAt).toBeLessThan(30_000);
    // Stopped at once, not by the graceful path: no summary, and the lock is left for
    // `graphform state unlock`, as the README says.
    expect(stdout).not.toMatch(/pending|Apply (?:complete|stopped)/i);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json.lock'))).toBe(true);
  });
});
