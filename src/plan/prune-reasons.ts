import { PRUNE_BY_FLAG } from './reasons.js';
import type { Plan } from './types.js';

/**
 * The plan with each delete's first reason naming the environment's `prune: true` as what
 * asked for it, when the config sets it: a reviewer of a pipeline's plan (which passes no
 * `--prune`) then sees why a source that left the declarations is deleted. Pure.
 */
export function withPruneOrigin(plan: Plan, environment: { name: string; prune: boolean }): Plan {
  if (!environment.prune || !plan.sources.some((s) => s.action === 'delete')) return plan;
  const asked = `environment ${environment.name} has \`prune: true\` in the config`;
  return {
    ...plan,
    sources: plan.sources.map((source) => {
      const [first, ...rest] = source.reasons;
      if (source.action !== 'delete' || first === undefined || !first.includes(PRUNE_BY_FLAG)) return source;
      return { ...source, reasons: [first.replace(PRUNE_BY_FLAG, asked), ...rest] };
    }),
  };
}
