import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ratioRow, type BenchRow } from './bench-row.js';
import { generateSources } from './generate-sources.js';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/graphform.js');

/** The apply row's target (issue 19): linear would be 3×, with room for the fixed costs that do not scale down. */
const RATIO_TARGET = 3.3;

export interface ApplyBenchOptions {
  /** The graphform binary to measure (another build, to compare before and after); this repository's by default. */
  bin?: string;
}

/** Seconds for `apply --yes` of `count` generated sources into a fresh embedded emulator (the default local environment). */
async function applySeconds(bin: string, count: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `graphform-apply-bench-${count}-`));
  try {
    await generateSources(dir, count);
    const started = performance.now();
    const { stdout } = await run(process.execPath, [bin, 'apply', '--yes'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir },
      maxBuffer: 1 << 28,
    });
    const seconds = (performance.now() - started) / 1000;
    // Every run must create every source, or its time means nothing.
    if (!stdout.includes(`Apply complete! ${count} applied, 0 failed`))
      throw new Error(`apply of ${count} sources did not create them all:\n${stdout.slice(-2000)}`);
    return seconds;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `apply --yes` of 300 sources against 100, in the same run. */
export async function runApplyBench(options: ApplyBenchOptions = {}): Promise<BenchRow[]> {
  const bin = options.bin ?? BIN;
  const small = await applySeconds(bin, 100);
  const large = await applySeconds(bin, 300);
  return [ratioRow('`apply --yes` 300 sources vs 100 sources', large / small, RATIO_TARGET, `${large.toFixed(1)} s vs ${small.toFixed(1)} s`)];
}
