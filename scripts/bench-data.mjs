// The data rows of `npm run bench` on their own: `data push` against bare node:http senders
// into a drain-only server, and its peak memory at 100 MB and 1 GB. Needs a build (`npm run build`).
//
//   node scripts/bench-data.mjs [--size-mb 100] [--large-mb 1024] [--repetitions 5]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

const server = await createServer({ root: ROOT, configFile: false, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  const { runDataBench } = await runner.import(path.join(ROOT, 'test/bench/data-bench.ts'));
  const rows = await runDataBench({
    sizeMb: Number(option('--size-mb', '100')),
    largeMb: Number(option('--large-mb', '1024')),
    repetitions: Number(option('--repetitions', '5')),
  });
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}\n`);
  console.log('| measure | now | target | met |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.measure} | ${row.value} | ${row.target} | ${row.met ? 'yes' : 'no'} |`);
  if (rows.some((row) => !row.met)) process.exitCode = 1;
} finally {
  await runner.close();
  await server.close();
}
