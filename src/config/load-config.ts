import path from 'node:path';
import { lazySourceMap } from '../load/source-map.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { isRecord } from '../model/is-record.js';
import { rememberSecrets } from '../http/secret-list.js';
import { namedConfigFile, searchConfigFile, shownPath, type ConfigFile } from './config-file.js';
import { checkShape, type ShapeProblem } from './check-shape.js';
import { objectConfig, type GraphformConfig } from './config-object.js';
import { DEFAULT_CODEGEN_OUT, DEFAULT_DATA, DEFAULT_ENVIRONMENT, DEFAULT_HTTP, DEFAULT_SCALAR_TYPES, DEFAULT_SOURCES_DIR } from './defaults.js';
import { misplacedReferences } from './env-references.js';
import { resolveEnvironment } from './resolve-environment.js';
import { resolveMarketing } from './resolve-marketing.js';
import { configSecrets } from './secrets.js';
import { CONFIG_SHAPE } from './shape.js';
import type { CodegenConfig, EnvironmentConfig, ResolvedConfig } from './types.js';
import { OPERATIONS_FAIL_ON, type OperationsConfig } from '../operations/types.js';

export interface LoadConfigOptions {
  cwd: string;
  /** --config; when absent the config is searched from cwd up to the project root. */
  configFile: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** The config itself, instead of a file: relative paths in it resolve against cwd. */
  object?: GraphformConfig;
}

interface FoundConfig {
  file: string | undefined;
  value: Record<string, unknown>;
  /** Positions of keys, for error messages; undefined for JS/TS configs. */
  where: (keyPath: readonly (string | number)[], at?: 'key' | 'value') => string;
  /** Where a value is, as data: the file as shown and 1-based line and column; line and column 0 where there are none (a JS/TS config, an object). */
  place: (keyPath: readonly (string | number)[]) => ValuePlace;
}

interface ValuePlace {
  file: string;
  line: number;
  column: number;
}

/** Loads, checks and resolves the config once; environments resolve on use. */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const found = options.object === undefined ? await findConfig(options) : objectConfig(options.object);
  // Before anything can fail or print: whatever the command prints, no environment's secret.
  rememberSecrets(configSecrets(found.value, options.env));
  const problems = configProblems(found.value);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${found.where(p.path, p.atKey ? 'key' : 'value')}: ${p.message}`);
    throw new GraphformError('GF_CONFIG_INVALID', `The config${options.object === undefined ? '' : ' object'} is not valid:\n  ${lines.join('\n  ')}`, {
      details: { file: found.file ?? null },
      hint: 'Fix the keys above; every key is described in docs/configuration.md.',
    });
  }
  const raw = found.value;
  const rootDir = found.file === undefined ? options.cwd : path.dirname(found.file);
  const text = (key: string, fallback: string): string => (typeof raw[key] === 'string' ? raw[key] : fallback);
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
          throw new GraphformError(
            'GF_CONFIG_UNKNOWN_ENVIRONMENT',
            `There is no environment "${name}" in the config${didYouMean(name, environmentNames) || '.'}`,
            {
              hint: `Known environments: ${environmentNames.join(', ')}.`,
            },
          );
        }
        resolved = resolveEnvironment(name, rawEnvironments[name], { rootDir, env: options.env, where: found.where });
        cache.set(name, resolved);
      }
      return resolved;
    },
    data: { ...DEFAULT_DATA, ...(isRecord(raw.data) ? raw.data : {}) },
    http: { ...DEFAULT_HTTP, ...(isRecord(raw.http) ? raw.http : {}) },
    codegen: codegenConfig(raw.codegen, rootDir),
    failOnBreaking: raw.failOnBreaking === true,
    operations: operationsConfig(raw.operations, found.place),
    marketingConfigured: isRecord(raw.marketing),
    resolveMarketing: () => resolveMarketing(raw.marketing, { env: options.env, where: found.where }),
  };
}

/** The environment named by --env, or the config's default. */
export function selectEnvironment(config: ResolvedConfig, name: string | undefined): EnvironmentConfig {
  return config.resolveEnvironment(name ?? config.defaultEnvironment);
}

async function findConfig(options: LoadConfigOptions): Promise<FoundConfig> {
  let found: ConfigFile | undefined;
  try {
    found = options.configFile === undefined ? await searchConfigFile(options.cwd) : await namedConfigFile(options.cwd, options.configFile);
  } catch (error) {
    if (isGraphformError(error)) throw error;
    const message = withoutQuotedText(error instanceof Error ? error.message : String(error));
    throw new GraphformError('GF_CONFIG_INVALID', `The config could not be read: ${message}`, { hint: 'Fix the syntax error above.', cause: error });
  }
  if (found === undefined || found.value === undefined) {
    const file = found?.file;
    const where = (p: readonly (string | number)[]): string => (p.length === 0 ? (file ?? 'config') : p.join('.'));
    return { file, value: {}, where, place: (p) => ({ file: where(p), line: 0, column: 0 }) };
  }
  if (!isRecord(found.value)) {
    throw new GraphformError('GF_CONFIG_INVALID', `${shownPath(options.cwd, found.file)}: the config must be a mapping of keys to values.`);
  }
  const file = found.file;
  const shown = shownPath(options.cwd, file);
  const prefix = path.basename(file) === 'package.json' ? ['graphform'] : [];
  // JSON is YAML, so one source map gives positions for both; JS/TS configs have none.
  const sourceMap = /\.(ya?ml|json)$|rc$/.test(file) ? lazySourceMap(shown, found.text) : undefined;
  return {
    file,
    value: found.value,
    place: (keyPath) => {
      if (sourceMap === undefined) return { file: shown, line: 0, column: 0 };
      const { line, column } = sourceMap.locate([...prefix, ...keyPath], 'value');
      return { file: shown, line, column };
    },
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
 * Where the config departs from its shape, and every `${env:NAME}` where none is read; a
 * reference inside a value already reported (an unknown key, a wrong type) is not reported again.
 */
function configProblems(value: Record<string, unknown>): ShapeProblem[] {
  const problems = checkShape(value, CONFIG_SHAPE);
  const within = (inner: readonly (string | number)[], outer: readonly (string | number)[]): boolean => outer.every((key, i) => inner[i] === key);
  return [...problems, ...misplacedReferences(value).filter((m) => !problems.some((p) => within(m.path, p.path)))];
}

/** `codegen.out` resolves against the config's folder, like `sources`. */
function codegenConfig(raw: unknown, rootDir: string): CodegenConfig {
  const block = isRecord(raw) ? raw : {};
  const out = typeof block.out === 'string' ? block.out : DEFAULT_CODEGEN_OUT;
  return { out: path.resolve(rootDir, out), sources: stringList(block.sources) };
}

/**
 * `operations.failOn` is `broken` unless set; the shape check has refused any other value,
 * and any pattern that is not a string. Each pattern keeps its entry's place, for what is
 * wrong with the pattern itself to point at.
 */
function operationsConfig(raw: unknown, place: FoundConfig['place']): OperationsConfig | undefined {
  if (!isRecord(raw)) return undefined;
  const failOn = OPERATIONS_FAIL_ON.find((value) => value === raw.failOn) ?? 'broken';
  const documents = stringList(raw.documents) ?? [];
  const patterns = documents.map((pattern, index) => ({ pattern, key: 'operations.documents', ...place(['operations', 'documents', index]) }));
  return { documents, failOn, patterns };
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
