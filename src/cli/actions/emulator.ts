import { parseDuration } from '../../config/duration.js';
import { resolve } from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { checkCorsOrigins } from '../../emulator/server/options.js';
import { loadOrCreateCredentials } from '../../emulator/server/credentials-file.js';
import { GRAPHQL_PATH } from '../../emulator/graphql/paths.js';
import { readCmsTypesFile } from '../../emulator/sources/cms-types-file.js';
import { GRAPHIQL_PATH } from '../../emulator/graphiql/paths.js';
import {
  isLoopbackHost,
  ITEM_FIELD_NAMES,
  startEmulator,
  type EmulatorCredentials,
  type EmulatorOptions,
  type ItemField,
  type RunningEmulator,
} from '../../emulator/index.js';
import { DEFAULT_EMULATOR_PORT, type EmulatorCommandOptions } from '../commands/emulator-options.js';
import type { CommandContext } from '../context.js';
import { parseIntFlag } from '../int-flag.js';

function integerFlag(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  return value === undefined ? undefined : parseIntFlag(value, flag, { min, max }, 'GF_EMULATOR_BAD_OPTIONS');
}

/** The flags' credentials and read key; what they leave out comes from --data-dir's credentials.json (else generated at start). */
async function credentialsFrom(
  options: EmulatorCommandOptions,
  dataDir: string | undefined,
): Promise<{ credentials?: EmulatorCredentials; singleKey?: string }> {
  if ((options.appKey === undefined) !== (options.secret === undefined)) {
    throw new GraphformError('GF_EMULATOR_BAD_OPTIONS', '--app-key and --secret go together: give both or neither');
  }
  const given = {
    ...(options.appKey !== undefined && options.secret !== undefined ? { credentials: { appKey: options.appKey, secret: options.secret } } : {}),
    ...(options.singleKey === undefined ? {} : { singleKey: options.singleKey }),
  };
  if (dataDir === undefined || (given.credentials !== undefined && given.singleKey !== undefined)) return given;
  const stored = await loadOrCreateCredentials(dataDir);
  return { credentials: given.credentials ?? stored.credentials, singleKey: given.singleKey ?? stored.singleKey };
}

/** Single-quoted for a POSIX shell: an emulator secret is base64 or hex, but quoting costs nothing. */
function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * What it prints on start. The config snippet names the secrets as `${env:…}` placeholders
 * and the values go only into `export` lines: a snippet is pasted into graphform.config.yaml,
 * which is committed, while export lines are pasted into a shell.
 */
function banner(emulator: RunningEmulator, dataDir: string | undefined): string {
  const { appKey, secret } = emulator.credentials;
  const demo = emulator.marketing.demoApp;
  const graphql = `${emulator.url}${GRAPHQL_PATH}`;
  return [
    `Graph service emulator listening on ${emulator.url}`,
    `  graphql: POST ${graphql}; GraphiQL: ${emulator.url}${GRAPHIQL_PATH}?auth=${emulator.singleKey}`,
    `  data:    ${dataDir ?? 'in memory (lost when it stops)'}`,
    `  control: ${emulator.url}/_emulator/`,
    '',
    `Marketing platform (authorization server and Open API) at the same URL; demo app (development mode, user demo@example.com):`,
    `  client id:     ${demo.clientId}`,
    `  callback:      ${demo.redirectUri}`,
    '',
    'Its credentials (emulator-only), for your shell, not for a file you commit:',
    '',
    `  export GRAPH_APP_KEY=${shellQuoted(appKey)}`,
    `  export GRAPH_SECRET=${shellQuoted(secret)}`,
    `  export GRAPH_SINGLE_KEY=${shellQuoted(emulator.singleKey)}   # the content GraphQL read key`,
    `  export MKT_CLIENT_SECRET=${shellQuoted(demo.clientSecret)}   # the demo app's client secret`,
    '',
    'Point an environment at it in graphform.config.yaml (the secrets come from those variables):',
    '',
    'environments:',
    '  emulator:',
    `    graphUrl: ${emulator.url}`,
    '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
    '    singleKey: "${env:GRAPH_SINGLE_KEY}"',
    'marketing:',
    `  authUrl: ${emulator.url}`,
    `  baseUrl: ${emulator.url}`,
    `  clientId: "${demo.clientId}"`,
    '  clientSecret: "${env:MKT_CLIENT_SECRET}"',
    `  redirectUri: ${demo.redirectUri}`,
    '',
    'Stop it with Ctrl+C.',
    '',
  ].join('\n');
}

