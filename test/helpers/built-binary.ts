import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../..');

/** The built CLI's entry point. */
export const BIN = path.join(repository, 'bin/graphform.js');

/**
 * Throws a clear error when dist/ is missing or older than some file under src/, or the
 * bundle the binary runs is older than dist/: a test of the built binary would otherwise
 * pass or fail on yesterday's code. Call it in beforeAll.
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
  // bin/graphform.js runs the bundle, made from dist/ after tsc: a tsc run alone leaves it behind.
  let bundledAt: number;
  try {
    bundledAt = statSync(path.join(repository, 'dist/cli/bundle/process.js')).mtimeMs;
  } catch {
    throw new Error('dist/cli/bundle/ is missing: run `npm run build` before this test');
  }
  if (bundledAt < builtAt) throw new Error('dist/cli/bundle/ is older than dist/cli/process.js: run `npm run build` before this test');
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
export async function runBuilt(
  cwd: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
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
export function runWithClosedStdout(
  cwd: string,
  argv: readonly string[],
  close: 'at-start' | 'after-first-chunk',
  env: Record<string, string> = {},
): Promise<ClosedRun> {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  if (close === 'at-start') child.stdout.destroy();
  else child.stdout.once('data', () => child.stdout.destroy());
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface BuiltRun {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Both streams so far, stdout first. */
  output(): string;
  /** Resolves once `text` has been written to stdout or stderr; rejects when the process ends first, or after `timeoutMs`. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves after the process exited and both streams were read to their end. */
  ended: Promise<Ended>;
}

/**
 * Starts the built binary in `cwd` with only `env` (and PATH) and collects its output
 * from the start, so a test can wait for a line (an event) before it acts on the process.
 */
export function spawnBuilt(cwd: string, argv: readonly string[], env: Record<string, string> = {}): BuiltRun {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let closed = false;
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => {
      closed = true;
      resolve({ code, signal, stdout, stderr });
    }),
  );
  const output = (): string => stdout + stderr;
  const printed = (text: string, timeoutMs = 20_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!stdout.includes(text) && !stderr.includes(text)) return;
        stop();
        resolve();
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`timed out waiting for ${JSON.stringify(text)}; output so far:\n${output()}`));
      }, timeoutMs);
      const onEnd = (): void => {
        stop();
        if (stdout.includes(text) || stderr.includes(text)) resolve();
        else reject(new Error(`the process ended without printing ${JSON.stringify(text)}; its output:\n${output()}`));
      };
      // The collectors above were attached first, so the text is already in stdout/stderr when check runs.
      const stop = (): void => {
        clearTimeout(timer);
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        child.off('close', onEnd);
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.on('close', onEnd);
      if (closed) onEnd();
      else check();
    });
  return { child, output, printed, ended };
}

/**
 * Makes `project` a package of its own (ESM) whose `graphform` resolves to this repository's
 * build, as it would after installing graphform: a script there imports the built library.
 */
export async function linkBuiltPackage(project: string): Promise<void> {
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'library-user', private: true, type: 'module' })}\n`);
  await mkdir(path.join(project, 'node_modules'), { recursive: true });
  await symlink(repository, path.join(project, 'node_modules', 'graphform'), 'dir');
}
