import type { CodegenFlags } from '../actions/codegen.js';
import type { CommandRegistrar } from '../context.js';

export const registerCodegen: CommandRegistrar = (program, run) => {
  program
    .command('codegen')
    .description('generate TypeScript types, a GraphQL SDL preview and JSON Schemas of each source for the code that reads its content')
    .option('--out <dir>', 'output folder inside the project (default: codegen.out in the config, or generated/graphform)')
    .option(
      '--source <id>',
      'generate only for this source (repeatable; default: codegen.sources in the config, or every source)',
      (id: string, previous: string[] | undefined) => [...(previous ?? []), id],
    )
    .option('--check', 'write nothing; exit 1 listing generated files that are missing or stale (for CI)')
    .action((flags: CodegenFlags) => run(async (ctx) => (await import('../actions/codegen.js')).codegen(ctx, flags)));
};
