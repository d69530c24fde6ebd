import type { Plan, PlanSource, PlanSummary } from './types.js';

/** The six counters and the data-loss flag of the plan's summary. */
export function summarize(sources: readonly PlanSource[]): PlanSummary {
  const summary: PlanSummary = { create: 0, partial: 0, full: 0, delete: 0, orphan: 0, none: 0, pending: 0, dataLoss: false };
  let items: { add: number; change: number; delete: number } | undefined;
  for (const source of sources) {
    summary[source.action] += 1;
    if (source.pending !== undefined) summary.pending += 1;
    if (source.dataLoss) summary.dataLoss = true;
    const data = source.dataChanges;
    if (data !== undefined) {
      items ??= { add: 0, change: 0, delete: 0 };
      items.add += data.add;
      items.change += data.change;
      items.delete += data.delete;
    }
  }
  return items === undefined ? summary : { ...summary, items };
}

/** A source worth showing though it sends nothing: its data files changed, or hold problems that stop the plan. */
export function saysSomething(source: Pick<PlanSource, 'action' | 'reasons' | 'dataChanges' | 'data'>): boolean {
  return source.action !== 'none' || source.reasons.length > 0 || hasDataChanges(source) || (source.data?.errors ?? 0) > 0;
}

/**
 * A source whose `data:` files differ from what graphform last pushed: apply sends the
 * difference. A damaged ledger is a change too, even with no item to send: apply writes it anew
 * (or drops it), else every plan would warn of it.
 */
export function hasDataChanges(source: Pick<PlanSource, 'dataChanges'>): boolean {
  const data = source.dataChanges;
  return data !== undefined && (data.add + data.change + data.delete > 0 || data.ledgerDamaged !== undefined);
}

/** Sources whose request deletes items. */
export function dataLossSources(plan: Plan): PlanSource[] {
  return plan.sources.filter((s) => s.dataLoss);
}

/** True when applying the plan sends at least one request (an orphan sends none), or items of the data files changed. */
export function hasChanges(plan: Plan): boolean {
  return plan.sources.some((s) => s.requests.length > 0 || hasDataChanges(s));
}

/** True when state records work an interrupted apply left undone (a re-push), which apply finishes. */
export function hasPendingWork(plan: Plan): boolean {
  return plan.sources.some((s) => s.pending !== undefined);
}

/**
 * `plan --detailed-exitcode`: 0 nothing to send, 2 changes (or pending work) without data
 * loss, 3 changes with data loss (docs/plan-and-apply.md "Exit codes").
 */
export function detailedExitCode(plan: Plan): 0 | 2 | 3 {
  if (plan.summary.dataLoss) return 3;
  // A refresh-only plan changes state, not the service: what changed outside graphform is its change.
  if (plan.refreshOnly === true) return plan.sources.some((s) => (s.outside?.length ?? 0) > 0) ? 2 : 0;
  return hasChanges(plan) || hasPendingWork(plan) ? 2 : 0;
}

/** The plan with only the sources that send a request or say something (Plan → Plan). */
export function withoutQuietSources(plan: Plan): Plan {
  return { ...plan, sources: plan.sources.filter(saysSomething) };
}

/** A full update (PUT) of a source the service holds: the request that deletes every item, which the keep step reads back first. */
export function wipesItems(source: Pick<PlanSource, 'action' | 'requests'>): boolean {
  return source.action === 'full' && source.requests.some((request) => request.kind === 'types.put');
}
