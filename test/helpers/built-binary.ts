import { execFile, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../..');

/** The built CLI's entry point. */
export const BIN = path.join(repository, 'bin/graphform.js');

/**
 * Throws a clear error when dist/ is missing or older than some file under src/: a test of
 * the built binary would otherwise pass or fail on yesterday's code. Call it in beforeAll.
 */
export function assertFreshBuild(): void {
  const built = path.join(repository, 'dist/cli/process.js');
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    throw new Error('dist/ is missing: run `npm run build` before this test');
  }
  const newer = newestUnder(path.join(repository, 'src'));
  if (newer.mtimeMs > builtAt) throw new Error(`dist/ is older than ${path.relative(repository, newer.file)}: run \`npm run build\` before this test`);
}

function newestUnder(dir: string): { file: string; mtimeMs: number } {
  let newest = { file: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const candidate = entry.isDirectory() ? newestUnder(full) : { file: full, mtimeMs: statSync(full).mtimeMs };
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/** Runs the built binary to its end in `cwd` with only `env` (and PATH): its exit code and both streams. */
export async function runBuilt(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
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
