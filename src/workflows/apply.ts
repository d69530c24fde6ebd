import { randomUUID } from 'node:crypto';
import type { ApplyRefusal, ApplyReport } from './apply-report.js';
import path from 'node:path';
import { applyPlan, pendingAdoptions } from '../apply/apply-plan.js';
import type { ResolvedConfig } from '../config/types.js';
import { tallyingClient } from '../graph/served.js';
import type { RemoteDefinition } from '../graph/types.js';
import { breakingGraphqlChanges } from '../graphql-impact/policy.js';
import { dataLossSources, hasChanges, hasPendingWork } from '../plan/policy.js';
import type { Plan } from '../plan/types.js';
import { emptyState } from '../state/state.js';
import { withStateLock } from '../state/with-lock.js';
import { otherEnvironmentError } from '../plan/freshness.js';
import { TOOL_VERSION } from '../version.js';
import { expectOperations, startOperationsFor, withOperations, type OperationsContext } from './internal/operations-report.js';
import { isFailure, operationsFailure } from '../operations/policy.js';
import type { NamedDefinition } from '../operations/planned-sources.js';
import { dataChangedError, dataChangedSincePlan, invalidDataSources, withDataChecks } from './internal/check-declared-data.js';
import type { DeclaredDiff } from '../data/ledger/declared-diff.js';
import { requestLog, type WorkflowHost } from './host.js';
import { environmentView, type EnvironmentView } from './environment-view.js';
import { openEnvironment } from './internal/open-environment.js';
import { planOptions } from './plan.js';
import { loadValidProject, makePlan, refreshAll } from './internal/planning.js';
import { stateBackendFor } from './internal/state-backend.js';
import { GraphformError } from '../diagnostics/errors.js';
import { checkSavedPlan, readPlanFile, verifySavedPlan, type Replan, type SavedPlanFile } from './internal/saved-plan.js';
import { resolveSelection } from './internal/select.js';
import { serviceWaits } from './internal/service-waits.js';
import { keepHooks, PreparedSnapshots, withKeepAccounts } from '../keep/keep-accounts.js';
import { fetchPendingSnapshots } from '../keep/remote-snapshots.js';
import { applyRefreshOnly } from './internal/apply-refresh-only.js';
import type { ApplyInput, Locked } from './apply-input.js';
import { withPruneOrigin } from '../plan/prune-reasons.js';
import { blockedKeepSources } from '../keep/keep-blocked.js';
import { countingSourceFor, withDeleteCounts } from '../keep/wipe-counts.js';
import { workersFromBytes } from './internal/workers-from.js';

export type { ApplyInput } from './apply-input.js';
export type { ApplyRefusal, ApplyReport } from './apply-report.js';

/**
 * graphform's apply, holding the state lock throughout: reads state and declarations, makes
 * the plan (or checks a saved one is still what would happen), refuses what policy refuses
 * (breaking GraphQL changes, lost items without allowDataLoss, invalid data files), asks
 * `confirm`, then carries the plan out source by source, writing state after each and
 * re-pushing declared data after a wipe. A refusal is a result, not an error; operational
 * failures throw GraphformError. The stop signal ends it cleanly: no new source starts.
 */
export async function apply(input: ApplyInput, host: WorkflowHost): Promise<ApplyReport & { config: ResolvedConfig; environment: EnvironmentView }> {
  const { config, environment } = await resolveSelection(input, host);
  const stateConfig = input.lockTimeoutMs === undefined ? environment.state : { ...environment.state, lockTimeoutMs: input.lockTimeoutMs };
  const backend = stateBackendFor(host, { ...environment, state: stateConfig });
  // Before the state lock: a plan file that cannot be read stops apply holding nothing, and no read waits inside the lock.
  const saved: SavedPlanFile | undefined =
    input.planFile !== undefined
      ? await readPlanFile(host, input.planFile)
      : input.plan !== undefined
        ? { planfile: 'the given plan', plan: input.plan }
        : undefined;
  if (saved !== undefined && saved.plan.environment !== environment.name) throw otherEnvironmentError(saved.planfile, saved.plan.environment, environment.name);
  if (saved !== undefined && input.targets !== undefined && input.targets.length > 0) refuseOtherTargets(saved, input.targets);
  const operation = input.planFile === undefined ? 'apply' : `apply ${input.planFile}`;
  const report = await withStateLock(
    backend,
    operation,
    async () => {
      const state = await backend.read();
      // A runner other than the one that wrote them (a fresh CI checkout) fetches the pending snapshots from beside the state.
      await fetchPendingSnapshots(host, environment, state, path.resolve(host.cwd, config.rootDir));
      const project = await loadValidProject(host, config, state);
      // Begun now, the frontends' operations are read and taken apart on a worker while apply plans.
      const started = startOperationsFor(host, project, input.refreshOnly === true || saved?.plan.refreshOnly === true);
      try {
        const opened = await openEnvironment(host, config, environment);
        try {
          return await applyLocked(host, input, {
            project,
            state,
            environment,
            opened,
            saved,
            started,
            writeState: (next) => backend.write(next),
            flush: async () => backend.flush?.(),
          });
        } finally {
          await opened.close();
        }
      } finally {
        await started?.close();
      }
    },
    (text) => host.report({ kind: 'notice', text }),
  );
  return { ...report, config, environment: environmentView(environment) };
}

