import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_SOURCE, benchItem } from './bench-source.js';
import type { BenchRow } from './bench-row.js';
import { readUsage, REPORT_USAGE, runChild } from './child.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');
const MIB = 1024 * 1024;
const RSS_TARGET_MIB = 400;

export interface YamlBenchOptions {
  /** The YAML list whose peak RSS has the target, in MB (MiB). */
  sizeMb?: number;
  /** A second list just under the 64 MiB limit, which must complete; 0 leaves it out. */
  largeMb?: number;
  /** The graphform binary to measure (another build, to compare before and after); this repository's by default. */
  bin?: string | undefined;
}

interface Validated {
  /** Exit code, or the signal that ended the process. */
  exit: string;
  items: number;
  errors: number;
  seconds: number;
  /** Undefined, as the peak, when the process died before it could report (killed, out of memory). */
  cpuSeconds: number | undefined;
  peakRssMiB: number | undefined;
}

/**
 * `graphform data validate` (the built binary, `npm run build` first) of a generated YAML
 * block list of the benchmark's items, written as a person or a YAML tool writes it, in a
 * child process: its peak RSS (the kernel's figure, read in the child as it exits), its
 * seconds, start-up included, and its CPU time. Checks that a run that completes read every item, without an
 * error. Prints nothing.
 */
export async function runYamlBench(options: YamlBenchOptions = {}): Promise<BenchRow[]> {
  const sizeMb = options.sizeMb ?? 20;
  const largeMb = options.largeMb ?? 63;
  const bin = path.resolve(options.bin ?? BIN);
  if (!existsSync(path.join(path.dirname(bin), '../dist/cli/process.js')))
    throw new Error(`no build beside ${bin}: run \`npm run build\` before the YAML benchmark`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-yaml-bench-'));
  try {
    const project = await writeProject(dir);
    const data = path.join(project, 'content-sources/data/items.yaml');
    const rows: BenchRow[] = [];
    const items = await writeYamlList(data, sizeMb * MIB);
    const run = await validate(bin, project, items);
    rows.push({
      measure: `peak RSS of \`data validate\` of a ${sizeMb} MB YAML list (${items.toLocaleString('en-US')} items)`,
      value: run.exit === '0' ? `${Math.round(run.peakRssMiB ?? Number.NaN)} MiB (${times(run)})` : `fails (${run.exit}) after ${run.seconds.toFixed(1)} s`,
      target: `≤ ${RSS_TARGET_MIB} MiB`,
      met: run.exit === '0' && run.peakRssMiB !== undefined && run.peakRssMiB <= RSS_TARGET_MIB,
    });
    if (largeMb > 0) {
      const largeItems = await writeYamlList(data, largeMb * MIB);
      const large = await validate(bin, project, largeItems);
      rows.push({
        measure: `\`data validate\` of a ${largeMb} MiB YAML list (${largeItems.toLocaleString('en-US')} items; the limit is 64 MiB)`,
        value:
          large.exit === '0'
            ? `completes: ${Math.round(large.peakRssMiB ?? Number.NaN)} MiB, ${times(large)}`
            : `fails (${large.exit}) after ${large.seconds.toFixed(1)} s`,
        target: 'completes (exit 0)',
        met: large.exit === '0',
      });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function times(run: Validated): string {
  return `${run.seconds.toFixed(1)} s, ${(run.cpuSeconds ?? Number.NaN).toFixed(1)} s CPU`;
}

/** A project with the benchmark source, whose data file is `data/items.yaml`. */
async function writeProject(dir: string): Promise<string> {
  const project = path.join(dir, 'project');
  await mkdir(path.join(project, 'content-sources/data'), { recursive: true });
  await writeFile(path.join(project, 'graphform.config.yaml'), 'sources: content-sources\n');
  // JSON is YAML: the declaration is the benchmark source as it is.
  await writeFile(
    path.join(project, 'content-sources/bnch.yaml'),
    JSON.stringify({ id: BENCH_SOURCE.id, ...BENCH_SOURCE.definition, data: ['data/items.yaml'] }, null, 2),
  );
  return project;
}

/** Writes a block list of the benchmark's items until the file holds at least `targetBytes`; returns how many. */
async function writeYamlList(file: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(file, { highWaterMark: MIB });
  let bytes = 0;
  let items = 0;
  while (bytes < targetBytes) {
    const text = `- ${yamlBlock(benchItem(items), '  ')}\n`;
    bytes += Buffer.byteLength(text);
    items++;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return items;
}

/** A map as block YAML, nested maps and lists indented under their keys, as people write it. */
function yamlBlock(value: Record<string, unknown>, indent: string): string {
  return Object.entries(value)
    .map(([key, inner]) => {
      if (Array.isArray(inner)) return `${key}:${inner.map((element) => `\n${indent}  - ${yamlScalar(element)}`).join('')}`;
      if (typeof inner === 'object' && inner !== null) return `${key}:\n${indent}  ${yamlBlock(inner as Record<string, unknown>, `${indent}  `)}`;
      return `${key}: ${yamlScalar(inner)}`;
    })
    .join(`\n${indent}`);
}

/** Words plain, anything else (a date, a trailing space) double-quoted, as JSON. */
function yamlScalar(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z][\w .,:-]*[\w.]$/.test(value) && !/: | #|^(true|false|null|yes|no|on|off)$/i.test(value)
    ? value
    : JSON.stringify(value);
}

async function validate(bin: string, project: string, items: number): Promise<Validated> {
  const report = path.join(project, 'rss.txt');
  await rm(report, { force: true });
  const started = performance.now();
  const { code, stdout, stderr } = await runChild(
    process.execPath,
    ['--import', REPORT_USAGE, bin, 'data', 'validate', BENCH_SOURCE.id, '--format', 'json'],
    project,
    {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      NO_COLOR: '1',
      GRAPHFORM_BENCH_RSS: report,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const { peakRssMiB, cpuSeconds } = await readUsage(report);
  if (code !== 0) return { exit: code === null ? 'killed' : `exit ${code}`, items: 0, errors: 0, seconds, cpuSeconds, peakRssMiB };
  const summary = JSON.parse(stdout) as { items: number; errors: number };
  // A run that did not read every item, or found problems, measured something else.
  if (summary.items !== items || summary.errors !== 0)
    throw new Error(`data validate read ${summary.items} of ${items} items with ${summary.errors} errors:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
  return { exit: '0', items: summary.items, errors: summary.errors, seconds, cpuSeconds, peakRssMiB };
}
