import type { DataConfig, EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import { DATA_ERROR_CODES } from '../data/codes.js';
import { resolveDataFiles } from '../data/files/declared-files.js';
import { silentReporter } from '../data/progress/reporters.js';
import { pushData, validateDataFiles, type PushDataOptions } from '../data/push/push-data.js';
import type { ProgressReporter, PushSummary, ValidationSummary } from '../data/types.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { GraphformError } from '../diagnostics/errors.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { SentTally, tallyingClient, type ServedProgress, type ServedReport } from '../graph/served.js';
import type { GraphClient } from '../graph/types.js';
import type { LoadedSource } from './internal/loaded-source.js';
import { withStateLock } from '../state/with-lock.js';
import type { StateBackend } from '../state/types.js';
import { ownValue } from '../model/own.js';
import { requestLog, type ProjectSelection, type WorkflowHost } from './host.js';
import { invalidDeclarations, InvalidDeclarationsError } from './invalid-declarations.js';
import { loadProject } from './internal/load-project.js';
import { openEnvironment } from './internal/open-environment.js';
import { clearPendingAfterPush } from './internal/pending-push.js';
import { serviceWaits } from './internal/service-waits.js';
import { stateBackendFor } from './internal/state-backend.js';
import { configFor } from './internal/select.js';
import { workersFromBytes } from './internal/workers-from.js';

/** Which source's data, and which files: none named means the source's declared `data:` files. */
export interface DataInput extends ProjectSelection {
  source: string;
  files?: readonly string[];
  /** Stop listing problems after this many errors (default 50). */
  maxErrors?: number;
  /** Told of progress as items are read and sent (default: nothing). */
  progress?: ProgressReporter;
}

/** How items are pushed: the flags `data push` and `assets sync` share. */
export interface PushFlags {
  /** Validate and cut batches, send nothing, take no lock. */
  dryRun?: boolean;
  /** Leave invalid items out instead of refusing the push. */
  skipInvalid?: boolean;
  batchBytes?: number;
  batchItems?: number;
  concurrency?: number;
}

export interface DataPushInput extends DataInput, PushFlags {
  /**
   * false (`--no-wait`): a sent push is not counted through GraphQL afterwards; items the
   * service accepted but does not serve go unnoticed.
   */
  wait?: boolean;
  /** Told, while the push waits, what GraphQL serves so far (the command line's progress line). */
  onWaiting?(report: ServedProgress, waitedMs: number, timeoutMs: number): void;
}

export interface DataPushResult {
  summary: PushSummary;
  /** The validation, with data: patterns that matched nothing among its warnings. */
  validation: ValidationSummary;
  /** Where the items went ("local emulator (…)" or the service URL); undefined for a dry run. */
  target: string | undefined;
  /**
   * What GraphQL serves of what was sent, per content type and language, counted with the
   * environment's graph credentials until it matches or `wait.servedTimeout` passes (then
   * `outcome` is not 'done': a shortfall). Absent for a dry run, `--no-wait`, or a push that
   * was not all sent.
   */
  served?: ServedReport;
}

export type { LoadedSource } from './internal/loaded-source.js';

/** `graphform data validate`: checks the items against the source's declaration, offline. */
export async function dataValidate(input: DataInput, host: WorkflowHost): Promise<ValidationSummary> {
  const project = await loadSource(host, await configFor(input, host), input.source, 'no item was checked');
  const paths = await dataFiles(host, project, input.files ?? []);
  const summary = await validateDataFiles({
    declaration: project.declaration,
    files: paths.files,
    config: project.config.data,
    maxErrors: input.maxErrors ?? DEFAULT_MAX_ERRORS,
    cwd: host.cwd,
    projectRoot: paths.projectRoot,
    progress: input.progress ?? silentReporter,
    workersFromBytes: workersFromBytes(host.variables),
  });
  return withIssues(summary, paths.issues);
}

/**
 * `graphform data push`: validates and sends the items. A real push holds the environment's
 * state lock, so it cannot run inside an apply's full update and be wiped by it, and clears a
 * re-push that an interrupted apply left pending once the declared files are all sent.
 */
export async function dataPush(input: DataPushInput, host: WorkflowHost): Promise<DataPushResult> {
  const config = await configFor(input, host);
  const project = await loadSource(host, config, input.source);
  if (input.dryRun === true) return pushLoaded(host, input, project, undefined);
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  const backend = stateBackendFor(host, environment);
  return withStateLock(
    backend,
    `data push ${input.source}`,
    async () => {
      const files = input.files ?? [];
      // The declared files pushed whole are what apply would have sent: the ledger records them once
      // served. A source not in state yet has no ledger to record (its first apply makes it), so its
      // push hashes no record's content for one.
      const ledgered = files.length === 0 && (await hasStateEntry(backend, project.declaration.id));
      const fingerprint = ledgered ? (await import('./internal/push-ledger.js')).pushFingerprint(project.declaration) : undefined;
      const result = await pushLoaded(host, input, project, environment, fingerprint?.sink);
      // Items GraphQL does not serve yet are not back: the pending re-push stays for apply.
      if (result.summary.status === 'sent' && (result.served === undefined || result.served.outcome === 'done'))
        await clearPendingAfterPush(host, backend, project.declaration, files.length === 0);
      if (fingerprint !== undefined) await (await import('./internal/push-ledger.js')).recordPushedLedger(host, backend, project, result, fingerprint);
      return result;
    },
    (text) => host.report({ kind: 'notice', text }),
  );
}

/** Pushes the files of `input` (or the declared ones) into a loaded source; with an environment, counts what GraphQL serves after. */
export async function pushLoaded(
  host: WorkflowHost,
  input: DataPushInput,
  project: LoadedSource,
  environment: EnvironmentConfig | undefined,
  records?: PushDataOptions['records'],
): Promise<DataPushResult> {
  const paths = await dataFiles(host, project, input.files ?? []);
  const config = pushConfig(project.config.data, input);
  const opened = environment === undefined ? undefined : await openEnvironment(host, project.config, environment);
  const tally = new SentTally(project.declaration.definition);
  const waits =
    opened === undefined || environment === undefined || input.wait === false ? undefined : serviceWaits(host, environment, opened, project.config.http);
  try {
    const client = opened === undefined ? offlineClient() : waits === undefined ? opened.client : tallyingClient(opened.client, tally, requestLog(host).log);
    const summary = await pushData({
      client,
      declaration: project.declaration,
      files: paths.files,
      config,
      skipInvalid: input.skipInvalid === true,
      maxErrors: input.maxErrors ?? DEFAULT_MAX_ERRORS,
      dryRun: input.dryRun === true,
      cwd: host.cwd,
      projectRoot: paths.projectRoot,
      progress: input.progress ?? silentReporter,
      ...(host.signal === undefined ? {} : { stop: host.signal }),
      workersFromBytes: workersFromBytes(host.variables),
      records,
    });
    const result: DataPushResult = { summary, validation: withIssues(summary.validation, paths.issues), target: opened?.description };
    if (waits === undefined || summary.status !== 'sent') return result;
    const onWaiting = input.onWaiting;
    const served = await waits.served(tally, (report, waitedMs) => onWaiting?.(report, waitedMs, waits.servedTimeoutMs));
    return { ...result, served };
  } finally {
    await opened?.close();
  }
}

/** How many errors are listed when the input does not say. */
export const DEFAULT_MAX_ERRORS = 50;

/** The config's data settings, with the batch limits and concurrency the flags override. */
export function pushConfig(data: DataConfig, flags: PushFlags): DataConfig {
  return {
    ...data,
    ...(flags.batchBytes === undefined ? {} : { batchMaxBytes: flags.batchBytes }),
    ...(flags.batchItems === undefined ? {} : { batchMaxItems: flags.batchItems }),
    ...(flags.concurrency === undefined ? {} : { concurrency: flags.concurrency }),
  };
}

/**
 * The declared source `id`; throws InvalidDeclarationsError when the declarations have errors
 * (saying `nothing`: what the command therefore did not do),
 * and GF_DATA_UNKNOWN_SOURCE (with a did-you-mean) when none has that id.
 */
export async function loadSource(host: WorkflowHost, config: ResolvedConfig, sourceId: string, nothing = 'nothing was sent'): Promise<LoadedSource> {
  const project = await loadProject(host, config);
  if (hasErrors(project.diagnostics)) throw new InvalidDeclarationsError(project.diagnostics, project.sources, invalidDeclarations(nothing));
  const declaration = project.declarations.find((d) => d.id === sourceId);
  if (declaration === undefined) {
    const ids = project.declarations.map((d) => d.id);
    throw new GraphformError(DATA_ERROR_CODES.unknownSource, `No declared content source has id "${sourceId}"${didYouMean(sourceId, ids)}`, {
      hint: ids.length === 0 ? 'No sources are declared yet.' : `Declared sources: ${ids.join(', ')}.`,
    });
  }
  return { config: project.config, declaration, sources: project.sources };
}

async function dataFiles(host: WorkflowHost, project: LoadedSource, files: readonly string[]): Promise<Awaited<ReturnType<typeof resolveDataFiles>>> {
  const { declaration } = project;
  if (files.length === 0 && declaration.data.length === 0) {
    throw new GraphformError(DATA_ERROR_CODES.noFiles, `Source ${declaration.id} declares no data: files and none were given.`, {
      hint: `Name the files (\`graphform data push ${declaration.id} items.ndjson\`) or add a data: list to ${declaration.file}.`,
    });
  }
  return resolveDataFiles(declaration, { cwd: host.cwd, root: project.config.rootDir }, files);
}

/** Glob patterns that matched nothing are warnings of the same report. */
function withIssues(summary: ValidationSummary, issues: readonly Diagnostic[]): ValidationSummary {
  return issues.length === 0 ? summary : { ...summary, warnings: summary.warnings + issues.length, diagnostics: [...issues, ...summary.diagnostics] };
}

/** For a dry run: the pipeline cuts batches but never calls the service. */
export function offlineClient(): GraphClient {
  const refuse = (): never => {
    throw new Error('a dry run must not reach the graph service');
  };
  return {
    baseUrl: 'dry-run:',
    putTypes: refuse,
    postTypes: refuse,
    getTypes: refuse,
    pushData: refuse,
    purgeData: refuse,
    listSources: refuse,
    getSource: refuse,
    updateSource: refuse,
    deleteSource: refuse,
    getCmsTypes: refuse,
  };
}

async function hasStateEntry(backend: StateBackend, id: string): Promise<boolean> {
  const state = await backend.read();
  return state !== undefined && ownValue(state.sources, id) !== undefined;
}
