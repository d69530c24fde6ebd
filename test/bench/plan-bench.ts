import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median, readUsage, REPORT_USAGE, runChild, type ChildRun } from './child.js';
import { generateSources } from './generate-sources.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');

/** One row of the benchmark table: what was measured, the figure, and the target. */
export interface Row {
  measure: string;
  /** The figure as the table shows it, e.g. "9.8× (0.46 s vs 0.047 s)". */
  value: string;
  target: string;
  met: boolean;
}

export interface PlanBenchOptions {
  /** Timed runs of each command; the median is taken. */
  repetitions?: number;
  /** Source counts whose peak RSS is measured. */
  memorySizes?: readonly number[];
  /** The graphform binary to measure (another build, to compare before and after); this repository's by default. */
  bin?: string;
}

/** The plan rows' targets (issue 19; the 1,000-source figure keeps issue 11's). */
const RATIO_TARGET = 10;
const RSS_TARGET_MIB: Readonly<Record<number, number>> = { 300: 200, 1000: 400 };

/**
 * Plan at scale, with the built binary (`npm run build` first), in generated projects of
 * 20 content types × 15 properties per source, no state, on the default local environment:
 * the embedded emulator starts in the plan's process, is asked about every source (GET
 * types, the sources list, the CMS's types), and every source is planned as a create, so
 * each run is loading, validating, refreshing, diffing, planning and rendering them all.
 * Time is the median of several runs of `plan` on 100 sources against the median of as
 * many `node -e 0`, interleaved in the same run so that the machine's load falls on both
 * alike; peak RSS is the kernel's figure for the child (the emulator included), read in
 * the child as it exits. Prints nothing.
 */
export async function runPlanBench(options: PlanBenchOptions = {}): Promise<Row[]> {
  const repetitions = options.repetitions ?? 7;
  const memorySizes = options.memorySizes ?? [300, 1000];
  const bin = options.bin ?? BIN;
  if (!existsSync(path.join(path.dirname(bin), '../dist/cli/process.js')))
    throw new Error(`no build beside ${bin}: run \`npm run build\` before the plan benchmark`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-plan-bench-'));
  try {
    const rows: Row[] = [];
    const hundred = path.join(dir, 'p100');
    await generateSources(hundred, 100);
    // One untimed run of each warms the file cache.
    await planRun(bin, hundred, 100);
    await nodeRun();
    const planSeconds: number[] = [];
    const nodeSeconds: number[] = [];
    for (let i = 0; i < repetitions; i++) {
      nodeSeconds.push(await nodeRun());
      planSeconds.push((await planRun(bin, hundred, 100)).seconds);
    }
    const plan = median(planSeconds);
    const bare = median(nodeSeconds);
    rows.push({
      measure: '`plan` of 100 generated sources (20 content types × 15 properties each, no state, default local environment) vs `node -e 0`',
      value: `${(plan / bare).toFixed(1)}× (${plan.toFixed(2)} s vs ${bare.toFixed(3)} s)`,
      target: `≤ ${RATIO_TARGET}×`,
      met: plan / bare <= RATIO_TARGET,
    });
    const peaks: { sources: number; mib: number }[] = [];
    for (const sources of memorySizes) {
      const project = path.join(dir, `p${sources}`);
      if (sources !== 100) await generateSources(project, sources);
      peaks.push({ sources, mib: (await planRun(bin, project, sources, true)).peakRssMiB });
    }
    if (peaks.length > 0) {
      rows.push({
        measure: `peak RSS of \`plan\` at ${peaks.map((p) => p.sources.toLocaleString('en-US')).join(' / ')} sources, embedded emulator included`,
        value: peaks.map((p) => `${Math.round(p.mib)} MiB`).join(' / '),
        target: peaks.map((p) => (RSS_TARGET_MIB[p.sources] === undefined ? '–' : `≤ ${RSS_TARGET_MIB[p.sources]} MiB`)).join(' / '),
        met: peaks.every((p) => p.mib <= (RSS_TARGET_MIB[p.sources] ?? Infinity)),
      });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function planRun(bin: string, project: string, sources: number, measureMemory = false): Promise<{ seconds: number; peakRssMiB: number }> {
  return measuredPlan(bin, project, `Plan: ${sources} to create`, measureMemory);
}

/**
 * One `plan` in `project`: its wall time and, with `measureUsage`, its peak RSS and CPU time
 * (all threads). Every run must be a real plan of every source, or its figures mean nothing:
 * its output must hold `expected` (the summary line, or "No changes.").
 */
export async function measuredPlan(
  bin: string,
  project: string,
  expected: string,
  measureUsage = false,
): Promise<{ seconds: number; peakRssMiB: number; cpuSeconds: number }> {
  const report = path.join(project, 'rss.txt');
  const preload = measureUsage ? ['--import', REPORT_USAGE] : [];
  const started = performance.now();
  const { code, stdout, stderr } = await run(process.execPath, [...preload, bin, 'plan', '--no-color'], project, { GRAPHFORM_BENCH_RSS: report });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 || !stdout.includes(expected)) {
    throw new Error(`plan in ${project} exited ${code} without "${expected}":\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
  }
  const usage = measureUsage ? await readUsage(report) : {};
  return { seconds, peakRssMiB: usage.peakRssMiB ?? Number.NaN, cpuSeconds: usage.cpuSeconds ?? Number.NaN };
}

async function nodeRun(): Promise<number> {
  const started = performance.now();
  const { code } = await run(process.execPath, ['-e', '0'], ROOT, {});
  if (code !== 0) throw new Error(`node -e 0 exited ${code}`);
  return (performance.now() - started) / 1000;
}

// The caller's environment for both commands alike: node's own start-up work (such as
// reading NODE_EXTRA_CA_CERTS) is part of every command a user runs.
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<ChildRun> {
  return runChild(command, args, cwd, { ...process.env, ...env });
}
