import { GraphformError } from '../diagnostics/errors.js';
import type { State } from '../state/types.js';
import type { Plan } from './types.js';

export type PlanFreshness = { fresh: true } | { fresh: false; reasons: string[] };

/**
 * Whether a saved plan still describes what apply would do: the state is the one it was
 * made against (same lineage, same serial) and the declarations hash the same. Each
 * difference is said in words, so `apply FILE` can show what changed since.
 */
export function checkPlanFreshness(plan: Plan, current: { state: State | undefined; desiredHash: string; environment?: string }): PlanFreshness {
  const reasons: string[] = [];
  if (current.environment !== undefined && current.environment !== plan.environment) {
    reasons.push(`the plan is for environment ${plan.environment}, not ${current.environment}`);
  }
  const planned = plan.state;
  const now = current.state;
  if (planned === null && now !== undefined) {
    reasons.push(`state was created since the plan was made (lineage ${now.lineage}, serial ${now.serial})`);
  } else if (planned !== null && now === undefined) {
    // A deleted state, or a config now pointing at another (empty) store: which, graphform cannot tell.
    reasons.push(
      `there is no state now, but the plan was made against state lineage ${planned.lineage}, serial ${planned.serial} (was the state deleted, or does the config name another state?)`,
    );
  } else if (planned !== null && now !== undefined) {
    if (planned.lineage !== now.lineage) {
      reasons.push(`state lineage differs: the plan was made against ${planned.lineage}, the state is now ${now.lineage} (another state file or server?)`);
    } else if (planned.serial !== now.serial) {
      reasons.push(`state serial moved from ${planned.serial} to ${now.serial}: something was applied since the plan was made`);
    }
  }
  if (plan.desiredHash !== current.desiredHash) {
    reasons.push('the declarations changed since the plan was made');
  }
  return reasons.length === 0 ? { fresh: true } : { fresh: false, reasons };
}

/**
 * GF_PLAN_STALE for a plan made for another environment than the one apply selected: said
 * before apply takes the lock or reads anything, since the other environment's state and
 * service have nothing to say about this plan.
 */
export function otherEnvironmentError(fileName: string, planned: string, selected: string): GraphformError {
  return new GraphformError(
    'GF_PLAN_STALE',
    `The plan in ${fileName} was made for environment ${planned}, but apply selected environment ${selected}. Nothing was read or sent.`,
    {
      details: { file: fileName, planEnvironment: planned, environment: selected },
      hint: `Apply it with environment ${planned} selected (\`environment: '${planned}'\`), or make a plan for ${selected} with \`graphform plan --out FILE\` and apply that.`,
    },
  );
}

/** GF_PLAN_STALE, for `apply FILE` when checkPlanFreshness says no. */
export function stalePlanError(fileName: string, reasons: readonly string[]): GraphformError {
  return new GraphformError('GF_PLAN_STALE', `The plan in ${fileName} is stale: ${reasons.join('; ')}.`, {
    details: { file: fileName, reasons: [...reasons] },
    hint: 'Nothing was sent. Run `graphform plan --out FILE` again, review it, then apply the new plan.',
  });
}
