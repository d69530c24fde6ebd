import type { PushSummary } from '../data/types.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import { SentTally } from '../graph/served.js';
import type { GraphClient } from '../graph/types.js';
import { ownValue } from '../model/own.js';
import { hashDefinition } from '../model/hash.js';
import type { SourceDeclaration } from '../model/types.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { stateEntry, withLedger, withoutSource, withPending, withSource } from '../state/state.js';
import type { PendingSnapshot, PendingWork, State } from '../state/types.js';
import { hasDataChanges } from '../plan/policy.js';
import { carriesItems } from '../plan/wire-renames.js';
import { checkedKeep, owedItemsError, storedKeep, type CheckedKeep, type KeptItems } from '../keep/keep-step.js';
import { appliedEntry, keepMarker, pendingIds, pendingOf, repushMarker } from './pending.js';
import { repushReason } from '../plan/repush-reason.js';
import { sendRequests } from './send-requests.js';
import type { ServiceWaits } from './service-waits.js';
import { repush } from './repush-step.js';
import { dataSyncStep, type DataSyncStepOptions } from './data-sync-step.js';
import type { ApplyEvent, ApplyResult, SourceOutcome } from './types.js';
import { createWriteVerifier, type WriteVerifierOptions } from './verify-write.js';

export type { KeptItems } from '../keep/keep-step.js';

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

/**
 * Carries out a plan through the graph client, in id order. State is written after each
 * source, so a failure leaves it true for what was done and a re-run continues with the
 * rest. After the first failure no new source is started.
 *
 * A request that wipes a source with `data:` files is preceded by a state write that marks
 * the re-push of those files as pending; the marker is cleared only once the re-push has
 * sent everything. Sources that still carry a marker from an earlier run are finished here.
 */
