import { serializePlan } from '../plan/plan-file.js';
import type { Plan } from '../plan/types.js';

/** The contract JSON (DESIGN.md section 6), 2-space indented: the same text as a plan file. */
export function renderPlanJson(plan: Plan): string {
  return serializePlan(plan);
}
