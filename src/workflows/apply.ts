import { randomUUID } from 'node:crypto';
import { applyPlan, pendingAdoptions } from '../../apply/apply-plan.js';
import type { ApplyResult } from '../../apply/types.js';
import { repushDeclaredData } from '../../data/repush.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { breakingChangesError, breakingGraphqlChanges } from '../../graphql-impact/policy.js';
import { dataLossSources, hasChanges, hasPendingWork } from '../../plan/policy.js';
import type { Plan, PlanOptions } from '../../plan/types.js';
import type { RemoteDefinition } from '../../graph/types.js';
import { renderApplyEvent, renderApplySummary } from '../../render/apply-text.js';
import { deleteCountLines } from '../../render/delete-count.js';
import { escapeControl } from '../../render/escape-control.js';
import { emptyState } from '../../state/state.js';
import type { State } from '../../state/types.js';
import { TOOL_VERSION } from '../../version.js';
import { invalidDataSources, reportInvalidData, withDataChecks } from '../../workflows/check-declared-data.js';
import { parseIntFlag } from '../int-flag.js';
import type { CommandContext } from '../context.js';
import { withGuardedLock } from '../guarded.js';
import { renderError } from '../render-error.js';
import { exitCodeAfter } from '../interrupts.js';
import type { LoadedProject } from '../../workflows/load-project.js';
import { openEnvironment, targetName, type OpenedEnvironment } from '../../workflows/open-environment.js';
import { planOptionsFrom, type PlanFlags } from '../plan-options.js';
import { loadValidProject, makePlan, refreshAll } from '../../workflows/planning.js';
import { canPrompt, confirm } from '../prompt.js';
import { renderPlanFor } from '../render-plan.js';
import { clock, stateBackendFor } from '../../workflows/runtime.js';
import { checkSavedPlan, readPlanFile, verifySavedPlan, type Replan } from '../saved-plan.js';
import { countingSourceFor, withDeleteCounts } from '../../workflows/wipe-counts.js';
import { workersFromBytes } from '../../workflows/workers-from.js';

export interface ApplyFlags extends PlanFlags {
  allowDataLoss?: boolean;
  yes?: boolean;
  parallelism: string;
  lockTimeout?: string;
  /** false with `--no-verify`: writes are not read back. */
  verify?: boolean;
}

/** What `apply --format json` prints: one document, whatever happened. */
interface ApplyReport {
  plan: Plan;
  applied: boolean;
  refused?: 'data-loss' | 'invalid-data' | 'cancelled' | 'graphql-breaking';
  ok: boolean;
  outcomes: ApplyResult['outcomes'];
  /** Sources whose state still records a pending re-push when apply ended. */
  pending?: string[];
}

