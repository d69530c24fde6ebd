import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmulator } from '../../src/emulator/index.js';
import { createGraphClient } from '../../src/graph/client.js';
import type { BenchRow } from './bench-row.js';
import { median, runChild } from './child.js';
import { generateSources, sourceId } from './generate-sources.js';
import { measuredPlan } from './plan-bench.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');

export interface EmulatorBenchOptions {
  sources?: number;
  itemsPerSource?: number;
  /** Plans measured in each project; the median is taken. */
  repetitions?: number;
  /** The graphform binary to measure (another build, to compare before and after); this repository's by default. */
  bin?: string;
}

/** The embedded emulator's row (issue 19): plan's memory follows the declarations, not the data held. */
const RATIO_TARGET = 1.1;
const RSS_TARGET_MIB = 200;

/**
 * The embedded emulator's memory in a plan: two projects with the same 300 generated
 * sources, applied and in state, whose emulator data directories differ only in the items
 * they hold. `apply --yes` creates the sources and pushes each one's data: file (about a
 * KiB per item); the second project is a copy of the first whose items were then purged
 * through the emulator's data API. A plan with no changes in each (it starts the embedded
 * emulator and reads every source's definition back) must use the same memory: the
 * emulator reads items only when a request needs them. Peak RSS is the kernel's figure for
 * the plan's process, emulator included; medians of `repetitions` plans each, interleaved.
 */
export async function runEmulatorBench(options: EmulatorBenchOptions = {}): Promise<BenchRow[]> {
  const sources = options.sources ?? 300;
  const itemsPerSource = options.itemsPerSource ?? 500;
  const repetitions = options.repetitions ?? 3;
  const bin = options.bin ?? BIN;
  if (!existsSync(path.join(path.dirname(bin), '../dist/cli/process.js')))
    throw new Error(`no build beside ${bin}: run \`npm run build\` before the emulator benchmark`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-emulator-bench-'));
  try {
    const held = path.join(dir, 'held');
    const none = path.join(dir, 'none');
    await generateSources(held, sources, { itemsPerSource });
    const applied = await runChild(process.execPath, [bin, 'apply', '--yes', '--no-color'], held, { ...process.env, HOME: held });
    if (applied.code !== 0)
      throw new Error(`apply of ${sources} sources with data exited ${applied.code}:\n${applied.stdout.slice(-2000)}\n${applied.stderr.slice(-2000)}`);
    await cp(held, none, { recursive: true });
    const bytes = await emptied(path.join(none, '.graphform/emulator'), sources);
    const total = await itemsHeld(path.join(held, '.graphform/emulator'), sources);
    if (total !== sources * itemsPerSource) throw new Error(`the emulator holds ${total} items, not ${sources * itemsPerSource}`);

    const peaks = { held: [] as number[], none: [] as number[] };
    for (let i = 0; i < repetitions; i++) {
      peaks.held.push((await measuredPlan(bin, held, 'No changes.', true)).peakRssMiB);
      peaks.none.push((await measuredPlan(bin, none, 'No changes.', true)).peakRssMiB);
    }
    const withItems = median(peaks.held);
    const without = median(peaks.none);
    const ratio = withItems / without;
    return [
      {
        measure: `peak RSS of \`plan\` (no changes) at ${sources} sources whose embedded emulator holds ${total.toLocaleString('en-US')} items (${Math.round(bytes / 2 ** 20)} MiB) vs none`,
        value: `${ratio.toFixed(2)}× (${Math.round(withItems)} MiB vs ${Math.round(without)} MiB)`,
        target: `≤ ${RATIO_TARGET}× and ≤ ${RSS_TARGET_MIB} MiB`,
        met: ratio <= RATIO_TARGET && withItems <= RSS_TARGET_MIB,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Purges every item of the generated sources through the emulator's data API; returns the bytes of data lines it held. */
async function emptied(dataDir: string, sources: number): Promise<number> {
  const credentials = { appKey: 'bench', secret: Buffer.from('emulator bench').toString('base64') };
  const emulator = await startEmulator({ dataDir, credentials });
  try {
    const client = createGraphClient({ baseUrl: emulator.url, auth: { scheme: 'basic', ...credentials } });
    let bytes = 0;
    for (let i = 0; i < sources; i++) {
      const id = sourceId(i);
      bytes += (emulator.inspect.items(id, { limit: 1_000_000 })?.items ?? []).reduce((sum, item) => sum + JSON.stringify(item.data).length, 0);
      await client.purgeData(id, ['en', 'sv']);
      if (emulator.inspect.counts(id)?.total !== 0) throw new Error(`source ${id} still holds items after the purge`);
    }
    return bytes;
  } finally {
    await emulator.close();
  }
}

async function itemsHeld(dataDir: string, sources: number): Promise<number> {
  const emulator = await startEmulator({ dataDir });
  try {
    let total = 0;
    for (let i = 0; i < sources; i++) total += emulator.inspect.counts(sourceId(i))?.total ?? 0;
    return total;
  } finally {
    await emulator.close();
  }
}
