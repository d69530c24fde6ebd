import type { ResolvedConfig } from '../../config/types.js';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { didYouMean } from '../../diagnostics/suggest.js';
import type { GraphClient } from '../../graph/types.js';
import type { SourceDeclaration } from '../../model/types.js';
import { DATA_ERROR_CODES } from '../../data/codes.js';
import { resolveDataFiles } from '../../data/files/declared-files.js';
import { createBarReporter, createLineReporter, silentReporter } from '../../data/progress/reporters.js';
import { purge } from '../../data/purge.js';
import type { DeleteCount } from '../../plan/types.js';
import { purgeCountText } from '../../render/delete-count.js';
import { escapeControl } from '../../render/escape-control.js';
import { purgeCount } from '../../workflows/wipe-counts.js';
import { pushData, validateDataFiles } from '../../data/push/push-data.js';
import { renderPushSummary, renderValidation } from '../../data/report/render-data-report.js';
import type { ProgressReporter, ValidationSummary } from '../../data/types.js';
import { renderDiagnosticsGithub } from '../../render/diagnostics-github.js';
import { renderDiagnosticsText } from '../../render/diagnostics-text.js';
import type { CommandContext } from '../context.js';
import { loadProject } from '../../workflows/load-project.js';
import { openEnvironment, targetName } from '../../workflows/open-environment.js';
import { canPrompt, confirm } from '../prompt.js';
import { withGuardedLock } from '../guarded.js';
import { exitCodeAfter, noInterrupts, type InterruptTrap } from '../interrupts.js';
import { stateBackendFor } from '../../workflows/runtime.js';
import { clearPendingAfterPush } from '../../workflows/pending-push.js';
import { workersFromBytes } from '../../workflows/workers-from.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';

export interface DataFileOptions {
  maxErrors: number;
}

export interface PushOptions extends DataFileOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  batchBytes: number | undefined;
  batchItems: number | undefined;
  concurrency: number | undefined;
}

export interface PurgeOptions {
  languages: string[];
  allLanguages: boolean;
  yes: boolean;
}

export async function dataValidate(ctx: CommandContext, sourceId: string, files: string[], options: DataFileOptions): Promise<number> {
  const project = await loadSource(ctx, sourceId);
  if (project === undefined) return 1;
  const paths = await dataFiles(ctx, project.declaration, files);
  const summary = await validateDataFiles({ declaration: project.declaration, files: paths.files, config: project.config.data, maxErrors: options.maxErrors, cwd: ctx.io.cwd, projectRoot: paths.projectRoot, progress: reporter(ctx), workersFromBytes: workersFromBytes(ctx.io.env) });
  const validation = withIssues(summary, paths.issues);
  if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ sourceId, ...validation }, null, 2));
  else showValidation(ctx, validation);
  return summary.errors > 0 ? 1 : 0;
}

export async function dataPush(ctx: CommandContext, sourceId: string, files: string[], options: PushOptions): Promise<number> {
  const project = await loadSource(ctx, sourceId);
  if (project === undefined) return 1;
  // A dry run sends nothing and needs no lock; a real push holds the environment's state
  // lock, so it cannot run inside an apply's full update and be wiped by it.
  if (options.dryRun) return push(ctx, project, files, options, noInterrupts());
  const env = await ctx.environment();
  const backend = stateBackendFor(workflowEnvironmentFor(ctx), env);
  return withGuardedLock(ctx, backend, `data push ${sourceId}`, async (trap) => {
    const code = await push(ctx, project, files, options, trap);
    if (code === 0) await clearPendingAfterPush(workflowEnvironmentFor(ctx), backend, project.declaration, files.length === 0);
    return exitCodeAfter(trap, code);
  });
}

