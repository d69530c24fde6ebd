import { serializePlan } from '../plan/plan-file.js';
import type { Plan } from '../plan/types.js';

/** The contract JSON (docs/plan-and-apply.md "The plan JSON"), 2-space indented: the same text as a plan file. */
export function renderPlanJson(plan: Plan): string {
  return serializePlan(plan);
}
