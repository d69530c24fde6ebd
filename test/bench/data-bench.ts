import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_SOURCE, writeBenchFile } from './bench-source.js';
import { median, readUsage, REPORT_USAGE, runChild, type ChildRun } from './child.js';
import { ratioRow, type BenchRow } from './bench-row.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');
const BARE = path.join(import.meta.dirname, 'bare-sender.mjs');
const DRAIN = path.join(import.meta.dirname, 'drain-server.mjs');

export interface DataBenchOptions {
  /** The input timed against the bare senders, in MB (MiB). */
  sizeMb?: number;
  /** A second, large input whose peak RSS is measured too; 0 leaves it out. */
  largeMb?: number;
  /** Timed runs of each sender; the median is taken. */
  repetitions?: number;
  /** The graphform binary to time (default: this checkout's bin/graphform.js), e.g. an older build to compare with. */
  bin?: string;
  /**
   * The field names of the input: `wire` (default, what the vendor's clients send) goes on
   * the wire as it is; `plain` is renamed by the push, so its batches differ from the bare
   * senders' and only graphform's time is meaningful (GRAPHFORM_BENCH_NAMES=plain).
   */
  names?: 'wire' | 'plain';
}

const RATIO_TARGET = 1.1;
const RSS_TARGET_MIB = 200;

interface Sent {
  seconds: number;
  items: number;
  batches: number;
  bytes: number;
}

/**
 * `graphform data push` (the built binary, `npm run build` first) of generated wire-form
 * NDJSON into a drain-only server, against two bare node:http senders of the same batches
 * (one that JSON.parses every line, one that does not), each in its own process, runs
 * interleaved so that the machine's load falls on all alike. Times are in-process (the
 * push summary's seconds, the bare sender's own clock), without Node's start-up; peak RSS
 * is the kernel's figure for the whole graphform process, worker threads included. Checks
 * that every run sent the same items in the same number of batches and bytes. Prints nothing.
 */
