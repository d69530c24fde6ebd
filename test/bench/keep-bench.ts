import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { ratioRow, type BenchRow } from './bench-row.js';
import { readUsage, REPORT_USAGE, runChild } from './child.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/graphform.js');

/** Issue 27: keeping the items of a source through a full update costs at most this many fresh pushes of them. */
const RATIO_TARGET = 3;
/** …with the keeping apply's peak memory at most this (streamed end to end). */
const RSS_TARGET_MIB = 250;

export interface KeepBenchOptions {
  /** Items pushed from elsewhere (not in data files), then kept through a rename. */
  items?: number;
  /** The graphform binary to measure (another build); this repository's by default. */
  bin?: string;
}

const SOURCE = (property: string, movedFrom?: string): string =>
  [
    'id: kb',
    'label: Keep bench',
    'languages: [en, sv]',
    'contentTypes:',
    '  Product:',
    '    contentType: []',
    '    properties:',
    '      Name: { type: String, searchable: true }',
    `      ${property}: { type: Int }`,
    '      Price: { type: Float }',
    '      Tags: { type: "[String]" }',
    'keep:',
    // Drafts (one item in ten) the single key does not see stay editors-only; the rest are public.
    '  defaults: { _rbac: "r:Editors:Read" }',
    ...(movedFrom === undefined ? [] : ['moved:', `  - { from: Product.${movedFrom}, to: Product.${property} }`]),
    '',
  ].join('\n');

/**
 * Keeping 100,000 items through a full update (a property renamed with `moved:`): `apply
 * --yes` (read back, the single key's second read, transform, validate, snapshot, PUT,
 * push, confirm each item served) against
 * `data push` of the same items fresh, both the built binary against one emulator in its
 * own process (GraphQL served at once: no configured lag in either), and the keeping apply's
 * peak RSS, which the emulator's items do not inflate. The fresh push confirms each item
 * served too. Then the rename back without `singleKey`: what the single key's read costs.
 */
