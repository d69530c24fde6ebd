import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { graphUrlProblem, invalidGraphUrl } from '../graph/base-url.js';
import type { GraphAuth } from '../graph/types.js';
import { checkFullDefinition } from '../emulator/graph/definition-shape.js';
import { isWithin } from '../fs/project-file.js';
import { isRecord } from '../model/is-record.js';
import type { ContentSourceV3 } from '../emulator/graph/wire-definition.js';
import { ITEM_FIELD_NAMES, type ItemField } from '../emulator/types.js';
import { DEFAULT_EMULATOR_DIR, DEFAULT_ENVIRONMENT, DEFAULT_LOCAL_DELAYS, DEFAULT_WAIT, defaultStatePath } from './defaults.js';
import { parseDuration } from './duration.js';
import { assertVariablesSet, interpolate } from './interpolate.js';
import { checkHmacSecret, checkSecretLength } from './secret-checks.js';
import type { EnvironmentConfig, StateConfig } from './types.js';

interface ResolveContext {
  rootDir: string;
  env: Readonly<Record<string, string | undefined>>;
  where: (keyPath: readonly (string | number)[]) => string;
}

/**
 * One environment from its (already shape-checked) raw config. `local` needs no config at
 * all: it runs the embedded emulator with its data under .graphform/.
 */
export function resolveEnvironment(name: string, raw: unknown, ctx: ResolveContext): EnvironmentConfig {
  const env = isRecord(raw) ? raw : {};
  const keyPath = (...keys: string[]): string[] => ['environments', name, ...keys];
  assertVariablesSet(env, keyPath(), ctx.env, ctx.where);
  const str = (value: unknown, ...keys: string[]): string | undefined =>
    typeof value === 'string' ? interpolate(value, ctx.env, ctx.where(keyPath(...keys))) : undefined;

  const graphUrl = str(env.graphUrl, 'graphUrl');
  const emulatorRaw = isRecord(env.emulator) ? env.emulator : undefined;
  const useEmulator = emulatorRaw !== undefined || (graphUrl === undefined && name === DEFAULT_ENVIRONMENT);
  if (!useEmulator && graphUrl === undefined) {
    throw new GraphformError('GF_CONFIG_INVALID', `${ctx.where(keyPath())}: environment "${name}" needs either graphUrl (with auth) or emulator.`, {
      hint: `Add graphUrl and auth to environments.${name}, or \`emulator: {}\` to use the embedded local emulator.`,
    });
  }
  if (useEmulator && graphUrl !== undefined) {
    throw new GraphformError('GF_CONFIG_INVALID', `${ctx.where(keyPath('emulator'))}: environment "${name}" sets both graphUrl and emulator; choose one.`);
  }
  if (useEmulator && env.singleKey !== undefined) {
    throw new GraphformError(
      'GF_CONFIG_INVALID',
      `${ctx.where(keyPath('singleKey'))}: ` +
        `environment "${name}" runs the embedded emulator, which has its own read key; singleKey is for a graphUrl environment.`,
    );
  }

  const result: EnvironmentConfig = {
    name,
    state: resolveState(name, env.state, ctx, str),
    refresh: typeof env.refresh === 'boolean' ? env.refresh : true,
    keep: typeof env.keep === 'boolean' ? env.keep : true,
    prune: env.prune === true,
    wait: resolveWait(env.wait),
  };
  if (useEmulator) {
    const dataDir = str(emulatorRaw?.dataDir, 'emulator', 'dataDir') ?? DEFAULT_EMULATOR_DIR;
    result.emulator = {
      dataDir: insideProject(dataDir, ctx.rootDir, ctx.where(keyPath('emulator', 'dataDir'))),
      schemaDelayMs: durationOf(emulatorRaw?.schemaDelay) ?? DEFAULT_LOCAL_DELAYS.schemaDelayMs,
      indexingLagMs: durationOf(emulatorRaw?.indexingLag) ?? DEFAULT_LOCAL_DELAYS.indexingLagMs,
    };
    if (typeof emulatorRaw?.maxSources === 'number') result.emulator.maxSources = emulatorRaw.maxSources;
    if (emulatorRaw?.itemFields !== undefined)
      result.emulator.itemFields = checkItemFields(emulatorRaw.itemFields, (i) => ctx.where([...keyPath('emulator', 'itemFields'), i]));
    if (emulatorRaw?.cmsTypes !== undefined) result.emulator.cmsTypes = checkCmsTypes(emulatorRaw.cmsTypes, ctx.where(keyPath('emulator', 'cmsTypes')));
    return result;
  }
  // Checked here as well as in the client, so the error points at the config line.
  const urlProblem = graphUrlProblem(graphUrl as string);
  if (urlProblem !== undefined) throw invalidGraphUrl(graphUrl as string, urlProblem, ctx.where(keyPath('graphUrl')));
  result.graphUrl = graphUrl as string;
  const auth = isRecord(env.auth) ? env.auth : undefined;
  if (auth === undefined) {
    throw new GraphformError('GF_CONFIG_INVALID', `${ctx.where(keyPath())}: environment "${name}" has graphUrl but no auth.`, {
      hint: 'Add auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }.',
    });
  }
  const resolvedAuth: GraphAuth = {
    scheme: auth.scheme as GraphAuth['scheme'],
    appKey: str(auth.appKey, 'auth', 'appKey') ?? '',
    secret: str(auth.secret, 'auth', 'secret') ?? '',
  };
  // appKey is an identifier (it travels in clear in every epi-hmac header): not a secret.
  checkSecretLength(resolvedAuth.secret, ctx.where(keyPath('auth', 'secret')), 'auth.secret');
  if (resolvedAuth.scheme === 'hmac') checkHmacSecret(resolvedAuth.secret, ctx.where(keyPath('auth', 'secret')), 'auth.secret');
  result.auth = resolvedAuth;
  const singleKey = str(env.singleKey, 'singleKey');
  checkSecretLength(singleKey, ctx.where(keyPath('singleKey')), 'singleKey');
  if (singleKey !== undefined) result.singleKey = singleKey;
  return result;
}

