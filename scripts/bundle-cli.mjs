// The command line as a handful of files: bundles tsc's output for the CLI entry
// (dist/cli/process.js), the validation worker (dist/data/validate/block-worker.js) and
// the operations check's worker (dist/workflows/internal/operations-worker.js) into dist/cli/bundle/, which bin/graphform.js runs. Node 20 spends about 0.4 ms per ES
// module it resolves, reads and links, and a plan loads some 270 of them: in a few chunks,
// a 100-source plan takes 9 % less time and `validate` 20 % less (docs/performance.md).
//
// Every dynamic import() stays a dynamic import of its own chunk, so a command still loads
// only what it uses; packages stay external, loaded from node_modules as before. The
// bundle sits two folders below the package root like the modules it comes from, so the
// paths they resolve against import.meta.url (the templates, each worker beside the
// module that starts it) hold in it too. modules.json lists each chunk's modules, for the test that
// pins which modules a command loads. Run after `tsc` (npm run build does).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { writeNotices } from './third-party-notices.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist/cli/bundle');
const WORKER_EXTERNAL = ['oxc-parser'];

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const result = await build({
  input: {
    process: path.join(ROOT, 'dist/cli/process.js'),
    'block-worker': path.join(ROOT, 'dist/data/validate/block-worker.js'),
  },
  // Packages and Node's own modules: anything that is not a path.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
  platform: 'node',
  logLevel: 'warn',
  output: { dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
});

// The operations worker with graphql and the schema differ inside it: graphql 16 loads as
// some 100 CommonJS modules, 35 ms where one file takes 7, and the worker, not the plan,
// waits for it. Everything that uses graphql on that thread is in this build, so there is one
// graphql there. oxc-parser stays outside: it loads a native binding.
const worker = await build({
  input: { 'operations-worker': path.join(ROOT, 'dist/workflows/internal/operations-worker.js') },
  external: (id) => id.startsWith('node:') || WORKER_EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)),
  resolve: { mainFields: ['module', 'main'] },
  platform: 'node',
  logLevel: 'warn',
  output: { dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'operations-worker-[name]-[hash].js' },
});

const modules = {};
for (const chunk of [...result.output, ...worker.output]) {
  if (chunk.type !== 'chunk') continue;
  modules[chunk.fileName] = chunk.moduleIds.filter((id) => path.isAbsolute(id)).map((id) => path.relative(ROOT, id).split(path.sep).join('/'));
}
await writeFile(path.join(OUT, 'modules.json'), `${JSON.stringify(modules, null, 2)}\n`);
await writeNotices(
  path.join(OUT, 'THIRD-PARTY-NOTICES.md'),
  worker.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])),
);
