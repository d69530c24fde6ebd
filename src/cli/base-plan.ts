import type { Plan } from '../plan/types.js';
import { againstBasePlan } from '../render/against-base-plan.js';
import { readPlanFile } from '../workflows/internal/saved-plan.js';
import type { CommandContext } from './context.js';
import { workflowHostFor } from './workflow-host.js';

/** `plan --base-plan FILE`: the base branch's plan, read before planning so a file that cannot be used stops the command first. */
export async function readBasePlan(ctx: CommandContext, file: string): Promise<Plan> {
  return (await readPlanFile(workflowHostFor(ctx), file)).plan;
}

/**
 * What `plan --base-plan` shows and decides its exit code by: the plan without the sources
 * the base plan plans the same way, and the line naming them (undefined when none). Plans
 * that cannot be compared (another environment, state changed between them) are shown whole,
 * with a warning: showing too much is safe, hiding a change is not.
 */
export function againstBase(ctx: CommandContext, plan: Plan, base: Plan | undefined): { shown: Plan; note?: string } {
  if (base === undefined) return { shown: plan };
  const view = againstBasePlan(plan, base);
  if (view.mismatch !== undefined) ctx.err(`${ctx.color().yellow('warning')} --base-plan: ${view.mismatch}; showing the whole plan.`);
  return view.note === undefined ? { shown: view.shown } : { shown: view.shown, note: view.note };
}

/** The rendered plan with the note under it; for JSON the note goes to standard error, keeping standard output one JSON document. */
export function withNote(ctx: CommandContext, rendered: string, note: string | undefined): string {
  if (note === undefined) return rendered;
  if (ctx.globals().format === 'json') {
    ctx.err(note);
    return rendered;
  }
  return `${rendered.replace(/\n+$/, '')}\n\n${note}\n`;
}
