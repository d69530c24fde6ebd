import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ratioRow, type BenchRow } from './bench-row.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');

/** Wall time of one command, in milliseconds. */
async function once(args: readonly string[], cwd: string): Promise<number> {
  const started = performance.now();
  // The caller's environment, as a user's shell has it (here it sets NODE_EXTRA_CA_CERTS, which
  // Node reads at start-up): both sides of each ratio pay for it alike.
  await run(process.execPath, [...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }).catch(() => undefined);
  return performance.now() - started;
}

/** The median of `runs` interleaved runs of each command, so background load hits them alike. */
export async function medians(commands: Record<string, readonly string[]>, cwd: string, runs: number): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of Object.entries(commands)) times[name]?.push(await once(args, cwd));
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0]));
}

/** The start-up rows' targets: issue 19 for --version, issue 11 for validate. */
const VERSION_TARGET = 1.2;
const VALIDATE_TARGET = 3;

export interface StartupBenchOptions {
  /** Interleaved runs of each command; the median is taken. */
  runs?: number;
  /** The graphform binary to measure (another build, to compare before and after); this repository's by default. */
  bin?: string;
}

/** `graphform --version` and `validate` of the example repo against `node -e 0`, measured in the same run. */
export async function runStartupBench(options: StartupBenchOptions = {}): Promise<BenchRow[]> {
  const bin = options.bin ?? BIN;
  const m = await medians({ node: ['-e', '0'], version: [bin, '--version'], validate: [bin, 'validate'] }, ROOT, options.runs ?? 21);
  const node = m.node ?? 1;
  const ratio = (name: string): number => (m[name] ?? 0) / node;
  return [
    ratioRow('`graphform --version` vs `node -e 0`', ratio('version'), VERSION_TARGET, `${ms(m.version)} vs ${ms(node)}`),
    ratioRow('`validate` of the example repo vs `node -e 0`', ratio('validate'), VALIDATE_TARGET, `${ms(m.validate)} vs ${ms(node)}`),
  ];
}

function ms(value: number | undefined): string {
  return `${Math.round(value ?? 0)} ms`;
}
