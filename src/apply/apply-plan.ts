import { hashDefinition } from '../model/hash.js';
import type { SourceDeclaration } from '../model/types.js';
import { hasDataChanges } from '../plan/policy.js';
import type { Plan, PlanSource } from '../plan/types.js';
import { withSource } from '../state/state.js';
import type { State } from '../state/types.js';
import type { ApplyOptions } from './apply-options.js';
import { repushes, requireDeclaration, startRun, type ApplyRun } from './apply-run.js';
import { applySource } from './apply-source.js';
import { appliedEntry, pendingIds, pendingOf, repushMarker } from './pending.js';
import type { ApplyResult, SourceOutcome } from './types.js';

export type { ApplyOptions } from './apply-options.js';

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
  const run = startRun(options);
  const outcomes = await recordAdoptions(run);
  const queue = options.plan.sources
    .filter((s) => s.requests.length > 0 || hasDataChanges(s) || (pendingOf(run.state(), s.id) !== undefined && repushes(run, run.declarations.get(s.id))))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const waiting = [...queue];
  const nextSource = (): PlanSource | undefined => (run.failed() || run.stopped() ? undefined : waiting.shift());
  const worker = async (): Promise<void> => {
    for (let source = nextSource(); source !== undefined; source = nextSource()) outcomes.push(await applySource(run, source));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallelism, queue.length)) }, worker));
  await run.settled();

  for (const source of queue) {
    if (!outcomes.some((o) => o.id === source.id)) outcomes.push({ id: source.id, action: source.action, status: 'skipped', durationMs: 0 });
  }
  const merged = mergeOutcomes(outcomes);
  return { outcomes: merged, ok: !run.stopped() && merged.every(succeeded), stopped: run.stopped(), pending: pendingIds(run.state()) };
}

/** Records the sources the service already has as declared (pendingAdoptions), before any source runs. */
async function recordAdoptions(run: ApplyRun): Promise<SourceOutcome[]> {
  const { options } = run;
  const outcomes: SourceOutcome[] = [];
  for (const id of pendingAdoptions(options.plan, run.state(), options.declarations)) {
    const declaration = requireDeclaration(run.declarations.get(id), id);
    // Not in state at all: an earlier create may have stopped before its items were pushed.
    const marker = repushes(run, declaration) && run.state().sources[id] === undefined ? repushMarker({ id, action: 'none' }, options.now()) : undefined;
    await run.record((current) =>
      withSource(current, id, appliedEntry(current, id, declaration.definition, options.now().toISOString(), options.toolVersion, marker)),
    );
    outcomes.push({ id, action: 'none', status: 'recorded', durationMs: 0 });
    options.onEvent?.({ type: 'recorded', id });
  }
  return outcomes;
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
