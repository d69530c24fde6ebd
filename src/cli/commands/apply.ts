import type { ApplyFlags } from '../actions/apply.js';
import type { CommandRegistrar } from '../context.js';
import { addPlanFlags } from '../plan-options.js';

export const registerApply: CommandRegistrar = (program, run) => {
  const command = program
    .command('apply')
    .description('carry out the plan (or a saved plan file) source by source, writing state after each')
    .argument('[planfile]', 'a plan saved with `graphform plan --out FILE`: applied exactly, without asking')
    .option('--allow-data-loss', 'allow full updates and deleting sources, which delete items; without it such a plan sends nothing and exits 3')
    .option('-y, --yes', 'do not ask for confirmation (pipelines)')
    .option('--parallelism <n>', 'sources applied at once', '1')
    .option('--lock-timeout <ms>', 'wait this long for the state lock before failing')
    .option(
      '--no-verify',
      'do not read each write back to check the service stored what was sent (risk: a write stored differently goes unnoticed until the next plan)',
    )
    .option(
      '--no-wait',
      'push data files right after a create or full update, without waiting for GraphQL to serve the new schema, ' +
        'and do not count what it serves after (risk: items pushed too early may never be indexed, unnoticed)',
    );
  addPlanFlags(command).action((planfile: string | undefined, flags: ApplyFlags) =>
    run(async (ctx) => (await import('../actions/apply.js')).apply(ctx, planfile, flags)),
  );
};