export async function runKeepBench(options: KeepBenchOptions = {}): Promise<BenchRow[]> {
  const bin = options.bin ?? BIN;
  const count = options.items ?? 100_000;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-keep-bench-'));
  const emulator = await emulatorProcess(bin);
  try {
    const env = await emulatorProject(dir, emulator);
    await writeFile(path.join(dir, 'content-sources', 'kb.yaml'), SOURCE('Count'));
    await writeItems(path.join(dir, 'items.ndjson'), count);
    await graphform(bin, dir, env, ['apply', '--yes'], 'Apply complete!');

    const pushed = await graphform(bin, dir, env, ['data', 'push', 'kb', 'items.ndjson'], `served ${count}`);
    await writeFile(path.join(dir, 'content-sources', 'kb.yaml'), SOURCE('Quantity', 'Count'));
    const kept = await graphform(bin, dir, env, ['apply', '--yes'], `served ${count}`);
    // The same keep without the single key's read: every item takes keep.defaults' access, a loss the flag allows.
    await writeFile(path.join(dir, 'graphform.config.yaml'), projectConfig(emulator.url, false));
    await writeFile(path.join(dir, 'content-sources', 'kb.yaml'), SOURCE('Count', 'Quantity'));
    const unread = await graphform(bin, dir, env, ['apply', '--yes', '--allow-data-loss'], `served ${count}`);
    const items = count.toLocaleString('en');
    const readShare = (kept.seconds - unread.seconds) / kept.seconds;
    return [
      ratioRow(
        `keep ${items} items through a full update (\`apply\`) vs \`data push\` of them fresh`,
        kept.seconds / pushed.seconds,
        RATIO_TARGET,
        `${kept.seconds.toFixed(1)} s vs ${pushed.seconds.toFixed(1)} s`,
      ),
      {
        measure: `peak RSS of the apply keeping ${items} items`,
        value: `${kept.peakRssMiB.toFixed(0)} MiB (data push ${pushed.peakRssMiB.toFixed(0)} MiB)`,
        target: `≤ ${RSS_TARGET_MIB} MiB`,
        met: kept.peakRssMiB <= RSS_TARGET_MIB,
      },
      {
        measure: `the single key's read in that apply (the same keep without \`singleKey\`, with \`--allow-data-loss\`)`,
        value: `${(readShare * 100).toFixed(0)}% (${(kept.seconds - unread.seconds).toFixed(1)} s: ${kept.seconds.toFixed(1)} s vs ${unread.seconds.toFixed(1)} s)`,
        target: '—',
        met: true,
      },
    ];
  } finally {
    emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The emulator as its own process (`graphform emulator`), as a service is: its work does not
 * share this process with the benchmark's, nor run through the module runner.
 */
export async function emulatorProcess(
  bin: string,
): Promise<{ url: string; credentials: { appKey: string; secret: string; singleKey: string }; close(): void }> {
  const credentials = { appKey: 'keepbench', secret: randomBytes(32).toString('base64'), singleKey: randomBytes(16).toString('hex') };
  const child = spawn(
    process.execPath,
    [bin, 'emulator', '--port', '0', '--app-key', credentials.appKey, '--secret', credentials.secret, '--single-key', credentials.singleKey],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`graphform emulator exited ${code} before it listened:\n${seen}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(seen);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
  });
  child.stdout.resume();
  return { url, credentials, close: () => void child.kill() };
}

/**
 * A project in `dir` whose default environment, `bench`, is `emulator`, with local state in
 * .graphform/state/bench.json and an empty content-sources/; returns the variables its auth reads.
 */
export async function emulatorProject(
  dir: string,
  emulator: { url: string; credentials: { appKey: string; secret: string; singleKey: string } },
): Promise<Record<string, string>> {
  await writeFile(path.join(dir, 'graphform.config.yaml'), projectConfig(emulator.url, true));
  await mkdir(path.join(dir, 'content-sources'));
  return { BENCH_APP_KEY: emulator.credentials.appKey, BENCH_SECRET: emulator.credentials.secret, BENCH_SINGLE_KEY: emulator.credentials.singleKey };
}

/** The project's config; with `singleKey`, the keeping apply reads twice to keep access, as users' do. */
function projectConfig(url: string, singleKey: boolean): string {
  return [
    'sources: content-sources',
    'defaultEnvironment: bench',
    'environments:',
    '  bench:',
    `    graphUrl: ${url}`,
    '    auth: { scheme: hmac, appKey: "${env:BENCH_APP_KEY}", secret: "${env:BENCH_SECRET}" }',
    ...(singleKey ? ['    singleKey: "${env:BENCH_SINGLE_KEY}"'] : []),
    '    state: { backend: local, path: .graphform/state/bench.json }',
    '',
  ].join('\n');
}

/** Items of two languages, each with every property: a feed that is not in the repository. */
async function writeItems(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const language = i % 4 === 0 ? 'sv' : 'en';
    const line = `{"index":{"_id":"p${i}","language_routing":"${language}"}}\n{"ContentType":["Product"],"Language":{"Name":"${language}"},"Status":"${i % 10 === 0 ? 'Draft' : 'Published'}","_rbac":"r:Everyone:Read","Name":"Product ${i}","Count":${i % 1000},"Price":${(i % 500) + 0.5},"Tags":["t${i % 7}","t${i % 11}"]}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

/** One run of the built binary in `dir`, timed with its peak RSS and CPU time; throws unless it exits 0 with `expected` in its output. */
export async function graphform(
  bin: string,
  dir: string,
  env: Record<string, string>,
  args: string[],
  expected: string,
): Promise<{ seconds: number; peakRssMiB: number; cpuSeconds: number; stdout: string }> {
  const report = path.join(dir, 'usage.txt');
  const started = performance.now();
  const run = await runChild(process.execPath, ['--import', REPORT_USAGE, bin, ...args], dir, {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    NO_COLOR: '1',
    GRAPHFORM_BENCH_RSS: report,
    ...env,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0 || !`${run.stdout}${run.stderr}`.includes(expected)) {
    throw new Error(`graphform ${args.join(' ')} exited ${run.code} without "${expected}":\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
  }
  const usage = await readUsage(report);
  return { seconds, peakRssMiB: usage.peakRssMiB ?? Number.NaN, cpuSeconds: usage.cpuSeconds ?? Number.NaN, stdout: run.stdout };
}
