// npm run bench:emulator: the data pipeline's throughput and memory against the emulator, end to end.
//
// The benchmark is TypeScript in test/bench/, run through vite's module runner (vite comes
// with vitest), so no build step is needed. Each run happens in its own child process so
// its memory figures are its own; the emulator runs in another child, since it holds every
// item it receives.
//
//   node scripts/bench-emulator.mjs [--size-mb 200] [--keep]
import { fork } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

let runner;

/** Imports a TypeScript module; the runner stays open, so the module's own lazy imports work. */
async function load(relative) {
  if (runner === undefined) {
    const server = await createServer({
      root: ROOT,
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
    });
    runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
    runner.server = server;
  }
  return runner.import(path.join(ROOT, relative));
}

async function unload() {
  if (runner === undefined) return;
  await runner.close();
  await runner.server.close();
  runner = undefined;
}

async function child(role, argsJson) {
  const module = await load(`test/bench/${role}-run.ts`);
  const handlers = [];
  process.on('message', (message) => handlers.forEach((handler) => handler(message)));
  const result = await module.run(
    JSON.parse(argsJson),
    (message) => process.send(message),
    (handler) => handlers.push(handler),
  );
  if (result !== undefined) process.send({ result });
  await unload();
  process.disconnect();
}

/** Starts a child for `role`; resolves with its first message, and exposes the process. */
function start(role, args) {
  const proc = fork(SELF, ['--child', role, JSON.stringify(args)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const first = new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`${role} child exited with ${code} before answering`)));
  });
  return { proc, first };
}

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

function table(rows) {
  const header = ['run', 'items', 'batches', 'MB sent', 'seconds', 'items/s', 'MB/s', 'peak RSS MiB', 'stored', 'notes'];
  const cells = rows.map((r) => [
    r.name,
    r.items.toLocaleString('en-US'),
    String(r.batches),
    (r.bytes / 1048576).toFixed(1),
    r.seconds.toFixed(1),
    Math.round(r.items / r.seconds).toLocaleString('en-US'),
    (r.bytes / 1048576 / r.seconds).toFixed(1),
    `${r.peakRssMiB.toFixed(0)} (start ${r.baselineRssMiB.toFixed(0)})`,
    r.stored === r.items ? 'exact' : `${r.stored} ≠ ${r.items}`,
    r.notes,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`, ...cells.map(line)].join('\n');
}

async function main() {
  const sizeMb = Number(option('--size-mb', '200'));
  const keep = process.argv.includes('--keep');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-bench-'));
  const file = path.join(dir, 'items.ndjson');
  try {
    console.log(`Generating ${sizeMb} MB of NDJSON in ${file} …`);
    const { writeBenchFile } = await load('test/bench/bench-source.ts');
    const generated = await writeBenchFile(file, sizeMb * 1024 * 1024);
    await unload();
    const fileBytes = (await stat(file)).size;
    console.log(`${generated.items.toLocaleString('en-US')} items, ${(fileBytes / 1048576).toFixed(1)} MiB\n`);

    const emulator = start('emulator', {});
    const { url, credentials } = await emulator.first;
    const rows = [];
    try {
      for (const [role, args] of [
        ['bare', { url, credentials, file }],
        ['graphform', { url, credentials, file, scheme: 'basic' }],
        ['graphform', { url, credentials, file, scheme: 'hmac' }],
      ]) {
        process.stdout.write(`running ${role}${args.scheme ? ` (${args.scheme})` : ''} …`);
        const { first } = start(role, args);
        const { result } = await first;
        process.stdout.write(` ${result.seconds.toFixed(1)} s\n`);
        rows.push(result);
      }
    } finally {
      emulator.proc.send('close');
      await new Promise((resolve) => emulator.proc.once('exit', resolve));
    }
    console.log(
      `\nnode ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}; batches of ≤4 MiB / ≤1000 items, 4 in flight; emulator in a separate process on 127.0.0.1\n`,
    );
    console.log(table(rows));
    const same = rows.every((r) => r.bytes === rows[0].bytes && r.batches === rows[0].batches);
    console.log(`\n${same ? 'Every run sent the same bytes in the same batches.' : 'Runs differ in bytes or batches: see the table.'}`);
    if (rows.some((r) => r.stored !== r.items)) process.exitCode = 1;
  } finally {
    if (keep) console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