async function applyLocked(host: WorkflowHost, input: ApplyInput, context: Locked): Promise<ApplyReport> {
  const { project, state, environment, opened, saved } = context;
  let remote: Readonly<Record<string, RemoteDefinition>> = {};
  let outside: readonly NamedDefinition[] = [];
  const refresh = environment.refresh && input.refresh !== false;
  const replan: Replan = async (options) => {
    const refreshed = refresh ? await refreshAll(host, opened.client, project, state, options.targets) : { remote: {}, account: undefined };
    remote = refreshed.remote;
    outside = refreshed.account?.definitions ?? [];
    return withPruneOrigin(
      await makePlan(host, {
        project,
        state,
        remote: refreshed.remote,
        account: refreshed.account?.sources,
        options: { ...options, environment: environment.name },
      }),
      environment,
    );
  };
  // Without a confirmation to wait for, the plan's own read of the items is the keep step's: they are read once.
  const prepared = saved === undefined && input.confirm === undefined ? new PreparedSnapshots(path.resolve(host.cwd, project.config.rootDir)) : undefined;
  try {
    return await decideAndApply(
      host,
      input,
      context,
      replan,
      () => remote,
      prepared,
      () => outside,
    );
  } finally {
    await prepared?.discard();
  }
}

async function decideAndApply(
  host: WorkflowHost,
  input: ApplyInput,
  context: Locked,
  replan: Replan,
  remoteNow: () => Readonly<Record<string, RemoteDefinition>>,
  prepared: PreparedSnapshots | undefined,
  outsideNow: () => readonly NamedDefinition[],
): Promise<ApplyReport> {
  const { project, state, environment, opened, saved } = context;
  if (input.refreshOnly === true || saved?.plan.refreshOnly === true) return applyRefreshOnly(host, input, context, replan, remoteNow);
  const counting = countingSourceFor(environment, opened);
  const operationsContext = (): OperationsContext => ({
    state,
    declarations: project.declarations,
    remote: remoteNow(),
    config: project.config,
    environment,
    outside: outsideNow(),
    started: context.started,
  });
  // A plan made now reads the items a full update would delete and counts what it loses, for
  // the confirmation; a saved plan shows the accounts it was reviewed with.
  const planNow = async (): Promise<Plan> => {
    const made = await replan(planOptions(input, environment));
    // The frontends' operations are checked on their worker from here, while the accounts and the data checks run.
    expectOperations(made, operationsContext());
    const kept = await withKeepAccounts(host, made, { counting, remote: remoteNow(), project, environment }, prepared);
    return withDeleteCounts(host, kept, { counting, remote: remoteNow(), state, http: project.config.http });
  };
  const planned = saved === undefined ? await planNow() : await checkSavedPlan(saved, { project, state, environment: environment.name }, replan);
  // An interrupt while the plan read items back leaves accounts that could not count: an interrupt, not a data loss.
  const interrupted = (): boolean => host.signal?.aborted === true;
  if (interrupted()) return { plan: planned, applied: false, refused: 'interrupted', ok: false, outcomes: [] };
  // Checked now, a saved plan too: the data files may have changed since it was made.
  // Each source's comparison of its data files with its ledger, made here once: the data step sends from it.
  const diffs = new Map<string, DeclaredDiff>();
  const plan = await withOperations(host, await withDataChecks(host, planned, project, state, diffs), operationsContext());
  input.onPlan?.(plan);
  const refused = (reason: ApplyRefusal, extra: Partial<ApplyReport> = {}): ApplyReport => ({
    plan,
    applied: false,
    refused: reason,
    ok: false,
    outcomes: [],
    ...extra,
  });

  // Policy: breaking GraphQL changes stop apply before anything else is decided or sent.
  // A plan file is checked by the changes it lists, which its freshness check keeps true.
  const breaking = project.config.failOnBreaking ? breakingGraphqlChanges(plan) : [];
  if (breaking.length > 0) return refused('graphql-breaking', { breaking });
  const failing = operationsFailure(plan.operations);
  if (isFailure(failing)) return refused('operations-failing', { failing });
  const changes = hasChanges(plan);
  if (!changes && !hasPendingWork(plan) && pendingAdoptions(plan, state, project.declarations).length === 0)
    return { plan, applied: false, ok: true, outcomes: [] };
  // Values that do not convert stop apply whatever is allowed: checked before the data-loss gate, which could not let it through.
  const blocked = blockedKeepSources(plan);
  if (blocked.length > 0) return refused('conversion-failed', { blocked });
  const losing = dataLossSources(plan);
  if (losing.length > 0 && input.allowDataLoss !== true) return refused('data-loss', { losing });
  if (saved !== undefined) await verifySavedPlan(saved.planfile, plan, replan);
  const invalidData = invalidDataSources(plan);
  if (invalidData.length > 0) return refused('invalid-data', { invalidData });
  // A saved plan applies the data items that were reviewed, or nothing.
  const dataChanged = saved === undefined ? [] : dataChangedSincePlan(saved.plan, plan);
  if (dataChanged.length > 0) throw dataChangedError(dataChanged);
  // Whatever the plan read can change while the question is open: the data files are then read again, and must hold what was confirmed.
  const asked = changes && saved === undefined && input.confirm !== undefined;
  if (asked && input.confirm !== undefined && !(await input.confirm(plan))) return refused('cancelled');
  if (interrupted()) return refused('interrupted');

  const client = opened.client;
  const waits = input.wait === false ? undefined : serviceWaits(host, environment, opened, project.config.http);
  const result = await applyPlan({
    plan,
    client,
    declarations: project.declarations,
    state: state ?? emptyState(randomUUID()),
    writeState: context.writeState,
    now: () => host.now(),
    toolVersion: TOOL_VERSION,
    parallelism: input.parallelism ?? 1,
    repushData: async (declaration, tally, snapshot) =>
      (await import('../keep/restore-items.js')).restoreItems({
        client: tallyingClient(client, tally, requestLog(host).log),
        declaration,
        snapshot,
        config: project.config.data,
        cwd: host.cwd,
        root: project.config.rootDir,
        ...(host.signal === undefined ? {} : { stop: host.signal }),
        workersFromBytes: workersFromBytes(host.variables),
      }),
    syncData: async (source, declaration, ledger, send, tally) =>
      (await import('../data/ledger/send-changes.js')).sendDataChanges({
        client: tallyingClient(client, tally, requestLog(host).log),
        declaration,
        ledger,
        send,
        planned: source.dataChanges?.digest,
        diff: asked ? undefined : diffs.get(source.id),
        config: project.config.data,
        cwd: host.cwd,
        root: project.config.rootDir,
        ...(host.signal === undefined ? {} : { stop: host.signal }),
        workersFromBytes: workersFromBytes(host.variables),
      }),
    ...keepHooks(host, { project, environment, counting, remote: remoteNow() }, prepared),
    allowDataLoss: input.allowDataLoss === true,
    ...(host.signal === undefined ? {} : { stop: host.signal }),
    verify: input.verify !== false,
    ...(waits === undefined ? {} : { waits }),
    ...(input.onEvent === undefined ? {} : { onEvent: input.onEvent }),
  });
  // The writes after each source went to the state journal; fold it into the state file once.
  await context.flush();
  return { plan, applied: true, ok: result.ok, outcomes: result.outcomes, pending: result.pending, result };
}

/**
 * A saved plan is applied as it was made: sources named beside it (`--source`) must be the
 * ones it plans, or they would be silently ignored (the file's other sources applied too).
 */
function refuseOtherTargets(saved: SavedPlanFile, targets: readonly string[]): void {
  const planned = saved.plan.sources.map((s) => s.id).sort();
  const named = [...new Set(targets)].sort();
  if (planned.length === named.length && planned.every((id, i) => id === named[i])) return;
  const list = (ids: readonly string[]): string => (ids.length === 0 ? 'no source' : ids.join(', '));
  throw new GraphformError(
    'GF_USAGE',
    `${saved.planfile} plans ${list(planned)}, not ${list(named)} as the sources named beside it say: a plan file is applied as it was saved, whole.`,
    { hint: 'Plan those sources alone (`graphform plan --source ID --out FILE`) and apply that file, or apply this one without naming sources.' },
  );
}
