import type { DeleteCount, Plan, PlanSource } from '../plan/types.js';

/** "44 items" / "1 item". */
function items(n: number): string {
  return `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;
}

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

/**
 * What apply's confirmation adds when the plan deletes items: one line per data-losing
 * source ("  shop: deletes 44 items (en 40, sv 4)"), under a heading with the known total.
 */
export function deleteCountLines(plan: Plan): string[] {
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