export async function applyPlan(options: ApplyOptions): Promise<ApplyResult> {
  const declarations = new Map(options.declarations.map((d) => [d.id, d]));
  const outcomes: SourceOutcome[] = [];
  const stopped = (): boolean => options.stop?.aborted === true;
  let state = options.state;
  let stateWrites = Promise.resolve();
  let failed = false;
  const verify = options.verify === false ? undefined : createWriteVerifier(verifierOptions(options));

  const record = (update: (current: State) => State): Promise<void> => {
    const write = stateWrites.then(async () => {
      const next = update(state);
      await options.writeState(next);
      state = next;
    });
    // A failed write fails its own source; later writes still queue behind it.
    stateWrites = write.catch(() => undefined);
    return write;
  };
  // A source's items are pushed again when it has data: files, or a snapshot of kept items is pending.
  const repushes = (declaration: SourceDeclaration | undefined): declaration is SourceDeclaration =>
    declaration !== undefined && options.repushData !== undefined && (declaration.data.length > 0 || pendingOf(state, declaration.id)?.keep !== undefined);
  // A source's data items follow its data: files when it has some, or graphform pushed items from them before.
  const syncs = (declaration: SourceDeclaration | undefined): declaration is SourceDeclaration =>
    declaration !== undefined &&
    options.syncData !== undefined &&
    (declaration.data.length > 0 || (ownValue(state.sources, declaration.id)?.data?.items ?? 0) > 0);

  /**
   * The keep step of a full update: the items read back and snapshotted before the PUT. A
   * snapshot still pending from a PUT that went through is pushed first by finishing that
   * apply; here a new one replaces a pending one only when the service still holds
   * everything (the plan wipes again because the earlier PUT never went out).
   */
  const keepStep = async (source: PlanSource, declaration: SourceDeclaration): Promise<CheckedKeep | undefined> => {
    if (options.keepItems === undefined || !carriesItems(source)) return undefined;
    const kept = await options.keepItems(source, declaration);
    if (kept === undefined) return undefined;
    const owed = pendingOf(state, source.id)?.keep;
    try {
      const checked = checkedKeep(source, kept, owed, options.allowDataLoss === true);
      if (checked === undefined || owed === undefined) return checked;
      // An earlier apply of these declarations stopped after reading the items: whether its PUT
      // went out is not known for sure, so what it read and this read misses is carried over too.
      if (owed.target === hashDefinition(declaration.definition)) {
        const merged = options.mergeSnapshots === undefined ? checked.snapshot : await options.mergeSnapshots(source.id, checked.snapshot, owed);
        return { ...checked, snapshot: merged };
      }
      if (checked.account.known && checked.account.deleted < owed.items) throw owedItemsError(source.id, owed);
      return checked;
    } catch (error) {
      // Refused before anything was sent: the snapshot is named nowhere, so it goes.
      if (kept.snapshot !== undefined) await options.removeSnapshot?.(kept.snapshot);
      throw error;
    }
  };
  const runOne = async (source: PlanSource): Promise<void> => {
    const started = Date.now();
    const declaration = declarations.get(source.id);
    const outcome: SourceOutcome = { id: source.id, action: source.action, status: 'applied', durationMs: 0 };
    const fail = (error: unknown): void => {
      failed = true;
      outcome.status = 'failed';
      outcome.error = error instanceof Error ? error.message : String(error);
      if (isGraphformError(error)) outcome.errorCode = error.code;
      options.onEvent?.({
        type: 'failed',
        id: source.id,
        action: source.action,
        error: outcome.error,
        ...(outcome.errorCode === undefined ? {} : { code: outcome.errorCode }),
      });
    };
    try {
      if (source.requests.length > 0) {
        options.onEvent?.({ type: 'start', id: source.id, action: source.action });
        const kept = declaration === undefined ? undefined : await storedKeep(options, source.id, await keepStep(source, declaration));
        let marker: PendingWork | undefined;
        if (kept !== undefined) {
          const replaced = pendingOf(state, source.id)?.keep;
          marker = keepMarker(source, options.now(), { ...kept.snapshot, target: hashDefinition(requireDeclaration(declaration, source.id).definition) });
          // Before the PUT, whatever state held: the snapshot just written is what the next apply finishes from.
          await record((current) =>
            current.sources[source.id] === undefined
              ? withSource(current, source.id, { ...stateEntry(kept.before, options.now().toISOString(), options.toolVersion), pending: marker as PendingWork })
              : withPending(current, source.id, marker),
          );
          await options.pruneSnapshots?.(source.id, kept.snapshot);
          if (replaced?.remote !== undefined && replaced.remote.name !== kept.snapshot.remote?.name) await options.removeStoredCopy?.(replaced);
          options.onEvent?.({ type: 'kept', id: source.id, items: kept.snapshot.items, snapshot: kept.snapshot.snapshot });
        } else {
          marker = repushes(declaration) && repushReason(source) !== undefined ? repushMarker(source, options.now()) : undefined;
          if (marker !== undefined && state.sources[source.id] !== undefined && pendingOf(state, source.id) === undefined) {
            await record((current) => withPending(current, source.id, marker));
          }
        }
        const sent = await sendRequests(options.client, source, verify, ownValue(state.sources, source.id)?.definition);
        const appliedAt = options.now().toISOString();
        if (sent.consistent) {
          await record((current) =>
            source.action === 'delete'
              ? withoutSource(current, source.id)
              : withSource(
                  current,
                  source.id,
                  appliedEntry(current, source.id, requireDeclaration(declaration, source.id).definition, appliedAt, options.toolVersion, marker),
                ),
          );
          options.onEvent?.({ type: 'applied', id: source.id, action: source.action, durationMs: Date.now() - started });
        } else {
          // State says what the service holds, so the next plan shows what remains. The pending
          // re-push stays: a PUT that was stored differently has still deleted the items.
          const held = sent.held;
          await record((current) =>
            held === undefined
              ? withoutSource(current, source.id)
              : withSource(current, source.id, appliedEntry(current, source.id, held, appliedAt, options.toolVersion, marker)),
          );
          fail(sent.error);
        }
      }
      if (repushes(declaration) && pendingOf(state, source.id) !== undefined && !stopped()) {
        if (source.requests.length === 0) options.onEvent?.({ type: 'resume', id: source.id, reason: pendingOf(state, source.id)?.repush.reason ?? '' });
        const snapshot = pendingOf(state, source.id)?.keep;
        await repush(options, declaration, outcome, snapshot);
        // Cleared only once the items are sent and, unless --no-wait, served: otherwise the next apply pushes them again.
        if (outcome.repush?.status === 'sent' && outcome.repushError === undefined) {
          await record((current) => withPending(current, source.id, undefined));
          if (snapshot !== undefined) await options.removeSnapshot?.(snapshot);
        }
      }
      // Last, once the schema is in place and nothing is pending: the items that changed in the data files.
      if (syncs(declaration) && source.action !== 'delete' && outcome.status === 'applied' && outcome.repushError === undefined && !stopped()) {
        const entry = ownValue(state.sources, source.id);
        if (entry !== undefined && entry.pending === undefined) {
          const synced = await dataSyncStep(options, source, declaration, entry.data, outcome.repush?.status === 'sent', outcome);
          if (synced !== undefined) await record((current) => withLedger(current, source.id, synced.ledger));
        }
      }
    } catch (error) {
      fail(error);
    }
    outcome.durationMs = Date.now() - started;
    outcomes.push(outcome);
  };

  for (const id of pendingAdoptions(options.plan, state, options.declarations)) {
    const declaration = requireDeclaration(declarations.get(id), id);
    // Not in state at all: an earlier create may have stopped before its items were pushed.
    const marker = repushes(declaration) && state.sources[id] === undefined ? repushMarker({ id, action: 'none' }, options.now()) : undefined;
    await record((current) =>
      withSource(current, id, appliedEntry(current, id, declaration.definition, options.now().toISOString(), options.toolVersion, marker)),
    );
    outcomes.push({ id, action: 'none', status: 'recorded', durationMs: 0 });
    options.onEvent?.({ type: 'recorded', id });
  }

  const queue = options.plan.sources
    .filter((s) => s.requests.length > 0 || hasDataChanges(s) || (pendingOf(state, s.id) !== undefined && repushes(declarations.get(s.id))))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!failed && !stopped() && next < queue.length) {
      const source = queue[next++] as PlanSource;
      await runOne(source);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallelism, queue.length)) }, worker));
  await stateWrites;

  for (const source of queue) {
    if (!outcomes.some((o) => o.id === source.id)) outcomes.push({ id: source.id, action: source.action, status: 'skipped', durationMs: 0 });
  }
  const merged = mergeOutcomes(outcomes);
  return { outcomes: merged, ok: !stopped() && merged.every(succeeded), stopped: stopped(), pending: pendingIds(state) };
}

