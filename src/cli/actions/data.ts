import { GraphformError } from '../../diagnostics/errors.js';
import { DATA_ERROR_CODES } from '../../data/codes.js';
import { duration, shortfallText } from '../../apply/service-waits.js';
import type { ServedProgress, ServedReport } from '../../graph/served.js';
import { createBarReporter, createLineReporter, silentReporter } from '../../data/progress/reporters.js';
import { renderPushSummary, renderValidation } from '../../data/report/render-data-report.js';
import type { ProgressReporter, ValidationSummary } from '../../data/types.js';
import { purgeCountText } from '../../render/delete-count.js';
import { renderDiagnosticsGithub } from '../../render/diagnostics-github.js';
import { renderDiagnosticsText } from '../../render/diagnostics-text.js';
import { escapeControl } from '../../render/escape-control.js';
import { dataPurge as purgeWorkflow } from '../../workflows/data-purge.js';
import { dataPush as pushWorkflow, dataValidate as validateWorkflow, type DataPushResult, type PushFlags } from '../../workflows/data.js';
import { isInvalidDeclarationsError } from '../../workflows/invalid-declarations.js';
import { targetName } from '../../workflows/internal/open-environment.js';
import type { ProjectSelection } from '../../workflows/host.js';
import type { DataRestoreResult } from '../../workflows/data-restore.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { canPrompt, confirm } from '../prompt.js';
import { renderError } from '../render-error.js';
import { servedLine, servedWaitingLine } from '../../render/served-text.js';
import { waitLines } from '../wait-lines.js';
import { workflowHostFor } from '../workflow-host.js';

export interface DataFileOptions {
  maxErrors: number;
}

export interface PushOptions extends DataFileOptions {
  dryRun: boolean;
  /** false with `--no-wait`: what was sent is not counted through GraphQL afterwards. */
  wait?: boolean;
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
  const validation = await unlessInvalid(ctx, async () =>
    validateWorkflow({ ...(await selection(ctx)), source: sourceId, files, maxErrors: options.maxErrors, progress: reporter(ctx) }, workflowHostFor(ctx)),
  );
  if (validation === undefined) return 1;
  if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ sourceId, ...validation }, null, 2));
  else showValidation(ctx, validation);
  return validation.errors > 0 ? 1 : 0;
}

export async function dataPush(ctx: CommandContext, sourceId: string, files: string[], options: PushOptions): Promise<number> {
  // A dry run sends nothing and needs no lock; a real push holds the state lock and stops on an interrupt.
  const trap = options.dryRun ? noInterrupts() : (ctx.io.trapInterrupts?.() ?? noInterrupts());
  const json = ctx.globals().format === 'json';
  const waiting = waitLines(ctx.io.stderr);
  try {
    const result = await unlessInvalid(ctx, async () =>
      pushWorkflow(
        {
          ...(await selection(ctx)),
          source: sourceId,
          files,
          progress: reporter(ctx),
          ...pushFlags(options),
          wait: options.wait !== false,
          ...(json
            ? {}
            : { onWaiting: (report: ServedProgress, waitedMs: number, timeoutMs: number) => waiting.update(servedWaitingLine(report, waitedMs, timeoutMs)) }),
        },
        workflowHostFor(ctx, trap.signal),
      ),
    );
    waiting.end();
    if (result === undefined) return 1;
    return exitCodeAfter(trap, showPush(ctx, sourceId, result));
  } finally {
    waiting.end();
    trap.release();
  }
}

/**
 * `graphform data restore SNAPSHOT`: pushes a snapshot a keeping apply wrote (or any
 * wire-form file of the source) as `data push` would, and finishes the pending restore state
 * names for it once every item is served.
 */
export async function dataRestore(
  ctx: CommandContext,
  snapshot: string,
  options: Omit<PushOptions, 'dryRun'> & { source?: string; forgetMissingItems: boolean },
): Promise<number> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  const json = ctx.globals().format === 'json';
  const waiting = waitLines(ctx.io.stderr);
  try {
    const { dataRestore: restoreWorkflow } = await import('../../workflows/data-restore.js');
    const result = await unlessInvalid(ctx, async () =>
      restoreWorkflow(
        {
          ...(await selection(ctx)),
          snapshot,
          ...(options.source === undefined ? {} : { source: options.source }),
          forgetMissingItems: options.forgetMissingItems,
          progress: reporter(ctx),
          ...pushFlags({ ...options, dryRun: false }),
          wait: options.wait !== false,
          ...(json
            ? {}
            : { onWaiting: (report: ServedProgress, waitedMs: number, timeoutMs: number) => waiting.update(servedWaitingLine(report, waitedMs, timeoutMs)) }),
        },
        workflowHostFor(ctx, trap.signal),
      ),
    );
    waiting.end();
    if (result === undefined) return 1;
    const { finishedPending, forgotten, stillPending } = result;
    const code = showPush(ctx, result.source, result, {
      restore: { finishedPending, ...(forgotten === undefined ? {} : { forgotten }), ...(stillPending === undefined ? {} : { stillPending }) },
    });
    if (!json) for (const line of restoreLines(result, snapshot)) ctx.out(line);
    return exitCodeAfter(trap, code);
  } finally {
    waiting.end();
    trap.release();
  }
}

