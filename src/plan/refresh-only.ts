import { summarize } from './policy.js';
import type { Plan } from './types.js';

/**
 * A refresh-only plan (`plan --refresh-only`, Terraform's `-refresh-only`): nothing is sent;
 * each source keeps only what changed in the service outside graphform since the last apply,
 * which `apply --refresh-only` records in state. Pure: made from the ordinary plan.
 */
export function refreshOnlyPlan(plan: Plan): Plan {
  const sources = plan.sources.map((source) => {
    const { keep: _keep, deletes: _deletes, data: _data, graphqlChanges: _graphql, moves: _moves, ...rest } = source;
    const changed = (source.outside?.length ?? 0) > 0;
    return {
      ...rest,
      action: 'none' as const,
      dataLoss: false,
      changes: [],
      requests: [],
      reasons: changed
        ? [`the service's definition of source ${source.id} differs from state; apply --refresh-only records it in state and sends nothing`]
        : [],
    };
  });
  return { ...plan, sources, summary: summarize(sources), refreshOnly: true };
}

/** Sources a refresh-only plan records in state: those that changed outside graphform. */
export function refreshedSources(plan: Plan): string[] {
  return plan.sources.filter((s) => (s.outside?.length ?? 0) > 0).map((s) => s.id);
}
