import type { DeleteCount, Plan, PlanSource } from '../plan/types.js';
import { items, keepOutcome } from './keep-account.js';
import { keepsEveryItem, lossTotals, planHasKeep, refillNote } from './plan-keep-totals.js';

/**
 * "deletes 44 items (en 40, sv 4)", "deletes no items now" (a wipe of an empty source: the
 * loss is in what a later push would have to restore, not in a count of zeros), or
 * "count unknown (why)": what a data-losing source's `deletes` says.
 */
export function deleteCountText(count: DeleteCount): string {
  if (!count.known) return `count unknown (${count.reason})`;
  if (count.total === 0) return 'deletes no items now';
  const languages = Object.entries(count.byLanguage).map(([language, n]) => `${language} ${n.toLocaleString('en-US')}`);
  return `deletes ${items(count.total)}${languages.length === 0 ? '' : ` (${languages.join(', ')})`}`;
}

/** The banner line's tail for a source: `; deletes 44 items (en 40, sv 4)`, or '' when it was not counted at all. */
export function deleteCountSuffix(source: PlanSource): string {
  return source.deletes === undefined ? '' : `; ${deleteCountText(source.deletes)}`;
}

/** A data-losing source in the banners: its first reason and what it deletes. */
export function lossLine(source: PlanSource): string {
  return `${source.reasons[0] ?? 'deletes items'}${deleteCountSuffix(source)}`;
}

/**
 * What a data-losing source with a keep account loses, for the banners under lossLine:
 * "loses 3 of 1,005 items (keeps 1,002)"; undefined without a keep account.
 */
export function keepLossLine(source: PlanSource): string | undefined {
  return source.keep === undefined ? undefined : keepOutcome(source.keep);
}

/**
 * What apply's confirmation adds when the plan deletes items: one line per data-losing
 * source ("  shop: deletes 44 items (en 40, sv 4)"), under a heading with the known total.
 * A plan with keep accounts says what it loses instead, then which sources are emptied and
 * refilled with every item (keepCountLines).
 */
export function deleteCountLines(plan: Plan): string[] {
  if (planHasKeep(plan)) return keepCountLines(plan);
  const losing = plan.sources.filter((s) => s.dataLoss && s.deletes !== undefined);
  if (losing.length === 0) return [];
  const known = losing.flatMap((s) => (s.deletes?.known === true ? [s.deletes.total] : []));
  const total = known.reduce((a, b) => a + b, 0);
  const heading =
    known.length === losing.length
      ? `This deletes ${items(total)}:`
      : known.length === 0
        ? 'This deletes items; how many could not be counted:'
        : `This deletes at least ${items(total)}; not every source could be counted:`;
  return [heading, ...losing.map((s) => `  ${s.id}: ${deleteCountText(s.deletes as DeleteCount)}`)];
}

/**
 * apply's confirmation for a plan with keep accounts: "This loses 3 items:" and a line per
 * data-losing source, then "This empties and refills, carrying every item over:" and a
 * line per full update that keeps every item.
 */
export function keepCountLines(plan: Plan): string[] {
  const losing = plan.sources.filter((s) => s.dataLoss && (s.keep !== undefined || s.deletes !== undefined));
  const out: string[] = [];
  if (losing.length > 0) {
    const t = lossTotals(plan);
    const heading =
      t.uncounted === 0
        ? `This loses ${items(t.lost)}:`
        : t.uncounted === t.losing
          ? 'This loses items; how many could not be counted:'
          : `This loses at least ${items(t.lost)}; not every source could be counted:`;
    const line = (s: PlanSource): string => {
      if (s.keep === undefined) return deleteCountText(s.deletes as DeleteCount);
      return `${keepOutcome(s.keep)}${s.keep.known ? '' : deleteCountSuffix(s)}`;
    };
    out.push(heading, ...losing.map((s) => `  ${s.id}: ${line(s)}`));
  }
  const refilled = plan.sources.filter(keepsEveryItem);
  if (refilled.length > 0) out.push('This empties and refills, carrying every item over:', ...refilled.map((s) => `  ${refillNote(s)}`));
  return out;
}

/**
 * What `data purge` says it deletes, before it asks and in its summary: "44 items (en 40,
 * sv 4)", "no items (the source holds none in en now)", or "an unknown number of items
 * (why)". The count is read from the service just before the purge.
 */
export function purgeCountText(count: DeleteCount, languages: readonly string[]): string {
  if (!count.known) return `an unknown number of items (${count.reason})`;
  if (count.total === 0) return `no items (the source holds none in ${languages.join(', ')} now)`;
  const perLanguage = Object.entries(count.byLanguage).map(([language, n]) => `${language} ${n.toLocaleString('en-US')}`);
  return `${items(count.total)} (${perLanguage.join(', ')})`;
}
