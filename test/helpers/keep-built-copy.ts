import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertFreshBuild } from './built-binary.js';

const repository = path.resolve(import.meta.dirname, '../..');

/**
 * The built binary, copied (bin, dist, schema, templates, package.json; node_modules linked)
 * to a folder of its own once the build is checked fresh, so a build another test or person
 * starts meanwhile (which empties dist/) cannot pull modules from under a run: the keep
 * tests spawn the binary dozens of times and it imports some modules lazily mid-apply.
 */
export interface BuiltCopy {
  run(cwd: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  spawn(cwd: string, args: readonly string[]): SpawnedRun;
  remove(): Promise<void>;
}

export interface SpawnedRun {
  child: ChildProcessByStdio<null, Readable, Readable>;
  output(): string;
  /** Resolves once `text` is in stdout or stderr; rejects when the process ends first or after `timeoutMs`. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function copyBuiltBinary(): Promise<BuiltCopy> {
  assertFreshBuild();
  const dir = await mkdtemp(path.join(tmpdir(), 'graphform-keep-bin-'));
  for (const part of ['bin', 'dist', 'schema', 'templates', 'package.json']) await cp(path.join(repository, part), path.join(dir, part), { recursive: true });
  await symlink(path.join(repository, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // A build that ran during the copy would show here as a dist/ older than src/.
  assertFreshBuild();
  const bin = path.join(dir, 'bin/graphform.js');
  const envOf = (cwd: string): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd });
  return {
    run: (cwd, args) =>
      new Promise((resolve) => {
        execFile(process.execPath, [bin, ...args], { cwd, env: envOf(cwd), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1;
          resolve({ code, stdout, stderr });
        });
      }),
    spawn: (cwd, args) => {
      const child = spawn(process.execPath, [bin, ...args], { cwd, env: envOf(cwd), stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      const listeners = new Set<() => void>();
      const collect = (chunk: Buffer): void => {
        text += chunk.toString('utf8');
        for (const listener of [...listeners]) listener();
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      let closed = false;
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('close', (code, signal) => {
          closed = true;
          for (const listener of [...listeners]) listener();
          resolve({ code, signal });
        }),
      );
      const printed = (wanted: string, timeoutMs = 30_000): Promise<void> =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            listeners.delete(check);
            reject(new Error(`timed out waiting for ${JSON.stringify(wanted)}; output so far:\n${text}`));
          }, timeoutMs);
          const check = (): void => {
            if (!text.includes(wanted) && !closed) return;
            listeners.delete(check);
            clearTimeout(timer);
            if (text.includes(wanted)) resolve();
            else reject(new Error(`the process ended without printing ${JSON.stringify(wanted)}; its output:\n${text}`));
          };
          listeners.add(check);
          check();
        });
      return { child, output: () => text, printed, ended };
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
