import type { Plan, PlanSource } from './types.js';

/** How many items applying a plan loses in one source: undefined when the plan could not count them. */
export interface SourceLoss {
  id: string;
  items: number | undefined;
}

/**
 * The items a source's change loses: what the keep step cannot carry over when it counted
 * them, else every item the request deletes when the service counted those; undefined when
 * neither was counted. 0 for a source that loses nothing.
 */
export function itemsLostBy(source: PlanSource): number | undefined {
  if (!source.dataLoss) return 0;
  if (source.keep?.known === true) return source.keep.lost;
  return source.deletes?.known === true ? source.deletes.total : undefined;
}

/** The sources of a plan that lose items, each with how many: what `apply` refuses without allowDataLoss. Pure. */
export function itemsLost(plan: Plan): SourceLoss[] {
  return plan.sources.filter((s) => s.dataLoss).map((s) => ({ id: s.id, items: itemsLostBy(s) }));
}