export async function apply(ctx: CommandContext, planfile: string | undefined, flags: ApplyFlags): Promise<number> {
  const parallelism = parseIntFlag(flags.parallelism, '--parallelism', { min: 1 });
  const env = await ctx.environment();
  const stateConfig = flags.lockTimeout === undefined ? env.state : { ...env.state, lockTimeoutMs: parseIntFlag(flags.lockTimeout, '--lock-timeout', { min: 0 }) };
  const backend = stateBackendFor(ctx, { ...env, state: stateConfig });
  const json = ctx.globals().format === 'json';
  // In JSON mode stdout holds one document; progress goes to stderr.
  const progress = (line: string): void => (json ? ctx.err(line) : ctx.out(line));
  const finish = (report: ApplyReport, code: number): number => {
    if (json) ctx.out(JSON.stringify(report, null, 2));
    return code;
  };

  // Before the state lock: a plan file that cannot be read stops apply holding nothing, and no read waits inside the lock.
  const saved = planfile === undefined ? undefined : await readPlanFile(ctx, planfile);

  return withGuardedLock(ctx, backend, planfile === undefined ? 'apply' : `apply ${planfile}`, async (trap) => {
    let opened: OpenedEnvironment | undefined;
    try {
      const state = await backend.read();
      const project = await loadValidProject(ctx, state);
      const environment = await openEnvironment(ctx, project.config, env);
      opened = environment;
      let remote: Readonly<Record<string, RemoteDefinition>> = {};
      const replan: Replan = (options) => planNow(ctx, options, project, state, environment, env.name, env.refresh && flags.refresh, (seen) => (remote = seen));
      // A plan made now counts what it deletes, for the prompt; a saved plan shows the counts it was reviewed with.
      const planNowCounted = async (): Promise<Plan> => {
        const made = await replan(planOptionsFrom(flags, env.name));
        return withDeleteCounts(ctx, made, { counting: countingSourceFor(env, environment), remote, state, http: project.config.http });
      };
      const planned = saved === undefined ? await planNowCounted() : await checkSavedPlan(saved, { project, state, environment: env.name }, replan);
      // Checked now, a saved plan too: the data files may have changed since it was made.
      const plan = await withDataChecks(ctx, planned, project, state);
      if (!json) ctx.out(renderPlanFor(ctx, plan, flags.diff === true, flags.allowDataLoss === true));
      const refused = (reason: NonNullable<ApplyReport['refused']>, code: number): number =>
        finish({ plan, applied: false, refused: reason, ok: false, outcomes: [] }, code);

      // Policy: breaking GraphQL changes stop apply before anything else is decided or sent.
      // A plan file is checked by the changes it lists, which its freshness check keeps true.
      const breaking = project.config.failOnBreaking ? breakingGraphqlChanges(plan) : [];
      if (breaking.length > 0) {
        ctx.err(renderError(breakingChangesError(breaking, 'applied'), { verbose: ctx.globals().verbose, color: ctx.colorErr() }));
        return refused('graphql-breaking', 1);
      }
      const changes = hasChanges(plan);
      if (!changes && !hasPendingWork(plan) && pendingAdoptions(plan, state, project.declarations).length === 0) {
        return finish({ plan, applied: false, ok: true, outcomes: [] }, 0);
      }
      const losing = dataLossSources(plan);
      if (losing.length > 0 && flags.allowDataLoss !== true) {
        ctx.err(ctx.colorErr().red.bold(`Refusing to apply: this plan deletes the items of ${losing.map((s) => s.id).join(', ')}. Nothing was sent.`));
        ctx.err('Review the plan. If the deletion is intended, run again with --allow-data-loss; items from declared data: files are pushed again afterwards, any others you must push again yourself.');
        return refused('data-loss', 3);
      }
      if (planfile !== undefined) await verifySavedPlan(planfile, plan, replan);
      const invalid = invalidDataSources(plan);
      if (invalid.length > 0) {
        reportInvalidData(ctx, invalid);
        ctx.err('Nothing was sent. Fix the data files (`graphform data validate <source>` checks them), then apply again.');
        return refused('invalid-data', 1);
      }
      if (changes && planfile === undefined && flags.yes !== true && !(await approved(ctx, targetName(env), deleteCountLines(plan)))) {
        ctx.err('Apply cancelled. Nothing was sent.');
        return refused('cancelled', 1);
      }

      if (trap.signal.aborted) {
        ctx.err('Interrupted before anything was sent. Nothing was sent.');
        return finish({ plan, applied: false, refused: 'cancelled', ok: false, outcomes: [] }, exitCodeAfter(trap, 1));
      }
      const c = json ? ctx.colorErr() : ctx.color();
      const client = environment.client;
      const result = await applyPlan({
        plan,
        client,
        declarations: project.declarations,
        state: state ?? emptyState(randomUUID()),
        writeState: (next: State) => backend.write(next),
        now: clock(ctx),
        toolVersion: TOOL_VERSION,
        parallelism,
        repushData: (declaration) => repushDeclaredData({ client, declaration, config: project.config.data, cwd: ctx.io.cwd, root: project.config.rootDir, stop: trap.signal, workersFromBytes: workersFromBytes(ctx.io.env) }),
        stop: trap.signal,
        verify: flags.verify !== false,
        onEvent: (event) => {
          const line = renderApplyEvent(event, c);
          if (line !== '') progress(line);
        },
      });
      // The writes after each source went to the state journal; fold it into the state file once.
      await backend.flush?.();
      progress(renderApplySummary(result, c));
      return finish({ plan, applied: true, ok: result.ok, outcomes: result.outcomes, pending: result.pending }, exitCodeAfter(trap, result.ok ? 0 : 1));
    } finally {
      await opened?.close();
    }
  });
}

async function planNow(
  ctx: CommandContext,
  options: PlanOptions,
  project: LoadedProject,
  state: State | undefined,
  opened: OpenedEnvironment,
  environment: string,
  refresh: boolean,
  /** Told what the service answered about each source, for the counts of what a wipe deletes. */
  seen: (remote: Readonly<Record<string, RemoteDefinition>>) => void,
): Promise<Plan> {
  const refreshed = refresh ? await refreshAll(ctx, opened.client, project, state, options.targets) : { remote: {}, account: undefined };
  seen(refreshed.remote);
  return makePlan(ctx, { project, state, remote: refreshed.remote, account: refreshed.account?.sources, options: { ...options, environment } });
}

async function approved(ctx: CommandContext, target: string, deletes: readonly string[]): Promise<boolean> {
  if (!canPrompt(ctx.io)) {
    throw new GraphformError('GF_CONFIRMATION_REQUIRED', 'apply needs confirmation, and there is no terminal to ask on. Nothing was sent.', {
      hint: 'Review the plan, then run again with --yes (pipelines), or apply a reviewed plan file: `graphform plan --out plan.json` then `graphform apply plan.json`',
    });
  }
  const question = `Do you want to apply these changes to ${target}?`;
  return confirm(ctx.io, deletes.length === 0 ? question : `${question}\n  ${deletes.map(escapeControl).join('\n  ')}`);
}
