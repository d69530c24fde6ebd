import type { PlanCommandFlags } from '../actions/plan.js';
import type { CommandRegistrar } from '../context.js';
import { addPlanFlags } from '../plan-options.js';

export const registerPlan: CommandRegistrar = (program, run) => {
  const command = program
    .command('plan')
    .description('show what apply would send for each source: partial update, full update (deletes data), create, delete')
    .option('--out <file>', 'save the plan, to apply exactly it later with `graphform apply FILE`')
    .option('--detailed-exitcode', 'exit 0 no changes, 2 changes without data loss, 3 changes with data loss, 1 error')
    .option(
      '--base-plan <file>',
      'a plan of the base branch (plan --out): sources it plans the same way are left out of what is shown and of the exit code (not of --out)',
    );
  addPlanFlags(command).action((flags: PlanCommandFlags) => run(async (ctx) => (await import('../actions/plan.js')).plan(ctx, flags)));
};
