import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured streams and a clean environment. */
export async function runCli(argv: string[], options: { cwd: string; env?: Record<string, string>; io?: Partial<CliIO> }): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd,
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    ...options.io,
  });
  return { code, stdout, stderr };
}
