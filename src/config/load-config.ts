import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { cosmiconfig, defaultLoaders, type Loaders } from 'cosmiconfig';
import { readCommonYaml } from '../load/quick-yaml.js';
import { lazySourceMap } from '../load/source-map.js';
import { yamlPackage } from '../load/yaml-package.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { inspectFile, refusalMessage } from '../fs/project-file.js';
import { formatLimit, readRegularFile } from '../fs/read-regular-file.js';
import { isRecord } from '../model/is-record.js';
import { checkShape } from './check-shape.js';
import { DEFAULT_CODEGEN_OUT, DEFAULT_DATA, DEFAULT_ENVIRONMENT, DEFAULT_HTTP, DEFAULT_SCALAR_TYPES, DEFAULT_SOURCES_DIR } from './defaults.js';
import { interpolate } from './interpolate.js';
import { resolveEnvironment } from './resolve-environment.js';
import { resolveMarketing } from './resolve-marketing.js';
import { CONFIG_SHAPE } from './shape.js';
import type { CodegenConfig, EnvironmentConfig, ResolvedConfig } from './types.js';

export interface LoadConfigOptions {
  cwd: string;
  /** --config; when absent the config is searched from cwd up to the project root. */
  configFile: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/** DESIGN.md section 4's names first; cosmiconfig's defaults omit graphform.config.yaml. */
const SEARCH_PLACES = [
  'graphform.config.yaml',
  'graphform.config.yml',
  'graphform.config.json',
  'graphform.config.js',
  'graphform.config.mjs',
  '.graphformrc',
  '.graphformrc.yaml',
  '.graphformrc.yml',
  '.graphformrc.json',
  '.graphformrc.js',
  '.graphformrc.mjs',
  'package.json',
];

interface FoundConfig {
  file: string | undefined;
  value: Record<string, unknown>;
  /** Positions of keys, for error messages; undefined for JS/TS configs. */
  where: (keyPath: readonly (string | number)[], at?: 'key' | 'value') => string;
}

/** Loads, checks and resolves the config once; environments resolve on use. */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const found = await findConfig(options);
  const problems = checkShape(found.value, CONFIG_SHAPE);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${found.where(p.path, p.atKey ? 'key' : 'value')}: ${p.message}`);
    throw new GraphformError('GF_CONFIG_INVALID', `The config is not valid:\n  ${lines.join('\n  ')}`, {
      details: { file: found.file ?? null },
      hint: 'Fix the keys above; every key is described in docs/configuration.md.',
    });
  }
  const raw = found.value;
  const rootDir = found.file === undefined ? options.cwd : path.dirname(found.file);
  const text = (key: string, fallback: string): string =>
    typeof raw[key] === 'string' ? interpolate(raw[key], options.env, found.where([key])) : fallback;
  const rawEnvironments = isRecord(raw.environments) ? raw.environments : {};
  const environmentNames = [...new Set([DEFAULT_ENVIRONMENT, ...Object.keys(rawEnvironments)])].sort();
  const cache = new Map<string, EnvironmentConfig>();

  return {
    configFile: found.file,
    rootDir,
    sources: path.resolve(rootDir, text('sources', DEFAULT_SOURCES_DIR)),
    defaultEnvironment: text('defaultEnvironment', DEFAULT_ENVIRONMENT),
    reservedTypeNames: stringList(raw.reservedTypeNames) ?? [],
    maxSources: typeof raw.maxSources === 'number' ? raw.maxSources : undefined,
    scalarTypes: stringList(raw.scalarTypes) ?? [...DEFAULT_SCALAR_TYPES],
    environmentNames,
    resolveEnvironment: (name) => {
      let resolved = cache.get(name);
      if (resolved === undefined) {
        if (!environmentNames.includes(name)) {
          throw new GraphformError('GF_CONFIG_UNKNOWN_ENVIRONMENT', `There is no environment "${name}" in the config${didYouMean(name, environmentNames) || '.'}`, {
            hint: `Known environments: ${environmentNames.join(', ')}.`,
          });
        }
        resolved = resolveEnvironment(name, rawEnvironments[name], { rootDir, env: options.env, where: found.where });
        cache.set(name, resolved);
      }
      return resolved;
    },
    data: { ...DEFAULT_DATA, ...(isRecord(raw.data) ? raw.data : {}) },
    http: { ...DEFAULT_HTTP, ...(isRecord(raw.http) ? raw.http : {}) },
    codegen: codegenConfig(raw.codegen, rootDir, (key) => interpolate(key.value, options.env, found.where(['codegen', key.name]))),
    failOnBreaking: raw.failOnBreaking === true,
    marketingConfigured: isRecord(raw.marketing),
    resolveMarketing: () => resolveMarketing(raw.marketing, { env: options.env, where: found.where }),
  };
}

/** The environment named by --env, or the config's default. */
export function selectEnvironment(config: ResolvedConfig, name: string | undefined): EnvironmentConfig {
  return config.resolveEnvironment(name ?? config.defaultEnvironment);
}

/** Far more than any config; a larger file is not one, and is not read whole. */
export const MAX_CONFIG_BYTES = 5 << 20;

async function findConfig(options: LoadConfigOptions): Promise<FoundConfig> {
  // cosmiconfig reads with a plain readFile: a FIFO would block it and /dev/zero fill memory,
  // so whatever it may read is checked first, without being opened.
  if (options.configFile === undefined) await checkSearchPlaces(options.cwd);
  else await checkConfigFile(path.resolve(options.cwd, options.configFile));
  const explorer = cosmiconfig('graphform', {
    searchStrategy: 'project',
    searchPlaces: SEARCH_PLACES,
    // A searched config is checked before it is parsed, so a parser never quotes a file from elsewhere.
    loaders: options.configFile === undefined ? guardedLoaders() : CONFIG_LOADERS,
  });
  let result: Awaited<ReturnType<typeof explorer.search>>;
  try {
    result = options.configFile === undefined
      ? await explorer.search(options.cwd)
      : await explorer.load(path.resolve(options.cwd, options.configFile));
  } catch (error) {
    if (isGraphformError(error)) throw error;
    const message = withoutQuotedText(error instanceof Error ? error.message : String(error));
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new GraphformError(missing ? 'GF_CONFIG_NOT_FOUND' : 'GF_CONFIG_INVALID', missing ? `Config file ${options.configFile ?? ''} does not exist.` : `The config could not be read: ${message}`, {
      hint: missing ? 'Check the --config path, or run `graphform init` to create one.' : 'Fix the syntax error above.',
      cause: error,
    });
  }
  if (result === null || result.isEmpty === true) {
    const file = result?.filepath;
    return { file, value: {}, where: (p) => (p.length === 0 ? file ?? 'config' : p.join('.')) };
  }
  if (!isRecord(result.config)) {
    throw new GraphformError('GF_CONFIG_INVALID', `${relative(options.cwd, result.filepath)}: the config must be a mapping of keys to values.`);
  }
  const file = result.filepath;
  const shown = relative(options.cwd, file);
  const prefix = path.basename(file) === 'package.json' ? ['graphform'] : [];
  // JSON is YAML, so one source map gives positions for both; JS/TS configs have none.
  const sourceMap = /\.(ya?ml|json)$|rc$/.test(file) ? lazySourceMap(shown, await readConfigText(file)) : undefined;
  return {
    file,
    value: result.config,
    where: (keyPath, at = 'key') => {
      const dotted = keyPath.length > 0 ? ` (${keyPath.join('.')})` : '';
      if (sourceMap === undefined) return `${shown}${dotted}`;
      const loc = sourceMap.locate([...prefix, ...keyPath], at);
      return `${shown}:${loc.line}:${loc.column}${dotted}`;
    },
  };
}

/**
 * A parser's message about the config, without the code frame it quotes: the file may be a
 * link to something that is not a config at all (a process's environment, say), and no
 * error may print its contents. Each remaining line is a short escaped excerpt.
 */
function withoutQuotedText(message: string): string {
  // Parsers put the quoted lines after a blank line; the lines before it say what and where.
  return (message.split('\n\n')[0] ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*\d*\s*\|/.test(line) && !/^[-\s]*\^+\s*$/.test(line))
    .map((line) => excerpt(line, 200))
    .join('\n');
}

/**
 * A config found by searching must be a regular file inside its own folder: the folder is
 * the project, and a link committed in its place must not make graphform read (and quote)
 * a file from elsewhere. A file named with --config is the user's choice.
 */
async function assertInsideItsFolder(file: string): Promise<void> {
  const folder = await realpath(path.dirname(file));
  const target = await realpath(file);
  const inside = target.startsWith(`${folder}${path.sep}`);
  if (inside && (await stat(target)).isFile()) return;
  throw new GraphformError(
    'GF_CONFIG_OUTSIDE_PROJECT',
    `${file} is a link to ${excerpt(target, 120)}, ${inside ? 'which is not a regular file' : 'outside the project folder'}; graphform does not read it.`,
    { hint: 'Make the config a regular file in the project folder, or name one explicitly with --config.' },
  );
}

/**
 * Refuses a config file that is not a regular file (after links), or larger than
 * MAX_CONFIG_BYTES, judged from lstat/stat alone. A missing file is left to cosmiconfig.
 */
async function checkConfigFile(file: string): Promise<void> {
  const read = await inspectFile(file, undefined);
  if (read.ok) {
    if (read.size > MAX_CONFIG_BYTES) throw configTooLarge(file);
    return;
  }
  if (read.refusal.kind === 'missing') return;
  throw new GraphformError('GF_NOT_A_FILE', `The config ${refusalMessage(file, read.refusal)}.`, {
    details: { file },
    hint: 'Name a regular config file with --config (or none, to search for graphform.config.yaml).',
  });
}

/**
 * The search places cosmiconfig may read, folder by folder from `cwd` up, checked as
 * checkConfigFile does; the walk ends at the first folder holding a regular candidate
 * (cosmiconfig stops there or before) or at a package.json, where a project search stops.
 */
async function checkSearchPlaces(cwd: string): Promise<void> {
  let dir = path.resolve(cwd);
  for (;;) {
    let found = false;
    for (const place of SEARCH_PLACES) {
      const candidate = path.join(dir, place);
      if ((await lstat(candidate).catch(() => undefined)) === undefined) continue;
      await checkConfigFile(candidate);
      found = true;
    }
    const parent = path.dirname(dir);
    if (found || parent === dir) return;
    dir = parent;
  }
}

/** The config's text for positions in messages: read as checked, capped, never blocking. */
async function readConfigText(file: string): Promise<string> {
  const read = await readRegularFile(file, MAX_CONFIG_BYTES);
  if (read.ok) return read.bytes.toString('utf8');
  if ('tooLarge' in read) throw configTooLarge(file);
  throw new GraphformError('GF_NOT_A_FILE', `The config ${refusalMessage(file, read.refusal)}.`, { details: { file } });
}

function configTooLarge(file: string): GraphformError {
  return new GraphformError('GF_CONFIG_TOO_LARGE', `The config ${file} is larger than ${formatLimit(MAX_CONFIG_BYTES)}; it was not read.`, {
    details: { file },
    hint: 'Check that --config names the config file, not something else.',
  });
}

/**
 * cosmiconfig's loaders, but YAML read as the declarations are (one parser, one set of
 * rules and positions for every YAML file graphform reads): plain YAML by the quick
 * reader, anything else by the `yaml` package, loaded only then.
 */
const loadYaml = (_file: string, content: string): unknown => readCommonYaml(content) ?? yamlPackage().parse(content);
const CONFIG_LOADERS: Loaders = { ...defaultLoaders, '.yaml': loadYaml, '.yml': loadYaml, noExt: loadYaml };

/** The config loaders, each preceded by assertInsideItsFolder. */
function guardedLoaders(): Loaders {
  return Object.fromEntries(
    Object.entries(CONFIG_LOADERS).map(([extension, load]) => [
      extension,
      async (file: string, content: string) => {
        await assertInsideItsFolder(file);
        return load(file, content);
      },
    ]),
  );
}

function relative(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return (rel.startsWith('..') ? file : rel).split(path.sep).join('/');
}

/** `codegen.out` resolves against the config's folder, like `sources`. */
function codegenConfig(raw: unknown, rootDir: string, text: (key: { name: string; value: string }) => string): CodegenConfig {
  const block = isRecord(raw) ? raw : {};
  const out = typeof block.out === 'string' ? text({ name: 'out', value: block.out }) : DEFAULT_CODEGEN_OUT;
  return { out: path.resolve(rootDir, out), sources: stringList(block.sources) };
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
