import type { CommandRegistrar } from '../context.js';

export const registerValidate: CommandRegistrar = (program, run) => {
  program
    .command('validate')
    .description('check the declarations: shape, names, types, inheritance, collisions, limits (exit 0 valid, 1 invalid)')
    .action(() => run(async (ctx) => (await import('../actions/validate.js')).validate(ctx)));
};
