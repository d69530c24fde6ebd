import { describeChange } from '../diff/describe-change.js';
import { canonicalJson } from '../model/canonical.js';
import { changeValueDifferences } from './change-value-differences.js';
import { PARTIAL_SAFE_KINDS } from './action-rules.js';
import type { Plan, PlanOptions, PlanSource } from './types.js';

/**
 * How a saved plan differs from a plan made now, source by source, in words. Apply uses it
 * to refuse a plan file that no longer says what would happen (the declarations or the
 * service changed, or the file was edited) and to say exactly what changed.
 */
export function planDifferences(saved: Plan, now: Plan, context: { declarationsChanged: boolean } = { declarationsChanged: false }): string[] {
  const before = new Map(saved.sources.map((s) => [s.id, s]));
  const after = new Map(now.sources.map((s) => [s.id, s]));
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  return ids.flatMap((id) => sourceDifference(id, before.get(id), after.get(id), context.declarationsChanged));
}

function sourceDifference(id: string, saved: PlanSource | undefined, now: PlanSource | undefined, declarationsChanged: boolean): string[] {
  if (saved === undefined || now === undefined) {
    const present = (saved ?? now) as PlanSource;
    if (present.action === 'none') return [];
    return saved === undefined
      ? [`source ${id}: not in the plan file; a plan made now would ${describe(present)}`]
      : [`source ${id}: the plan file would ${describe(saved)}; a plan made now leaves it out`];
  }
  // A full update's dataLoss follows its keep account, which the keep step counts again at apply (and refuses items lost that were not allowed).
  const kept = saved.action === 'full' && (saved.keep !== undefined || now.keep !== undefined);
  if (saved.action !== now.action || (saved.dataLoss !== now.dataLoss && !kept)) {
    return [`source ${id}: the plan file would ${describe(saved)}; a plan made now would ${describe(now)}`];
  }
  const changes = (s: PlanSource): string => s.changes.map(describeChange).join(', ');
  if (changes(saved) !== changes(now)) {
    return [`source ${id}: the plan file has ${changes(saved) || 'no changes'}; a plan made now has ${changes(now) || 'no changes'}`];
  }
  const values = changeValueDifferences(saved.changes, now.changes);
  if (values.length > 0) return values.map((difference) => `source ${id}: ${difference}`);
  if (canonicalJson(saved.requests) !== canonicalJson(now.requests)) {
    // Requests follow from the declarations and the changes alone: with both the same, only an edit explains different ones.
    const why = declarationsChanged ? '' : ' (was the file edited?)';
    return [`source ${id}: the plan file's requests differ from the ones a plan made now would send${why}`];
  }
  return [];
}

function describe(source: PlanSource): string {
  const what = DOES[source.action];
  const changes = source.changes.map(describeChange).join(', ');
  return changes === '' || source.action === 'none' ? what : `${what} for ${changes}`;
}

const DOES: Readonly<Record<PlanSource['action'], string>> = {
  none: 'send nothing',
  orphan: 'leave it alone (orphan)',
  create: 'create it (PUT)',
  partial: 'update it in place (POST)',
  full: 'replace its schema (PUT), deleting its items,',
  delete: 'delete the source with its items (DELETE sources)',
};

/**
 * The options a saved plan was made with, as far as they matter: each shows in the plan
 * exactly where it changed an action. --source: the sources it holds; --prune: a delete;
 * --strategy full: a full update whose changes a partial update could have made.
 */
export function inferPlanOptions(plan: Plan): PlanOptions {
  const forcedFull = plan.sources.some((s) => s.action === 'full' && s.changes.length > 0 && s.changes.every((c) => PARTIAL_SAFE_KINDS.has(c.kind)));
  return {
    prune: plan.sources.some((s) => s.action === 'delete'),
    strategy: forcedFull ? 'full' : 'auto',
    targets: plan.sources.map((s) => s.id),
  };
}
