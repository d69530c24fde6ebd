import { readFile } from 'node:fs/promises';
import type { Reply } from '../server/respond.js';
import { withoutBody, type EmulatedService } from '../server/route-table.js';
import { GRAPHIQL_PATH, GRAPHIQL_PREFIX } from './paths.js';

/**
 * The page's script and styles, built by `npm run build` (scripts/bundle-graphiql.mjs) into
 * dist/graphiql/. This module sits three folders below the package root in src/, in dist/
 * and in the CLI bundle alike, so one relative path finds them from each.
 */
const ASSET_DIR = new URL('../../../dist/graphiql/', import.meta.url);

const FILES = new Map([
  [`${GRAPHIQL_PATH}/graphiql.js`, { file: 'graphiql.js', contentType: 'text/javascript; charset=utf-8' }],
  [`${GRAPHIQL_PATH}/graphiql.css`, { file: 'graphiql.css', contentType: 'text/css; charset=utf-8' }],
]);

/** Its own script and styles, requests to its own origin, fonts inline: nothing leaves the emulator. */
export const GRAPHIQL_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "font-src data:; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphiQL: graphform emulator</title>
<link rel="stylesheet" href="${GRAPHIQL_PATH}/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="${GRAPHIQL_PATH}/graphiql.js"></script>
</body>
</html>
`;

function refusal(status: number, message: string): Reply {
  return { status, text: message, note: message };
}

/**
 * GraphiQL over the content endpoint, as the service has it: the page takes the read key
 * from `?auth=` and sends it with each query to /content/v2 on the same origin, where the
 * schema explorer reads it by introspection. The files are read from disk on their first
 * request, then kept.
 */
export function graphiqlService(): EmulatedService {
  const loaded = new Map<string, Promise<Buffer>>();
  const read = (file: string): Promise<Buffer> => {
    let bytes = loaded.get(file);
    if (bytes === undefined) {
      bytes = readFile(new URL(file, ASSET_DIR));
      // A file missing now (a checkout not built yet) is looked for again next time.
      bytes.catch(() => loaded.delete(file));
      loaded.set(file, bytes);
    }
    return bytes;
  };
  const routes = new Map([
    [
      GRAPHIQL_PATH,
      new Map([
        ['GET', withoutBody((): Reply => ({ status: 200, html: PAGE, note: 'GraphiQL page', headers: { 'content-security-policy': GRAPHIQL_POLICY } }))],
      ]),
    ],
  ]);
  for (const [path, { file, contentType }] of FILES) {
    const answer = async (): Promise<Reply> => {
      try {
        return { status: 200, bytes: await read(file), contentType, note: `GraphiQL ${file}`, headers: { 'cache-control': 'no-cache' } };
      } catch {
        return refusal(503, `The GraphiQL page's ${file} is not built: run npm run build in the graphform checkout (it writes dist/graphiql/)`);
      }
    };
    routes.set(path, new Map([['GET', withoutBody(answer)]]));
  }
  return { prefix: GRAPHIQL_PREFIX, error: refusal, routes };
}
