import type { CommandRegistrar } from '../context.js';

export const registerImport: CommandRegistrar = (program, run) => {
  program
    .command('import')
    .description('adopt sources that already exist in the service into state, without sending anything to them')
    .argument('[id]', 'the content source id')
    .option('--all', "adopt every source of the account that is neither declared nor in state (the CMS's own excepted)")
    .action((id: string | undefined, flags: { all?: boolean }) => run(async (ctx) => (await import('../actions/import.js')).importCommand(ctx, id, flags.all === true)));
};