/** Runs the emulator until `stop` aborts; returns the exit code. */
export async function runEmulatorCommand(ctx: CommandContext, options: EmulatorCommandOptions, stop: AbortSignal): Promise<number> {
  const dataDir = options.dataDir === undefined ? undefined : resolve(ctx.io.cwd, options.dataDir);
  const startOptions: EmulatorOptions = { port: integerFlag(options.port, '--port', 0, 65_535) ?? DEFAULT_EMULATOR_PORT };
  const maxSources = integerFlag(options.maxSources, '--max-sources', 0, 1_000_000);
  if (maxSources !== undefined) startOptions.maxSources = maxSources;
  if (dataDir !== undefined) startOptions.dataDir = dataDir;
  const schemaDelayMs = durationFlag(options.schemaDelay, '--schema-delay');
  if (schemaDelayMs !== undefined) startOptions.schemaDelayMs = schemaDelayMs;
  const indexingLagMs = durationFlag(options.indexingLag, '--indexing-lag');
  if (indexingLagMs !== undefined) startOptions.indexingLagMs = indexingLagMs;
  const itemFields = itemFieldsFlag(options.itemFields);
  if (itemFields !== undefined) startOptions.itemFields = itemFields;
  if (options.host !== undefined) startOptions.host = options.host;
  const corsOrigins = checkCorsOrigins(
    options.corsOrigin
      ?.split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    '--cors-origin',
  );
  if (corsOrigins !== undefined) startOptions.corsOrigins = corsOrigins;
  if (options.cmsTypes !== undefined) startOptions.cmsTypes = await readCmsTypesFile(resolve(ctx.io.cwd, options.cmsTypes), options.cmsTypes);
  const { credentials, singleKey } = await credentialsFrom(options, dataDir);
  if (credentials !== undefined) startOptions.credentials = credentials;
  if (singleKey !== undefined) startOptions.singleKey = singleKey;
  if (ctx.globals().verbose) {
    startOptions.onRequest = (e) => {
      const note = e.note === '' ? '' : ` (${e.note})`;
      ctx.err(`${e.at} ${e.method} ${e.path} → ${e.status === 0 ? 'no answer' : e.status}${note}`);
    };
  }

  const emulator = await startEmulator(startOptions);
  if (options.host !== undefined && !isLoopbackHost(options.host)) {
    ctx.err(
      `Warning: listening on ${options.host}, so the emulator is reachable from other machines and containers, not only this one. ` +
        'Anyone who reaches it can read items with its read key and change sources with its credentials, both printed here; ' +
        'the control API (/_emulator/) still answers only this machine. Use it on a network you trust.',
    );
  }
  if (ctx.globals().format === 'json') {
    const demo = emulator.marketing.demoApp;
    const marketing = { authUrl: emulator.url, baseUrl: emulator.url, clientId: demo.clientId, clientSecret: demo.clientSecret, redirectUri: demo.redirectUri };
    const { appKey, secret } = emulator.credentials;
    ctx.out(
      JSON.stringify({
        url: emulator.url,
        appKey,
        secret,
        singleKey: emulator.singleKey,
        graphqlUrl: `${emulator.url}${GRAPHQL_PATH}`,
        dataDir: dataDir ?? null,
        marketing,
      }),
    );
  } else {
    ctx.out(banner(emulator, dataDir));
  }
  if (!stop.aborted) await new Promise<void>((done) => stop.addEventListener('abort', () => done(), { once: true }));
  await emulator.close();
  ctx.err('Emulator stopped.');
  return 0;
}

/** A duration flag (`500ms`, `2m`, `0`) in milliseconds. */
function durationFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseDuration(value);
  if (ms === undefined) throw new GraphformError('GF_USAGE', `${flag} takes a duration such as 500ms, 30s or 2m, not ${JSON.stringify(value)}`);
  return ms;
}

/** --item-fields: comma-separated names of ITEM_FIELD_NAMES (spaces around them allowed); '' serves none. */
export function itemFieldsFlag(value: string | undefined): ItemField[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.find((name) => !(ITEM_FIELD_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw new GraphformError(
      'GF_USAGE',
      `--item-fields takes a comma-separated list of ${ITEM_FIELD_NAMES.join(', ')} (or "" for none), not ${JSON.stringify(unknown)}`,
    );
  }
  return names as ItemField[];
}
