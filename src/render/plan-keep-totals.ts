import type { Plan, PlanSource } from '../plan/types.js';
import { unservedCount } from '../keep/unserved-values.js';
import { items, num } from './keep-account.js';

/** True when some source of the plan carries a keep account: only then do the renderers word loss by it. */
export function planHasKeep(plan: Plan): boolean {
  return plan.sources.some((s) => s.keep !== undefined);
}

/**
 * The sources whose keep step meets values that do not convert where nothing may be sent
 * (`onError: fail`, or no `convert:`): apply refuses the plan whatever its flags, so the
 * banners must not offer --allow-data-loss as the way through.
 */
export function blockedSourceIds(plan: Plan): string[] {
  return plan.sources.filter((s) => s.keep?.known === true && s.keep.blocked).map((s) => s.id);
}

/** What to do about a blocked conversion, said the same way by every renderer. */
export const BLOCKED_REMEDY = 'fix those values, or declare convert: {Type.Property: {onError: drop-value | drop-item}}';

/** A full update whose every item comes back: it deletes nothing for good. */
export function keepsEveryItem(source: PlanSource): boolean {
  return source.action === 'full' && !source.dataLoss && source.keep?.known === true && source.keep.lost === 0;
}

/** `~ shop is emptied and refilled: …`, the calm note of a full update that keeps every item. */
export function refillNote(source: PlanSource): string {
  const keep = source.keep?.known === true ? source.keep : undefined;
  const count = keep?.deleted ?? 0;
  const split = keep === undefined || keep.fromData === 0 ? '' : ` (${num(keep.kept)} carried over, ${num(keep.fromData)} from data files)`;
  const comes = `${items(count)} come${count === 1 ? 's' : ''} back${split}`;
  return `${source.id} is emptied and refilled: ${comes} (GraphQL serves fewer items until the count matches)`;
}

/**
 * What the plan loses, counted over the sources that lose items (keep accounts where there
 * are, delete counts elsewhere), and what the keeping sources keep. `lost` is a lower bound
 * when `uncounted` > 0.
 */
export function lossTotals(plan: Plan): {
  lost: number;
  values: number;
  uncounted: number;
  kept: number;
  refilled: number;
  renamed: number;
  losing: number;
  accessUnknown: number;
} {
  let lost = 0;
  let values = 0;
  let accessUnknown = 0;
  let uncounted = 0;
  let kept = 0;
  let refilled = 0;
  let renamed = 0;
  let losing = 0;
  for (const source of plan.sources) {
    const keep = source.keep;
    if (keep?.known === true && keep.rename === true && !source.dataLoss) renamed += keep.deleted;
    else if (keep?.known === true && (source.action === 'full' || source.dataLoss)) {
      kept += keep.deleted - keep.lost;
      refilled += keep.deleted;
    }
    if (!source.dataLoss) continue;
    losing += 1;
    if (keep?.known === true) {
      lost += keep.lost;
      values += unservedCount(keep);
      accessUnknown += keep.access.fromDefault;
    } else if (keep === undefined && source.deletes?.known === true) lost += source.deletes.total;
    else uncounted += 1;
  }
  return { lost, values, uncounted, kept, refilled, renamed, losing, accessUnknown };
}

/** The sentence the summary line adds on a plan with keep accounts: what is lost first. */
export function lossSentence(plan: Plan): string {
  const t = lossTotals(plan);
  if (t.losing === 0) {
    const parts = [
      ...(t.refilled > 0 || t.renamed === 0 ? [`${num(t.refilled)} emptied and refilled`] : []),
      ...(t.renamed > 0 ? [`${num(t.renamed)} pushed again under new field names`] : []),
    ];
    return `Keeps every item: ${parts.join(', ')}.`;
  }
  const keeps = t.kept > 0 ? ` (keeps ${num(t.kept)})` : '';
  const values = t.values === 0 ? '' : `the values of ${items(t.values)} (a property the service does not serve)`;
  if (t.uncounted === 0 && values !== '') return `Loses ${t.lost === 0 ? values : `${items(t.lost)} and ${values}`}${keeps}.`;
  if (t.lost === 0 && t.uncounted === 0 && t.accessUnknown > 0) return `Loses who may read ${items(t.accessUnknown)}: keep.defaults._rbac replaces it${keeps}.`;
  if (t.uncounted === 0) return `Loses ${items(t.lost)}${keeps}.`;
  if (t.uncounted === t.losing) return `Loses items; how many could not be counted${keeps}.`;
  return `Loses at least ${items(t.lost)}${keeps}; not every source could be counted.`;
}
