import { isGraphformError } from '../diagnostics/errors.js';
import { keepStep, type CheckedKeep } from '../keep/keep-step.js';
import { hashDefinition } from '../model/hash.js';
import { ownValue } from '../model/own.js';
import type { SourceDeclaration } from '../model/types.js';
import { repushReason } from '../plan/repush-reason.js';
import type { PlanSource } from '../plan/types.js';
import { stateEntry, withLedger, withoutSource, withPending, withSource } from '../state/state.js';
import type { PendingWork } from '../state/types.js';
import { repushes, requireDeclaration, syncs, type ApplyRun } from './apply-run.js';
import { dataSyncStep } from './data-sync-step.js';
import { appliedEntry, keepMarker, pendingOf, repushMarker } from './pending.js';
import { repush } from './repush-step.js';
import { sendRequests, type Sent } from './send-requests.js';
import type { SourceOutcome } from './types.js';

/**
 * One source of the plan: its requests (after the keep step and the pending marker they
 * need), then the re-push a marker asks for, then the data items that changed. What
 * happened goes into the outcome; a failure ends the source, not the apply.
 */
export async function applySource(run: ApplyRun, source: PlanSource): Promise<SourceOutcome> {
  const started = Date.now();
  const declaration = run.declarations.get(source.id);
  const outcome: SourceOutcome = { id: source.id, action: source.action, status: 'applied', durationMs: 0 };
  try {
    if (source.requests.length > 0) {
      run.options.onEvent?.({ type: 'start', id: source.id, action: source.action });
      const marker = await markPending(run, source, declaration);
      const sent = await sendRequests(run.options.client, source, run.verify, ownValue(run.state().sources, source.id)?.definition);
      await recordSent(run, source, declaration, sent, marker);
      if (sent.consistent) run.options.onEvent?.({ type: 'applied', id: source.id, action: source.action, durationMs: Date.now() - started });
      else failSource(run, outcome, sent.error);
    }
    if (repushes(run, declaration) && pendingOf(run.state(), source.id) !== undefined && !run.stopped()) {
      await repushPending(run, source, declaration, outcome);
    }
    // Last, once the schema is in place and nothing is pending: the items that changed in the data files.
    if (syncs(run, declaration) && source.action !== 'delete' && outcome.status === 'applied' && outcome.repushError === undefined && !run.stopped()) {
      await syncDataItems(run, source, declaration, outcome);
    }
  } catch (error) {
    failSource(run, outcome, error);
  }
  outcome.durationMs = Date.now() - started;
  return outcome;
}

/**
 * Before the requests, what the next apply must finish if this one stops after them: the
 * snapshot of the items the keep step carried over, or a marker that the `data:` files must
 * be pushed again. Returns the marker, which the state written after the requests carries.
 */
async function markPending(run: ApplyRun, source: PlanSource, declaration: SourceDeclaration | undefined): Promise<PendingWork | undefined> {
  if (declaration !== undefined) {
    const kept = await keepStep(run.options, source, declaration, pendingOf(run.state(), source.id)?.keep);
    if (kept !== undefined) return recordKept(run, source, declaration, kept);
  }
  const marker = repushes(run, declaration) && repushReason(source) !== undefined ? repushMarker(source, run.options.now()) : undefined;
  const state = run.state();
  if (marker !== undefined && state.sources[source.id] !== undefined && pendingOf(state, source.id) === undefined) {
    await run.record((current) => withPending(current, source.id, marker));
  }
  return marker;
}

/** Names the new snapshot in state, whatever state held: it is what the next apply finishes from. */
async function recordKept(run: ApplyRun, source: PlanSource, declaration: SourceDeclaration, kept: CheckedKeep): Promise<PendingWork> {
  const { options } = run;
  const replaced = pendingOf(run.state(), source.id)?.keep;
  const marker = keepMarker(source, options.now(), { ...kept.snapshot, target: hashDefinition(declaration.definition) });
  await run.record((current) =>
    current.sources[source.id] === undefined
      ? withSource(current, source.id, { ...stateEntry(kept.before, options.now().toISOString(), options.toolVersion), pending: marker })
      : withPending(current, source.id, marker),
  );
  await options.pruneSnapshots?.(source.id, kept.snapshot);
  if (replaced?.remote !== undefined && replaced.remote.name !== kept.snapshot.remote?.name) await options.removeStoredCopy?.(replaced);
  options.onEvent?.({ type: 'kept', id: source.id, items: kept.snapshot.items, snapshot: kept.snapshot.snapshot });
  return marker;
}

/**
 * Records what the service holds after the requests: the declaration (none after a delete)
 * or, when a write read back differently, what it held then, so the next plan shows what
 * remains. The pending marker stays either way: a PUT stored differently has still deleted
 * the items.
 */
async function recordSent(
  run: ApplyRun,
  source: PlanSource,
  declaration: SourceDeclaration | undefined,
  sent: Sent,
  marker: PendingWork | undefined,
): Promise<void> {
  const appliedAt = run.options.now().toISOString();
  const held = sent.consistent ? (source.action === 'delete' ? undefined : requireDeclaration(declaration, source.id).definition) : sent.held;
  await run.record((current) =>
    held === undefined
      ? withoutSource(current, source.id)
      : withSource(current, source.id, appliedEntry(current, source.id, held, appliedAt, run.options.toolVersion, marker)),
  );
}

/** Pushes the items again that pending work in state owes; the marker is cleared only once they are sent and, unless `--no-wait`, served. */
async function repushPending(run: ApplyRun, source: PlanSource, declaration: SourceDeclaration, outcome: SourceOutcome): Promise<void> {
  const pending = pendingOf(run.state(), source.id);
  if (source.requests.length === 0) run.options.onEvent?.({ type: 'resume', id: source.id, reason: pending?.repush.reason ?? '' });
  const snapshot = pending?.keep;
  await repush(run.options, declaration, outcome, snapshot);
  // Otherwise the next apply pushes them again.
  if (outcome.repush?.status === 'sent' && outcome.repushError === undefined) {
    await run.record((current) => withPending(current, source.id, undefined));
    if (snapshot !== undefined) await run.options.removeSnapshot?.(snapshot);
  }
}

/** Sends what changed in the data files, when nothing is pending, and records the new ledger. */
async function syncDataItems(run: ApplyRun, source: PlanSource, declaration: SourceDeclaration, outcome: SourceOutcome): Promise<void> {
  const entry = ownValue(run.state().sources, source.id);
  if (entry === undefined || entry.pending !== undefined) return;
  const synced = await dataSyncStep(run.options, source, declaration, entry.data, outcome.repush?.status === 'sent' ? 'deletes' : 'all', outcome);
  if (synced !== undefined) await run.record((current) => withLedger(current, source.id, synced.ledger));
}

function failSource(run: ApplyRun, outcome: SourceOutcome, error: unknown): void {
  run.fail();
  outcome.status = 'failed';
  outcome.error = error instanceof Error ? error.message : String(error);
  if (isGraphformError(error)) outcome.errorCode = error.code;
  run.options.onEvent?.({
    type: 'failed',
    id: outcome.id,
    action: outcome.action,
    error: outcome.error,
    ...(outcome.errorCode === undefined ? {} : { code: outcome.errorCode }),
  });
}
