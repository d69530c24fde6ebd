import type { CommandRegistrar } from '../context.js';

export const registerImport: CommandRegistrar = (program, run) => {
  program
    .command('import')
    .description('adopt sources that already exist in the service: write their declarations and record them in state, sending nothing to them')
    .argument('[id]', 'the content source id')
    .option('--all', "adopt every source of the account that is neither declared nor in state (the CMS's own excepted)")
    .option('--out <file>', 'write the declaration to FILE instead of <sources>/<id>.yaml (never over an existing file)')
    .action((id: string | undefined, flags: { all?: boolean; out?: string }) =>
      run(async (ctx) => (await import('../actions/import.js')).importCommand(ctx, id, { all: flags.all === true, out: flags.out })),
    );
};
