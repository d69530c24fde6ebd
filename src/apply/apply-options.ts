import type { PushSummary } from '../data/types.js';
import type { SentTally } from '../graph/served.js';
import type { GraphClient } from '../graph/types.js';
import type { KeptItems } from '../keep/keep-step.js';
import type { SourceDeclaration } from '../model/types.js';
import type { Plan, PlanSource } from '../plan/types.js';
import type { PendingSnapshot, State } from '../state/types.js';
import type { DataSyncStepOptions } from './data-sync-step.js';
import type { ServiceWaits } from './service-waits.js';
import type { ApplyEvent } from './types.js';

/** What applyPlan is given: the plan, the client, the state and the effects of each step. */
export interface ApplyOptions {
  plan: Plan;
  client: GraphClient;
  declarations: readonly SourceDeclaration[];
  /** The current state (a fresh empty one when none existed). */
  state: State;
  /** Persists a new state; called after every successful request. */
  writeState(state: State): Promise<void>;
  now(): Date;
  toolVersion: string;
  /** Sources applied at once; state writes stay one at a time. */
  parallelism: number;
  /**
   * Re-pushes a source's declared `data:` files after a create or full update, and the
   * snapshot of the items the keep step carried over (`snapshot`, as state names it) before
   * them; each acknowledged batch is counted into `tally`.
   */
  repushData?(declaration: SourceDeclaration, tally: SentTally, snapshot?: PendingSnapshot): Promise<PushSummary | undefined>;
  /**
   * The keep step of a full update that deletes a source's items: reads them back,
   * transforms and validates them and writes a snapshot, sending nothing. Absent: nothing
   * is kept (only `data:` files come back).
   */
  keepItems?(source: PlanSource, declaration: SourceDeclaration): Promise<KeptItems | undefined>;
  /** Brings a source's items to what its `data:` files declare (DataSyncStepOptions); absent: data files are pushed only whole, after a wipe. */
  syncData?: NonNullable<DataSyncStepOptions['syncData']>;
  /** Removes a snapshot once its items are served (or it is replaced by a newer one). */
  removeSnapshot?(snapshot: PendingSnapshot): Promise<void>;
  /** Copies a new snapshot where another runner finds it (beside remote state) before state names it: the snapshot as state is to name it. */
  storeSnapshot?(id: string, snapshot: PendingSnapshot): Promise<PendingSnapshot>;
  /** Removes only the copy beside the state of a snapshot that a newer one replaced in state. */
  removeStoredCopy?(snapshot: PendingSnapshot): Promise<void>;
  /** Removes every other snapshot of the source (left by a run killed before state named it): `current` is the one state names now. */
  pruneSnapshots?(id: string, current: PendingSnapshot): Promise<void>;
  /** The new snapshot completed by the pending one of an interrupted apply of the same declarations (its items the new read misses). */
  mergeSnapshots?(id: string, fresh: PendingSnapshot, owed: PendingSnapshot): Promise<PendingSnapshot>;
  /** Items may be lost: without it, a keep step that finds items it cannot carry over stops the source before its PUT. */
  allowDataLoss?: boolean;
  /** Waits for GraphQL around each re-push (absent: `--no-wait`, the re-push is trusted once the service accepted it). */
  waits?: ServiceWaits;
  /** Aborted by an interrupt: no new source or re-push starts; the work in flight ends and is recorded. */
  stop?: AbortSignal;
  onEvent?(event: ApplyEvent): void;
  /**
   * Read every types or sources write back and compare it with what was sent (default
   * true); false is `--no-verify`. A difference fails the source with GF_APPLY_INCONSISTENT
   * and state records what the service holds.
   */
  verify?: boolean;
  /** How long, in all, a read back that still shows the definition from before the write is waited for; default 30 s. */
  verifySettleMs?: number;
  /** Waits between reads back; injected so tests do not sleep. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}