export async function runDataBench(options: DataBenchOptions = {}): Promise<BenchRow[]> {
  const sizeMb = options.sizeMb ?? 100;
  const largeMb = options.largeMb ?? 1024;
  const repetitions = options.repetitions ?? 5;
  const bin = options.bin ?? BIN;
  if (!existsSync(path.join(path.dirname(bin), '../dist/data/validate/block-worker.js')))
    throw new Error('dist/ is missing or old: run `npm run build` before the data benchmark');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-data-bench-'));
  const drain = await startDrain();
  try {
    const project = await writeProject(dir, drain.url);
    const data = path.join(project, 'content-sources/data/items.ndjson');
    const names = options.names ?? (process.env.GRAPHFORM_BENCH_NAMES === 'plain' ? 'plain' : 'wire');
    await writeBenchFile(data, sizeMb * 1024 * 1024, names);
    const runs = { parse: [] as Sent[], raw: [] as Sent[], graphform: [] as (Sent & { peakRssMiB: number })[] };
    // One untimed run of each warms the file cache and the server.
    await bare(drain.url, data, 'parse');
    await push(project, bin);
    for (let i = 0; i < repetitions; i++) {
      runs.parse.push(await bare(drain.url, data, 'parse'));
      runs.raw.push(await bare(drain.url, data, 'raw'));
      runs.graphform.push(await push(project, bin));
    }
    sameBatches(names === 'wire' ? [...runs.parse, ...runs.raw, ...runs.graphform] : runs.graphform);
    const gf = median(runs.graphform.map((r) => r.seconds));
    const parsing = median(runs.parse.map((r) => r.seconds));
    const raw = median(runs.raw.map((r) => r.seconds));
    const peaks = [{ size: `${sizeMb} MB`, mib: Math.max(...runs.graphform.map((r) => r.peakRssMiB)) }];
    if (largeMb > 0) {
      await writeBenchFile(data, largeMb * 1024 * 1024, names);
      const large = await push(project, bin);
      peaks.push({ size: largeMb % 1024 === 0 ? `${largeMb / 1024} GB` : `${largeMb} MB`, mib: large.peakRssMiB });
    }
    return [
      ratioRow(
        `\`data push\` of ${sizeMb} MB into a drain-only server vs a bare node:http sender of the same batches that also \`JSON.parse\`s every line`,
        parsing / gf,
        RATIO_TARGET,
        `${gf.toFixed(2)} s vs ${parsing.toFixed(2)} s; ${(raw / gf).toFixed(2)}× against one that does not parse, ${raw.toFixed(2)} s`,
        true,
      ),
      {
        measure: `peak RSS of \`data push\` at ${peaks.map((p) => p.size).join(' and at ')}`,
        value: peaks.map((p) => `${Math.round(p.mib)} MiB`).join(' / '),
        target: `≤ ${RSS_TARGET_MIB} MiB at any size`,
        met: peaks.every((p) => p.mib <= RSS_TARGET_MIB),
      },
    ];
  } finally {
    drain.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A project whose `bench` environment is the drain server, with the benchmark source and its data file. */
async function writeProject(dir: string, url: string): Promise<string> {
  const project = path.join(dir, 'project');
  await mkdir(path.join(project, 'content-sources/data'), { recursive: true });
  const config = [
    'sources: content-sources',
    'defaultEnvironment: bench',
    'environments:',
    '  bench:',
    `    graphUrl: ${url}`,
    '    auth: { scheme: basic, appKey: bench, secret: "${env:BENCH_SECRET}" }',
    '',
  ];
  await writeFile(path.join(project, 'graphform.config.yaml'), config.join('\n'));
  // JSON is YAML: the declaration is the benchmark source as it is.
  await writeFile(
    path.join(project, 'content-sources/bnch.yaml'),
    JSON.stringify({ id: BENCH_SOURCE.id, ...BENCH_SOURCE.definition, data: ['data/items.ndjson'] }, null, 2),
  );
  return project;
}

/**
 * The drain server only takes batches; it has no GraphQL to count what it serves. A build that
 * waits for the service after a push (issue 26) is told not to, so both builds measure the push
 * alone; an older build has no --no-wait and does not wait.
 */
const noWaitFlags = new Map<string, Promise<string[]>>();

function noWaitFlag(bin: string, project: string): Promise<string[]> {
  let flags = noWaitFlags.get(bin);
  if (flags === undefined) {
    // Asked once per build: its help does not change between pushes.
    flags = run(process.execPath, [bin, 'data', 'push', '--help'], project, {}).then((help) => (help.stdout.includes('--no-wait') ? ['--no-wait'] : []));
    noWaitFlags.set(bin, flags);
  }
  return flags;
}

async function push(project: string, bin: string): Promise<Sent & { peakRssMiB: number }> {
  const report = path.join(project, 'rss.txt');
  const { code, stdout, stderr } = await run(
    process.execPath,
    ['--import', REPORT_USAGE, bin, 'data', 'push', BENCH_SOURCE.id, '--format', 'json', ...(await noWaitFlag(bin, project))],
    project,
    {
      GRAPHFORM_BENCH_RSS: report,
      BENCH_SECRET: 'bench-secret',
    },
  );
  if (code !== 0) throw new Error(`graphform data push exited ${code}:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
  const summary = JSON.parse(stdout) as { status: string; seconds: number; itemsSent: number; batches: number; bytes: number };
  if (summary.status !== 'sent') throw new Error(`graphform data push ended ${summary.status}`);
  return {
    seconds: summary.seconds,
    items: summary.itemsSent,
    batches: summary.batches,
    bytes: summary.bytes,
    peakRssMiB: (await readUsage(report)).peakRssMiB ?? Number.NaN,
  };
}

async function bare(url: string, file: string, mode: 'parse' | 'raw'): Promise<Sent> {
  const { code, stdout, stderr } = await run(process.execPath, [BARE, url, file, mode], ROOT, {});
  if (code !== 0) throw new Error(`bare sender (${mode}) exited ${code}:\n${stderr.slice(-2000)}`);
  return JSON.parse(stdout) as Sent;
}

function sameBatches(runs: readonly Sent[]): void {
  const [first] = runs;
  const differs = runs.find((r) => r.items !== first?.items || r.batches !== first.batches || r.bytes !== first.bytes);
  if (differs !== undefined) throw new Error(`runs sent different batches: ${JSON.stringify(first)} vs ${JSON.stringify(differs)}`);
}

async function startDrain(): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [DRAIN], { stdio: ['pipe', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (text: string) => resolve(text.trim()));
    child.once('exit', (code) => reject(new Error(`the drain server exited with ${code}`)));
  });
  return { url, stop: () => child.stdin.end() };
}

// A clean environment apart from PATH and HOME: no NODE_OPTIONS or colour settings of the caller.
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<ChildRun> {
  // GRAPHFORM_WORKERS_FROM_MIB passes through, to measure the worker threshold.
  const workers = process.env.GRAPHFORM_WORKERS_FROM_MIB;
  return runChild(command, args, cwd, {
    PATH: process.env.PATH ?? '',
    HOME: os.tmpdir(),
    NO_COLOR: '1',
    ...(workers === undefined ? {} : { GRAPHFORM_WORKERS_FROM_MIB: workers }),
    ...env,
  });
}