/**
 * Sources the plan sends nothing for, yet whose state entry is missing or out of date: the
 * service already has the declaration (an earlier apply stopped between its request and
 * its state write). Apply records them without a request.
 */
export function pendingAdoptions(plan: Plan, state: State | undefined, declarations: readonly SourceDeclaration[]): string[] {
  const byId = new Map(declarations.map((d) => [d.id, d]));
  return plan.sources
    .filter((s) => s.action === 'none')
    .map((s) => s.id)
    .filter((id) => {
      const declaration = byId.get(id);
      return declaration !== undefined && state?.sources[id]?.hash !== hashDefinition(declaration.definition);
    });
}

/** One outcome per source: a recorded adoption whose re-push then ran reports both as one. */
function mergeOutcomes(outcomes: readonly SourceOutcome[]): SourceOutcome[] {
  const byId = new Map<string, SourceOutcome>();
  for (const outcome of outcomes) {
    const earlier = byId.get(outcome.id);
    byId.set(outcome.id, earlier === undefined ? outcome : { ...outcome, status: outcome.status === 'applied' ? earlier.status : outcome.status });
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

function succeeded(outcome: SourceOutcome): boolean {
  if (outcome.status !== 'applied' && outcome.status !== 'recorded') return false;
  if (outcome.repushError !== undefined || outcome.dataSync?.error !== undefined) return false;
  if (outcome.schemaWait?.outcome === 'stopped') return false;
  return outcome.repush === undefined || outcome.repush.status === 'sent';
}

function verifierOptions(options: ApplyOptions): WriteVerifierOptions {
  return {
    client: options.client,
    ...(options.verifySettleMs === undefined ? {} : { settleMs: options.verifySettleMs }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.stop === undefined ? {} : { stop: options.stop }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
  };
}

function requireDeclaration(declaration: SourceDeclaration | undefined, id: string): SourceDeclaration {
  if (declaration === undefined) {
    throw new GraphformError('GF_APPLY_NO_DECLARATION', `The plan changes source ${id}, but it is not declared any more.`, {
      hint: 'Run `graphform plan` again.',
    });
  }
  return declaration;
}