/** What became of the pending restore state names for the file, in words. */
function restoreLines(result: DataRestoreResult, snapshot: string): string[] {
  if (result.finishedPending) return [`Finished the pending restore of source ${result.source}: state no longer names ${snapshot}, and the file is removed.`];
  if (result.forgotten !== undefined) {
    const { recordedItems, pushedItems } = result.forgotten;
    return [
      `Finished the pending restore of source ${result.source} from a changed snapshot (--forget-missing-items): ` +
        `pushed ${pushedItems} items; state recorded ${recordedItems}, and those the file no longer holds are forgotten. ${snapshot} is kept.`,
    ];
  }
  if (result.stillPending !== undefined)
    return [
      `State still names ${snapshot} as the pending restore of source ${result.source}: ` +
        `${result.stillPending}. Run \`graphform data restore ${snapshot}\` again to finish it.`,
    ];
  return [];
}

/** Prints what a push came to (and any shortfall of what GraphQL serves); its exit code. */
function showPush(ctx: CommandContext, sourceId: string, result: DataPushResult, more: Record<string, unknown> = {}): number {
  const { summary, validation, target, served } = result;
  if (ctx.globals().format === 'json') {
    ctx.out(JSON.stringify({ ...summary, validation, environment: target ?? null, ...(served === undefined ? {} : { served }), ...more }, null, 2));
  } else {
    showValidation(ctx, validation);
    for (const line of renderPushSummary(summary, ctx.color())) ctx.out(line);
    if (served !== undefined) ctx.out(servedLine(served, ctx.color()));
  }
  const shortfall = served !== undefined && served.outcome !== 'done' && served.outcome !== 'stopped';
  if (shortfall) ctx.err(renderError(notServedError(sourceId, served), { verbose: ctx.globals().verbose, color: ctx.colorErr() }));
  return (summary.status === 'sent' && !shortfall) || summary.status === 'dry-run' ? 0 : 1;
}

export async function dataPurge(ctx: CommandContext, sourceId: string, options: PurgeOptions): Promise<number> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    const result = await unlessInvalid(ctx, async () =>
      purgeWorkflow(
        {
          ...(await selection(ctx)),
          source: sourceId,
          languages: options.languages,
          allLanguages: options.allLanguages,
          ...(options.yes
            ? {}
            : {
                confirm: async ({ languages, deletes, environment }) => {
                  refuseWithoutTerminal(ctx, sourceId, languages);
                  return confirm(
                    ctx.io,
                    `Delete EVERY item of source ${sourceId} in ${languages.join(', ')} in ${targetName(environment)}: ` +
                      `${escapeControl(purgeCountText(deletes, languages))}?`,
                  );
                },
              }),
        },
        workflowHostFor(ctx, trap.signal),
      ),
    );
    if (result === undefined) return 1;
    if (result.refused === 'cancelled') {
      ctx.err('Purge cancelled.');
      return 1;
    }
    if (result.refused === 'interrupted') {
      ctx.err('Interrupted before the purge was sent. Nothing was deleted.');
      return exitCodeAfter(trap, 1);
    }
    const deletes = result.deletes;
    if (ctx.globals().format === 'json') ctx.out(JSON.stringify({ sourceId, languages: result.languages, purged: true, deletes }, null, 2));
    else if (deletes !== undefined)
      ctx.out(ctx.color().green(`Purged every item of source ${sourceId} in ${result.languages.join(', ')}: ${purgeCountText(deletes, result.languages)}.`));
    return exitCodeAfter(trap, 0);
  } finally {
    trap.release();
  }
}

/** The push flags as the workflows take them: a flag not given is left to the config. */
export function pushFlags(options: PushOptions): PushFlags & { maxErrors: number } {
  return {
    maxErrors: options.maxErrors,
    dryRun: options.dryRun,
    skipInvalid: options.skipInvalid,
    ...(options.batchBytes === undefined ? {} : { batchBytes: options.batchBytes }),
    ...(options.batchItems === undefined ? {} : { batchItems: options.batchItems }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  };
}

/** Without a terminal and --yes, nobody can approve: refused, and nothing is deleted. */
function refuseWithoutTerminal(ctx: CommandContext, sourceId: string, languages: readonly string[]): void {
  if (canPrompt(ctx.io)) return;
  throw new GraphformError(
    DATA_ERROR_CODES.confirmationRequired,
    `Purging deletes every item of source ${sourceId} in ${languages.join(', ')}, and there is no terminal to confirm it.`,
    {
      hint: 'Pass --yes to purge without asking.',
    },
  );
}

/** The data commands (and assets sync) answer invalid declarations with the problems and exit 1, not with an error. */
export async function unlessInvalid<T>(ctx: CommandContext, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!isInvalidDeclarationsError(error)) throw error;
    const c = ctx.colorErr();
    ctx.err(renderDiagnosticsText(error.diagnostics, { color: c, sources: new Map(error.sources) }));
    ctx.err(c.red('The declarations have errors (above): fix them before working with data.'));
    return undefined;
  }
}

/** The CLI's config (loaded once per invocation) and --env; the environment is resolved only by the workflows that reach the service. */
export async function selection(ctx: CommandContext): Promise<ProjectSelection> {
  const env = ctx.globals().env;
  return { config: await ctx.loadConfig(), ...(env === undefined ? {} : { environment: env }) };
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

/** A push GraphQL does not serve in full: an error naming each content type and language short. */
function notServedError(sourceId: string, served: ServedReport): GraphformError {
  return new GraphformError(
    'GF_DATA_ITEMS_NOT_SERVED',
    `GraphQL does not serve every item of source ${sourceId} as it was sent after ${duration(served.waitedMs)}: ${shortfallText(served)}.`,
    {
      hint:
        'The service accepted every batch (see the journalIds with --format json), but not all items are served. ' +
        'Push again (the same items are replaced, not doubled), or raise wait.servedTimeout if the service is only slow.',
    },
  );
}
