import type { CheckOperationsFlags } from '../actions/check-operations.js';
import type { CommandRegistrar } from '../context.js';

export const registerCheckOperations: CommandRegistrar = (program, run) => {
  program
    .command('check-operations')
    .description("check the frontends' GraphQL operations (operations.documents) against the schema of today's declarations, offline (exit 0 valid, 1 broken)")
    // Variadic: a shell expands an unquoted glob into many files, and each is a pattern of its own.
    .option(
      '--documents <pattern...>',
      'check these files instead of operations.documents (one or more, or repeated; relative to the config, inside the project)',
    )
    .action((flags: CheckOperationsFlags) => run(async (ctx) => (await import('../actions/check-operations.js')).checkOperations(ctx, flags)));
};
