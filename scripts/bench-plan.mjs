// The plan rows of `npm run bench` on their own: plan at scale against `node -e 0`, and
// plan's peak memory at 300 and 1,000 sources. Needs a build (`npm run build`).
//
//   node scripts/bench-plan.mjs [--repetitions 7] [--sizes 300,1000] [--bin path/to/bin/graphform.js]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

const server = await createServer({
  root: ROOT,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  const { runPlanBench } = await runner.import(path.join(ROOT, 'test/bench/plan-bench.ts'));
  const rows = await runPlanBench({
    repetitions: Number(option('--repetitions', '7')),
    memorySizes: option('--sizes', '300,1000').split(',').filter(Boolean).map(Number),
    ...(option('--bin', undefined) === undefined ? {} : { bin: path.resolve(option('--bin', undefined)) }),
  });
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}\n`);
  console.log('| measure | now | target | met |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.measure} | ${row.value} | ${row.target} | ${row.met ? 'yes' : 'no'} |`);
  if (rows.some((row) => !row.met)) process.exitCode = 1;
} finally {
  await runner.close();
  await server.close();
}
