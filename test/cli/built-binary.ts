import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(root, 'bin/graphform.js');

/**
 * Tests that run the built binary test dist/, not src/: they stop with this message when
 * dist/ is missing or older than a file under src/, instead of testing stale code.
 */
export async function requireFreshBuild(): Promise<void> {
  const built = await stat(path.join(root, 'dist/cli/process.js')).catch(() => undefined);
  if (built === undefined) throw new Error('dist/ is missing: run `npm run build` before the tests that run the built binary.');
  const newest = await newestFile(path.join(root, 'src'));
  if (newest.mtimeMs > built.mtimeMs) {
    throw new Error(`dist/ is older than src/ (${path.relative(root, newest.file)} changed after the last build): run \`npm run build\` first.`);
  }
}

async function newestFile(dir: string): Promise<{ file: string; mtimeMs: number }> {
  let newest = { file: dir, mtimeMs: 0 };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = await stat(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

export interface ClosedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs the built binary with its stdout on a pipe whose read side the test closes: at once
 * (`close: 'at-start'`) or once the first chunk has arrived. Resolves when the process has
 * exited and its stderr was read to the end.
 */
export function runWithClosedStdout(cwd: string, argv: readonly string[], close: 'at-start' | 'after-first-chunk', env: Record<string, string> = {}): Promise<ClosedRun> {
  const child = spawn(process.execPath, [BIN, ...argv], { cwd, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  if (close === 'at-start') child.stdout.destroy();
  else child.stdout.once('data', () => child.stdout.destroy());
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}