/** `wait:` as milliseconds; its values are durations the shape check passed, never `${env:…}`. */
function resolveWait(raw: unknown): EnvironmentConfig['wait'] {
  const wait = isRecord(raw) ? raw : {};
  return {
    schemaTimeoutMs: durationOf(wait.schemaTimeout) ?? DEFAULT_WAIT.schemaTimeoutMs,
    servedTimeoutMs: durationOf(wait.servedTimeout) ?? DEFAULT_WAIT.servedTimeoutMs,
  };
}

function durationOf(value: unknown): number | undefined {
  if (value === 0) return 0;
  return typeof value === 'string' ? parseDuration(value) : undefined;
}

/**
 * The embedded emulator's data directory, which must lie inside the project: the emulator
 * writes there (its credentials too) and replaces and removes files, so a committed config
 * must not point it at a folder elsewhere. `graphform emulator --data-dir` on the command
 * line is the user's own choice, and is not checked.
 */
function insideProject(dataDir: string, rootDir: string, where: string): string {
  const resolved = path.resolve(rootDir, dataDir);
  if (isWithin(rootDir, resolved) && resolved !== path.resolve(rootDir)) return resolved;
  throw new GraphformError(
    'GF_CONFIG_INVALID',
    `${where}: emulator.dataDir ${dataDir} ` +
      `is ${resolved === path.resolve(rootDir) ? 'the project folder itself' : `outside the project folder ${rootDir} (it resolves to ${resolved})`}; ` +
      'the embedded emulator keeps its data and credentials in a folder of the project.',
    {
      hint:
        `Set dataDir to a folder inside the project (default ${DEFAULT_EMULATOR_DIR}), ` +
        `or run \`graphform emulator --data-dir DIR\` yourself and point an environment's graphUrl at it.`,
    },
  );
}

/** The emulator's CMS types, checked here with the emulator's own rules so the error names the config line. */
function checkCmsTypes(raw: unknown, where: string): ContentSourceV3 {
  const checked = checkFullDefinition(raw);
  if (checked.ok) return checked.value;
  throw new GraphformError('GF_CONFIG_INVALID', `${where}: cmsTypes is not a valid content source definition: ${checked.message}.`, {
    hint:
      'cmsTypes takes the fields of the published definition, as GET types answers them: ' +
      'label, languages, contentTypes, propertyTypes, links and the rest.',
  });
}

/** `emulator.itemFields`: names of ITEM_FIELD_NAMES (the shape check made it a list of strings); an unknown one names its config line. */
function checkItemFields(raw: unknown, where: (index: number) => string): ItemField[] {
  const names = Array.isArray(raw) ? (raw as unknown[]) : [];
  const fields: ItemField[] = [];
  for (const [i, name] of names.entries()) {
    if (!(ITEM_FIELD_NAMES as readonly unknown[]).includes(name)) {
      throw new GraphformError(
        'GF_CONFIG_INVALID',
        `${where(i)}: ${JSON.stringify(name)} is not an item field the emulator can serve; itemFields takes ${ITEM_FIELD_NAMES.join(', ')}.`,
        {
          hint: 'An empty list, itemFields: [], serves none of them; without itemFields the emulator serves Status.',
        },
      );
    }
    if (!fields.includes(name as ItemField)) fields.push(name as ItemField);
  }
  return fields;
}

function resolveState(name: string, raw: unknown, ctx: ResolveContext, str: (value: unknown, ...keys: string[]) => string | undefined): StateConfig {
  const state = isRecord(raw) ? raw : { backend: 'local' };
  const lockTimeoutMs = typeof state.lockTimeoutMs === 'number' ? state.lockTimeoutMs : 0;
  if (state.backend === 'http') {
    const address = str(state.address, 'state', 'address');
    if (address === undefined) {
      throw new GraphformError('GF_CONFIG_INVALID', `${ctx.where(['environments', name, 'state'])}: the http state backend needs an address.`);
    }
    const http: StateConfig = {
      backend: 'http',
      address,
      lockAddress: str(state.lockAddress, 'state', 'lockAddress') ?? address,
      unlockAddress: str(state.unlockAddress, 'state', 'unlockAddress') ?? str(state.lockAddress, 'state', 'lockAddress') ?? address,
      lockTimeoutMs,
    };
    const lockMethod = str(state.lockMethod, 'state', 'lockMethod');
    const unlockMethod = str(state.unlockMethod, 'state', 'unlockMethod');
    if (lockMethod !== undefined) http.lockMethod = lockMethod;
    if (unlockMethod !== undefined) http.unlockMethod = unlockMethod;
    if (typeof state.snapshotPartBytes === 'number') http.snapshotPartBytes = state.snapshotPartBytes;
    const username = str(state.username, 'state', 'username');
    const password = str(state.password, 'state', 'password');
    if (username !== undefined) http.username = username;
    checkSecretLength(password, ctx.where(['environments', name, 'state', 'password']), 'state.password');
    if (password !== undefined) http.password = password;
    return http;
  }
  const file = str(state.path, 'state', 'path') ?? defaultStatePath(name);
  return { backend: 'local', path: path.resolve(ctx.rootDir, file), lockTimeoutMs };
}
