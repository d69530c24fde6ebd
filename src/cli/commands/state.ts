import type { StateSubcommand } from '../actions/state.js';
import type { CommandRegistrar } from '../context.js';

export const registerState: CommandRegistrar = (program, run) => {
  const act = (sub: StateSubcommand, arg = '', options: { force?: boolean } = {}): Promise<void> =>
    run(async (ctx) => (await import('../actions/state.js')).runStateCommand(ctx, sub, arg, options));
  const state = program.command('state').description("inspect and repair an environment's state (what graphform last applied)");
  state
    .command('list')
    .description('list the sources recorded in state')
    .action(() => act('list'));
  state
    .command('show')
    .description('show the definition last applied to a source')
    .argument('<id>', 'source id')
    .action((id: string) => act('show', id));
  state
    .command('rm')
    .description('forget a source: graphform stops managing it; the source and its items stay in the service')
    .argument('<id>', 'source id')
    .action((id: string) => act('rm', id));
  state
    .command('unlock')
    .description('remove a stale state lock left by a run that is gone (a local lock whose holder still runs is refused)')
    .argument('<lockId>', 'the lock id, as shown in the "locked" error')
    .option('--force', 'remove the lock even though its holder still runs on this host')
    .action((lockId: string, options: { force?: boolean }) => act('unlock', lockId, options.force === true ? { force: true } : {}));
};
