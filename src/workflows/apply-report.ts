import type { ApplyResult } from '../apply/types.js';
import type { SourceGraphqlChange } from '../graphql-impact/policy.js';
import type { OperationsFailure } from '../operations/policy.js';
import type { Plan, PlanSource } from '../plan/types.js';

/** Why apply sent nothing. */
export type ApplyRefusal =
  /** The plan loses items and allowDataLoss was not given: `losing` names the sources. */
  | 'data-loss'
  /** The data files apply would push are not valid: `invalidData` names the sources. */
  | 'invalid-data'
  /** confirm answered no. */
  | 'cancelled'
  /** The stop signal fired before anything was sent. */
  | 'interrupted'
  /** The config's failOnBreaking refuses the breaking GraphQL changes in `breaking`. */
  | 'graphql-breaking'
  /** A frontend operation is broken (or affected) under the config's `operations.failOn`. */
  | 'operations-failing'
  /** Values the keep step must carry over do not convert (`onError: fail`, or no `convert:`): `blocked` names the sources. */
  | 'conversion-failed';

export interface ApplyReport {
  plan: Plan;
  /** Whether requests were sent (false: nothing to do, or refused). */
  applied: boolean;
  refused?: ApplyRefusal;
  /** True when nothing was needed or every source was applied (and re-pushed). */
  ok: boolean;
  outcomes: ApplyResult['outcomes'];
  /** Sources whose state still records a pending re-push when apply ended. */
  pending?: string[];
  /** What applyPlan reported, when requests were sent (stopped: an interrupt ended it early). */
  result?: ApplyResult;
  /** For refused: 'graphql-breaking'. */
  breaking?: SourceGraphqlChange[];
  /** For refused: 'operations-failing': the frontend operations `operations.failOn` refuses. */
  failing?: OperationsFailure;
  /** For refused: 'data-loss'. */
  losing?: PlanSource[];
  /** For refused: 'invalid-data'. */
  invalidData?: PlanSource[];
  /** For refused: 'conversion-failed'. */
  blocked?: PlanSource[];
}
