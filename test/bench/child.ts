import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end with exactly `env` (callers choose the caller's or a clean one), collecting its output. */
export function runChild(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Preloaded with `--import` in a measured graphform run: writes the process's peak RSS in
 * KiB and its CPU time in µs (all threads) to the file named by GRAPHFORM_BENCH_RSS as it
 * exits, through process.exit too (not when it is killed or runs out of memory). CPU time
 * is steadier than the clock on a machine shared with other work.
 */
export const REPORT_USAGE = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); writeFileSync(process.env.GRAPHFORM_BENCH_RSS, `${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}`); });",
)}`;

/** What REPORT_USAGE wrote to `report`: nothing when the run did not exit by itself. */
export async function readUsage(report: string): Promise<{ peakRssMiB?: number; cpuSeconds?: number }> {
  if (!existsSync(report)) return {};
  const [kib, micros] = (await readFile(report, 'utf8')).split(' ').map(Number);
  return { ...(kib === undefined ? {} : { peakRssMiB: kib / 1024 }), ...(micros === undefined ? {} : { cpuSeconds: micros / 1e6 }) };
}
