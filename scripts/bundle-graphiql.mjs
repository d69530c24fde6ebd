// The emulator's GraphiQL page as two static files, dist/graphiql/graphiql.js and
// graphiql.css: scripts/graphiql/page.mjs with React, GraphiQL and graphql bundled in,
// minified, for the browser. The emulator reads them from disk only when /app/graphiql is
// asked for (src/emulator/graphiql), so nothing else loads them, and the page needs no
// network beyond the emulator. Run by `npm run build`.
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { writeNotices } from './third-party-notices.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist/graphiql');
const require = createRequire(import.meta.url);

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const bundled = await build({
  input: path.join(ROOT, 'scripts/graphiql/page.mjs'),
  platform: 'browser',
  logLevel: 'warn',
  // React's and Radix's "use client" markers mean nothing in one browser bundle.
  onLog: (level, log, handler) => {
    if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
  },
  transform: { define: { 'process.env.NODE_ENV': '"production"' } },
  output: { file: path.join(OUT, 'graphiql.js'), format: 'iife', minify: true, codeSplitting: false, comments: { legal: false } },
});
await copyFile(require.resolve('graphiql/graphiql.min.css'), path.join(OUT, 'graphiql.css'));
await writeNotices(
  path.join(OUT, 'THIRD-PARTY-NOTICES.md'),
  bundled.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])),
);
for (const file of ['graphiql.js', 'graphiql.css']) {
  const { size } = await stat(path.join(OUT, file));
  console.log(`dist/graphiql/${file}: ${Math.round(size / 1024)} KiB`);
}
