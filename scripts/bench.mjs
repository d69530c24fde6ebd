// npm run bench: every row of the performance table (issue 11) in one run, as ratios
// measured side by side, with the machine described. Needs a build (`npm run build`).
// The benchmarks are TypeScript in test/bench/, run through vite's module runner; each
// measurement runs the built binary in child processes.
//
//   node scripts/bench.mjs [--quick] [--only startup,plan,apply,emulator,data,yaml,keep,declared,operations]
//
// --quick uses fewer repetitions and smaller inputs (a smoke run, not figures to quote).
// GRAPHFORM_BENCH_BIN=…/bin/graphform.js runs the startup, plan, apply, emulator, data, yaml, keep, declared and operations suites with another build (before and after).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? ['startup', 'plan', 'apply', 'emulator', 'data', 'yaml', 'keep', 'declared', 'operations'] : process.argv[onlyAt + 1].split(',');
const bin = process.env.GRAPHFORM_BENCH_BIN === undefined ? {} : { bin: path.resolve(process.env.GRAPHFORM_BENCH_BIN) };

const SUITES = {
  startup: ['test/bench/startup-bench.ts', 'runStartupBench', { runs: quick ? 7 : 21, ...bin }],
  plan: [
    'test/bench/plan-bench.ts',
    'runPlanBench',
    { ...(quick ? { repetitions: 3, memorySizes: [300] } : { repetitions: 7, memorySizes: [300, 1000] }), ...bin },
  ],
  apply: ['test/bench/apply-bench.ts', 'runApplyBench', bin],
  emulator: [
    'test/bench/emulator-bench.ts',
    'runEmulatorBench',
    { ...(quick ? { itemsPerSource: 50, repetitions: 1 } : { itemsPerSource: 500, repetitions: 3 }), ...bin },
  ],
  data: [
    'test/bench/data-bench.ts',
    'runDataBench',
    { ...(quick ? { sizeMb: 20, largeMb: 0, repetitions: 1 } : { sizeMb: 100, largeMb: 1024, repetitions: 3 }), ...bin },
  ],
  keep: ['test/bench/keep-bench.ts', 'runKeepBench', { items: quick ? 20_000 : 100_000, ...bin }],
  declared: [
    'test/bench/declared-bench.ts',
    'runDeclaredBench',
    { ...(quick ? { items: 20_000, repetitions: 3 } : { items: 200_000, repetitions: 5 }), ...bin },
  ],
  operations: ['test/bench/operations-bench.ts', 'runOperationsBench', { repetitions: quick ? 3 : 7, ...bin }],
  yaml: ['test/bench/yaml-bench.ts', 'runYamlBench', { ...(quick ? { sizeMb: 5, largeMb: 0 } : { sizeMb: 20, largeMb: 63 }), ...bin }],
};

const server = await createServer({
  root: ROOT,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  const { renderBenchTable } = await runner.import(path.join(ROOT, 'test/bench/bench-row.ts'));
  const rows = [];
  for (const name of only) {
    const [file, exported, options] = SUITES[name];
    process.stderr.write(`running the ${name} benchmark …\n`);
    const module = await runner.import(path.join(ROOT, file));
    rows.push(...(await module[exported](options)));
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `node ${process.version} on ${os.platform()} ${os.arch()}, ${os.availableParallelism()} core(s) (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}${quick ? '; --quick: not figures to quote' : ''}\n`,
  );
  console.log(renderBenchTable(rows));
  if (rows.some((row) => !row.met)) process.exitCode = 1;
} finally {
  await runner.close();
  await server.close();
}