async function push(ctx: CommandContext, project: LoadedSource, files: string[], options: PushOptions, trap: InterruptTrap): Promise<number> {
  const paths = await dataFiles(ctx, project.declaration, files);
  const config = {
    ...project.config.data,
    ...(options.batchBytes === undefined ? {} : { batchMaxBytes: options.batchBytes }),
    ...(options.batchItems === undefined ? {} : { batchMaxItems: options.batchItems }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  };
  const opened = options.dryRun ? undefined : await openEnvironment(workflowEnvironmentFor(ctx), project.config, await ctx.environment());
  try {
    const summary = await pushData({
      client: opened?.client ?? offlineClient(),
      declaration: project.declaration,
      files: paths.files,
      config,
      skipInvalid: options.skipInvalid,
      maxErrors: options.maxErrors,
      dryRun: options.dryRun,
      cwd: ctx.io.cwd,
      projectRoot: paths.projectRoot,
      progress: reporter(ctx),
      stop: trap.signal,
      workersFromBytes: workersFromBytes(ctx.io.env),
    });
    const validation = withIssues(summary.validation, paths.issues);
    if (ctx.globals().format === 'json') {
      ctx.out(JSON.stringify({ ...summary, validation, environment: opened?.description ?? null }, null, 2));
    } else {
      showValidation(ctx, validation);
      for (const line of renderPushSummary(summary, ctx.color())) ctx.out(line);
    }
    return summary.status === 'sent' || summary.status === 'dry-run' ? 0 : 1;
  } finally {
    await opened?.close();
  }
}

export async function dataPurge(ctx: CommandContext, sourceId: string, options: PurgeOptions): Promise<number> {
  if (options.allLanguages === (options.languages.length > 0)) {
    throw new GraphformError(DATA_ERROR_CODES.noLanguages, 'Name the languages to purge with --language L (repeatable), or use --all-languages; not both.');
  }
  if (options.languages.some((l) => l.trim() === '')) {
    throw new GraphformError(DATA_ERROR_CODES.noLanguages, '--language needs a language code, such as --language en; an empty one names nothing to purge.');
  }
  const project = await loadSource(ctx, sourceId);
  if (project === undefined) return 1;
  const declared = project.declaration.definition.languages;
  const languages = options.allLanguages ? declared : [...new Set(options.languages)];
  const c = ctx.color();
  for (const language of languages.filter((l) => !declared.includes(l))) {
    ctx.err(c.yellow(`Warning: source ${sourceId} does not declare language "${language}" (declared: ${declared.join(', ')}); purging it anyway.`));
  }
  const env = await ctx.environment();
  return withGuardedLock(ctx, stateBackendFor(workflowEnvironmentFor(ctx), env), `data purge ${sourceId}`, async (trap) => {
    const opened = await openEnvironment(workflowEnvironmentFor(ctx), project.config, env);
    let deletes: DeleteCount;
    try {
      if (!options.yes && !canPrompt(ctx.io)) {
        throw new GraphformError(DATA_ERROR_CODES.confirmationRequired, `Purging deletes every item of source ${sourceId} in ${languages.join(', ')}, and there is no terminal to confirm it.`, {
          hint: 'Pass --yes to purge without asking.',
        });
      }
      // Counted before asking, as plan counts a wipe: the question says what a yes costs.
      deletes = await purgeCount(workflowEnvironmentFor(ctx), opened, { env, id: sourceId, languages, declared: project.declaration.definition, http: project.config.http });
      if (!options.yes) {
        const approved = await confirm(ctx.io, `Delete EVERY item of source ${sourceId} in ${languages.join(', ')} in ${targetName(env)}: ${escapeControl(purgeCountText(deletes, languages))}?`);
        if (!approved) {
          ctx.err('Purge cancelled.');
          return 1;
        }
      }
      if (trap.signal.aborted) {
        ctx.err('Interrupted before the purge was sent. Nothing was deleted.');
        return exitCodeAfter(trap, 1);
      }
      await purge(opened.client, sourceId, languages);
    } finally {
      await opened.close();
    }
    if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ sourceId, languages, purged: true, deletes }, null, 2));
    else ctx.out(c.green(`Purged every item of source ${sourceId} in ${languages.join(', ')}: ${purgeCountText(deletes, languages)}.`));
    return exitCodeAfter(trap, 0);
  });
}

export interface LoadedSource {
  config: ResolvedConfig;
  declaration: SourceDeclaration;
  /** File → text of the declaration files, to point a diagnostic at a line of one. */
  sources: ReadonlyMap<string, string>;
}

export async function loadSource(ctx: CommandContext, sourceId: string): Promise<LoadedSource | undefined> {
  const project = await loadProject(workflowEnvironmentFor(ctx), await ctx.loadConfig());
  if (hasErrors(project.diagnostics)) {
    const c = ctx.colorErr();
    ctx.err(renderDiagnosticsText(project.diagnostics, { color: c, sources: project.sources }));
    ctx.err(c.red('The declarations have errors (above): fix them before working with data.'));
    return undefined;
  }
  const declaration = project.declarations.find((d) => d.id === sourceId);
  if (declaration === undefined) {
    const ids = project.declarations.map((d) => d.id);
    throw new GraphformError(DATA_ERROR_CODES.unknownSource, `No declared content source has id "${sourceId}"${didYouMean(sourceId, ids)}`, {
      hint: ids.length === 0 ? 'No sources are declared yet.' : `Declared sources: ${ids.join(', ')}.`,
    });
  }
  return { config: project.config, declaration, sources: project.sources };
}

async function dataFiles(ctx: CommandContext, declaration: SourceDeclaration, files: string[]): Promise<Awaited<ReturnType<typeof resolveDataFiles>>> {
  if (files.length === 0 && declaration.data.length === 0) {
    throw new GraphformError(DATA_ERROR_CODES.noFiles, `Source ${declaration.id} declares no data: files and none were given.`, {
      hint: `Name the files (\`graphform data push ${declaration.id} items.ndjson\`) or add a data: list to ${declaration.file}.`,
    });
  }
  return resolveDataFiles(declaration, { cwd: ctx.io.cwd, root: (await ctx.loadConfig()).rootDir }, files);
}

/** Glob patterns that matched nothing are warnings of the same report. */
function withIssues(summary: ValidationSummary, issues: readonly Diagnostic[]): ValidationSummary {
  return issues.length === 0 ? summary : { ...summary, warnings: summary.warnings + issues.length, diagnostics: [...issues, ...summary.diagnostics] };
}

export function showValidation(ctx: CommandContext, validation: ValidationSummary): void {
  if (ctx.io.env.GITHUB_ACTIONS === 'true' && validation.diagnostics.length > 0) ctx.out(renderDiagnosticsGithub(validation.diagnostics).trimEnd());
  for (const line of renderValidation(validation, ctx.color())) ctx.out(line);
}

export function reporter(ctx: CommandContext): ProgressReporter {
  if (ctx.globals().format === 'json') return silentReporter;
  const write = (text: string): void => void ctx.io.stderr.write(text);
  const now = (): number => performance.now();
  return ctx.io.stderr.isTTY === true ? createBarReporter({ write, now }) : createLineReporter({ write, now });
}

/** For --dry-run: the pipeline cuts batches but never calls the service. */
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

