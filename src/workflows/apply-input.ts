import type { ApplyEvent } from '../apply/types.js';
import type { EnvironmentConfig } from '../config/types.js';
import type { Plan } from '../plan/types.js';
import type { State } from '../state/types.js';
import type { LoadedProject } from './internal/load-project.js';
import type { OpenedEnvironment } from './internal/open-environment.js';
import type { SavedPlanFile } from './internal/saved-plan.js';
import type { PlanWorkflowInput } from './plan.js';
import type { StartedOperations } from './internal/operations-start.js';

/** What to apply: a plan made now from the inputs (as `graphform apply`), a saved plan file, or a plan object. */
export interface ApplyInput extends PlanWorkflowInput {
  /** A plan saved with `graphform plan --out FILE` (relative to the environment's folder): applied exactly, or refused as stale. */
  planFile?: string;
  /** A plan object made earlier (by the plan workflow): applied exactly, or refused as stale, like a plan file. */
  plan?: Plan;
  /** Items may be lost (`--allow-data-loss`); without it a plan that loses items sends nothing. */
  allowDataLoss?: boolean;
  /** Sources applied at once (default 1). */
  parallelism?: number;
  /** How long to wait for the state lock (default: the environment's). */
  lockTimeoutMs?: number;
  /** false: writes are not read back (`--no-verify`). */
  verify?: boolean;
  /**
   * false (`--no-wait`): the re-push after a create or full update neither waits for GraphQL
   * to serve the new schema nor counts what it serves after; items pushed too early may go
   * unindexed unnoticed.
   */
  wait?: boolean;
  /** Told the plan once it is made (or read) and checked, before anything is decided or sent: the command line prints it here. */
  onPlan?(plan: Plan): void;
  /**
   * Asked before anything is sent, for a plan made now that changes something (never for a
   * plan file or object, which was reviewed). Absent: calling apply is the approval.
   */
  confirm?(plan: Plan): Promise<boolean>;
  /** Each source started, applied, failed, re-pushed, as it happens. */
  onEvent?(event: ApplyEvent): void;
}

/** What apply holds while it holds the state lock. */
export interface Locked {
  project: LoadedProject;
  state: State | undefined;
  environment: EnvironmentConfig;
  opened: OpenedEnvironment;
  saved: SavedPlanFile | undefined;
  /** The operations check begun with the project's load, when the config names frontend documents. */
  started: StartedOperations | undefined;
  writeState(state: State): Promise<void>;
  /** Folds the state journal into the state file. */
  flush(): Promise<void>;
}
