import type { CommandRegistrar } from '../context.js';

export const registerImport: CommandRegistrar = (program, run) => {
  program
    .command('import')
    .description('adopt a source that already exists in the service into state, without sending anything to it')
    .argument('<id>', 'the content source id')
    .action((id: string) => run(async (ctx) => (await import('../actions/import.js')).importSource(ctx, id)));
};
