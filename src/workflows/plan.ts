import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import { breakingGraphqlChanges, type SourceGraphqlChange } from '../graphql-impact/policy.js';
import type { Plan, PlanSource, PlanStrategy } from '../plan/types.js';
import type { State } from '../state/types.js';
import { withDataChecks, invalidDataSources } from './internal/check-declared-data.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { environmentView, type EnvironmentView } from './environment-view.js';
import type { LoadedProject } from './internal/load-project.js';
import { openEnvironment, type OpenedEnvironment } from './internal/open-environment.js';
import { loadValidProject, makePlan, refreshAll, type Refreshed } from './internal/planning.js';
import { stateBackendFor } from './internal/state-backend.js';
import { resolveSelection } from './internal/select.js';
import { withKeepAccounts } from '../keep/keep-accounts.js';
import { expectOperations, startOperationsFor, withOperations } from './internal/operations-report.js';
import type { StartedOperations } from './internal/operations-start.js';
import { refreshOnlyPlan } from '../plan/refresh-only.js';
import { withPruneOrigin } from '../plan/prune-reasons.js';
import { GraphformError } from '../diagnostics/errors.js';
import { blockedKeepSources } from '../keep/keep-blocked.js';
import { countingSourceFor, withDeleteCounts } from '../keep/wipe-counts.js';
import { stopIfInterrupted } from './internal/plan-interrupted.js';

/** What to plan: the CLI's `plan` flags as plain values. */
export interface PlanWorkflowInput extends ProjectSelection {
  /** Delete sources in state that are no longer declared (`--prune`). */
  prune?: boolean;
  /** `full` sends PUT wherever a change would go as a partial update (`--strategy`). */
  strategy?: PlanStrategy;
  /** Plan only these sources (`--source`); absent or empty: every source. */
  targets?: readonly string[];
  /** false: do not read the service (`--no-refresh`); the environment's `refresh: false` turns it off too. */
  refresh?: boolean;
  /**
   * `--refresh-only`: a plan that sends nothing and lists what changed in the service outside
   * graphform since the last apply; apply with it records the service's definitions in state.
   */
  refreshOnly?: boolean;
}

export interface PlanResult {
  plan: Plan;
  /** Breaking GraphQL changes, when the config's failOnBreaking refuses them (apply would send nothing). */
  breaking: SourceGraphqlChange[];
  /** Sources whose data files apply would push and refuse: the plan is not worth saving. */
  invalidData: PlanSource[];
  /** Sources whose items the keep step cannot carry over because values do not convert (`onError: fail`, or no `convert:`): apply would refuse. */
  blocked: PlanSource[];
  config: ResolvedConfig;
  /** The environment planned against, without its credentials. */
  environment: EnvironmentView;
}

/**
 * graphform's plan: reads the state and the declarations, refreshes each source from the
 * service and reads the account (collisions stop it), builds the plan, counts what each
 * data-losing change deletes, and checks the data files apply would push. Sends nothing.
 * Throws InvalidDeclarationsError for invalid declarations, GraphformError for the rest.
 */
export async function plan(input: PlanWorkflowInput, host: WorkflowHost): Promise<PlanResult> {
  const { config, environment } = await resolveSelection(input, host);
  const state = await stateBackendFor(host, environment).read();
  stopIfInterrupted(host.signal);
  const project = await loadValidProject(host, config, state);
  stopIfInterrupted(host.signal);
  // Begun now, the frontends' operations are read and taken apart on a worker while the plan reads the service.
  const started = startOperationsFor(host, project, input.refreshOnly === true);
  try {
    // Open while planning: the refresh reads the service, and the count of what a wipe deletes asks it after buildPlan.
    const opened = environment.refresh && input.refresh !== false ? await openEnvironment(host, config, environment) : undefined;
    try {
      const made = await planWith(host, { project, state, environment, opened, input, started });
      return {
        plan: made,
        breaking: config.failOnBreaking ? breakingGraphqlChanges(made) : [],
        invalidData: invalidDataSources(made),
        blocked: blockedKeepSources(made),
        config,
        environment: environmentView(environment),
      };
    } finally {
      await opened?.close();
    }
  } finally {
    await started?.close();
  }
}

/**
 * The plan for a loaded project and state against an opened environment (undefined: no
 * refresh), with what a wipe deletes counted and the data files checked. The stop signal
 * ends it between requests and steps with GF_PLAN_INTERRUPTED.
 */
export async function planWith(
  host: WorkflowHost,
  context: {
    project: LoadedProject;
    state: State | undefined;
    environment: EnvironmentConfig;
    opened: OpenedEnvironment | undefined;
    input: PlanWorkflowInput;
    started?: StartedOperations | undefined;
  },
  seen?: (refreshed: Refreshed) => void,
): Promise<Plan> {
  const { project, state, environment, opened, input } = context;
  const options = planOptions(input, environment);
  const refreshed: Refreshed =
    opened === undefined ? { remote: {}, account: undefined } : await refreshAll(host, opened.client, project, state, options.targets, host.signal);
  seen?.(refreshed);
  const made = withPruneOrigin(await makePlan(host, { project, state, remote: refreshed.remote, account: refreshed.account?.sources, options }), environment);
  if (input.refreshOnly === true) return refreshOnlyPlan(requireRefresh(made, opened, environment));
  const operationsContext = {
    state,
    declarations: project.declarations,
    remote: refreshed.remote,
    config: project.config,
    environment,
    outside: refreshed.account?.definitions ?? [],
    started: context.started,
  };
  // The frontends' operations are checked on their worker from here, while counting and the data checks run.
  expectOperations(made, operationsContext);
  const counting = countingSourceFor(environment, opened);
  // The keep step's read-back stops paging on the signal: what it returns then is no account.
  const kept = await withKeepAccounts(host, made, { counting, remote: refreshed.remote, project, environment });
  stopIfInterrupted(host.signal);
  const counted = await withDeleteCounts(host, kept, { counting, remote: refreshed.remote, state, http: project.config.http });
  stopIfInterrupted(host.signal);
  // The data files apply would push are checked as apply checks them, so the review sees what apply would refuse.
  const checked = await withDataChecks(host, counted, project, state);
  stopIfInterrupted(host.signal);
  // The frontends' operations against the schema the apply leaves: loaded only when the config names them.
  const operated = await withOperations(host, checked, operationsContext);
  stopIfInterrupted(host.signal);
  return operated;
}

/** A refresh-only plan is made from what the service holds: without reading it there is nothing to record. */
function requireRefresh(plan: Plan, opened: OpenedEnvironment | undefined, environment: EnvironmentConfig): Plan {
  if (opened !== undefined) return plan;
  throw new GraphformError(
    'GF_USAGE',
    '--refresh-only reads what the service holds, ' +
      `and refresh is off${environment.refresh ? ' (--no-refresh)' : ` for environment ${environment.name} (refresh: false)`}.`,
    {
      hint: 'Leave out `refresh: false` (or set refresh: true for the environment).',
    },
  );
}

/** The plan options of an input, for the environment: its `prune: true` prunes as `--prune` does. */
export function planOptions(
  input: PlanWorkflowInput,
  environment: Pick<EnvironmentConfig, 'name' | 'prune'>,
): { environment: string; prune: boolean; strategy: PlanStrategy; targets: readonly string[] | undefined } {
  return {
    environment: environment.name,
    prune: input.prune === true || environment.prune,
    strategy: input.strategy ?? 'auto',
    targets: input.targets !== undefined && input.targets.length > 0 ? input.targets : undefined,
  };
}
