import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WireNames } from '../../src/data/wire-names.js';
import type { DataLedger } from '../../src/state/types.js';
import { ratioRow, type BenchRow } from './bench-row.js';
import { BENCH_SOURCE, benchItem } from './bench-source.js';
import { median } from './child.js';
import { emulatorProcess, emulatorProject, graphform } from './keep-bench.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/graphform.js');

/** Issue 28: a plan over the declared items, of which a few changed, takes at most this many `data validate`s of the same files. */
const RATIO_TARGET = 2;
/** …then apply sends only the changed items… */
const CHANGED = 10;
/** …and the ledger in state takes at most this many bytes per item. */
const LEDGER_TARGET_BYTES = 40;

export interface DeclaredBenchOptions {
  /** Items in the source's `data:` file. */
  items?: number;
  /** Timed runs of the plan and of `data validate`, interleaved; the median is taken. */
  repetitions?: number;
  /** The graphform binary to measure (another build); this repository's by default. */
  bin?: string;
}

/**
 * Declared data as desired state: a source (the benchmark's shop shape) whose `data:` file
 * holds `items` wire-form items is applied once against `graphform emulator` in its own
 * process (every item pushed, the ledger recorded in state); then 10 items of the file
 * change. `plan` (which validates and hashes every item and compares it with the ledger)
 * against `data validate` of the same file, the built binary, runs interleaved, medians of
 * wall-clock time; the plan's peak RSS; `apply --yes` afterwards must send the 10 items and
 * nothing else; and the ledger's size in the state file per item.
 */
export async function runDeclaredBench(options: DeclaredBenchOptions = {}): Promise<BenchRow[]> {
  const bin = options.bin ?? BIN;
  const count = options.items ?? 200_000;
  const repetitions = options.repetitions ?? 5;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-declared-bench-'));
  const emulator = await emulatorProcess(bin);
  try {
    const env = await emulatorProject(dir, emulator);
    // JSON is YAML: the declaration is the benchmark source as it is.
    await writeFile(
      path.join(dir, 'content-sources', 'bnch.yaml'),
      JSON.stringify({ id: BENCH_SOURCE.id, ...BENCH_SOURCE.definition, data: ['data/items.ndjson'] }, null, 2),
    );
    await mkdir(path.join(dir, 'content-sources', 'data'));
    const file = path.join(dir, 'content-sources', 'data', 'items.ndjson');
    await writeItems(file, count, new Set());
    const items = count.toLocaleString('en-US');
    await graphform(bin, dir, env, ['apply', '--yes'], `served ${count}`);

    const changed = new Set(Array.from({ length: CHANGED }, (_, k) => Math.floor(((k + 0.5) * count) / CHANGED)));
    await writeItems(file, count, changed);
    const plans: Awaited<ReturnType<typeof graphform>>[] = [];
    const validates: Awaited<ReturnType<typeof graphform>>[] = [];
    // One untimed run of each warms the file cache.
    const planned = `${CHANGED} to change (${items} declared, ${(count - CHANGED).toLocaleString('en-US')} unchanged)`;
    const valid = `${items} items in 1 file: all valid`;
    await graphform(bin, dir, env, ['plan'], planned);
    await graphform(bin, dir, env, ['data', 'validate', BENCH_SOURCE.id], valid);
    for (let i = 0; i < repetitions; i++) {
      plans.push(await graphform(bin, dir, env, ['plan'], planned));
      validates.push(await graphform(bin, dir, env, ['data', 'validate', BENCH_SOURCE.id], valid));
    }
    const applied = await graphform(bin, dir, env, ['apply', '--yes', '--format', 'json'], '"ok": true');
    const sent = sentLines(applied.stdout);
    const ledger = await ledgerOf(dir);

    const plan = median(plans.map((r) => r.seconds));
    const validate = median(validates.map((r) => r.seconds));
    const cpu = (runs: readonly { cpuSeconds: number }[]): string => `${median(runs.map((r) => r.cpuSeconds)).toFixed(2)} s`;
    const perItem = (ledger.rows.length + ledger.entries.length) / ledger.items;
    return [
      ratioRow(
        `\`plan\` of a source declaring ${items} items in its \`data:\` file, ${CHANGED} of them changed since \`apply\`, vs \`data validate\` of the file`,
        plan / validate,
        RATIO_TARGET,
        `${plan.toFixed(2)} s vs ${validate.toFixed(2)} s; CPU ${cpu(plans)} vs ${cpu(validates)}`,
      ),
      {
        measure: `peak RSS of that \`plan\` (\`data validate\`: ${Math.round(median(validates.map((r) => r.peakRssMiB)))} MiB)`,
        value: `${Math.round(median(plans.map((r) => r.peakRssMiB)))} MiB`,
        target: '—',
        met: true,
      },
      {
        measure: `lines \`apply --yes\` then sends of the ${items} declared items (${sent.change} to change, ${sent.add} to add, ${sent.delete} to delete)`,
        value: `${sent.lines} in ${sent.batches} batch${sent.batches === 1 ? '' : 'es'} (${applied.seconds.toFixed(1)} s)`,
        target: `${CHANGED}`,
        met: sent.lines === CHANGED && sent.change === CHANGED && sent.add + sent.delete === 0,
      },
      {
        measure: `the ledger of ${ledger.items.toLocaleString('en-US')} items in the state file (rows and entries)`,
        value: `${perItem.toFixed(1)} bytes per item (${((ledger.rows.length + ledger.entries.length) / 2 ** 20).toFixed(1)} MiB)`,
        target: `≤ ${LEDGER_TARGET_BYTES} bytes per item`,
        met: perItem <= LEDGER_TARGET_BYTES && ledger.items === count,
      },
    ];
  } finally {
    emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The benchmark's items 0 to count - 1 as wire-form NDJSON, those in `changed` with another Name. */
async function writeItems(file: string, count: number, changed: ReadonlySet<number>): Promise<void> {
  const out = createWriteStream(file, { highWaterMark: 1024 * 1024 });
  const wire = new WireNames(BENCH_SOURCE.definition);
  for (let i = 0; i < count; i++) {
    const item = benchItem(i);
    const data = wire.toWire(changed.has(i) ? { ...item, Name: `${String(item.Name)} (edited)` } : item, 'Product');
    if (!out.write(`{"index":{"_id":"${String(data.Id)}","language_routing":"${(data.Language as { Name: string }).Name}"}}\n${JSON.stringify(data)}\n`))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** What `apply --format json` reports it sent of the data items that changed. */
function sentLines(stdout: string): { lines: number; batches: number; add: number; change: number; delete: number } {
  const document = JSON.parse(stdout) as {
    outcomes: { id: string; dataSync?: { add: number; change: number; delete: number; summary?: { itemsSent: number; batches: number } } }[];
  };
  const sync = document.outcomes.find((o) => o.id === BENCH_SOURCE.id)?.dataSync;
  if (sync === undefined) throw new Error(`apply reported no data items sent for ${BENCH_SOURCE.id}:\n${stdout.slice(0, 2000)}`);
  return { lines: sync.summary?.itemsSent ?? 0, batches: sync.summary?.batches ?? 0, add: sync.add, change: sync.change, delete: sync.delete };
}

/** The source's ledger as the state file holds it (apply folds its journal in as it ends). */
async function ledgerOf(dir: string): Promise<DataLedger> {
  const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/bench.json'), 'utf8')) as { sources: Record<string, { data?: DataLedger }> };
  const ledger = state.sources[BENCH_SOURCE.id]?.data;
  if (ledger === undefined) throw new Error(`the state file holds no ledger for ${BENCH_SOURCE.id}`);
  return ledger;
}
