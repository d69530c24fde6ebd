import { importSource, type ImportedSource } from '../../workflows/import.js';
import type { CommandContext } from '../context.js';
import { exitCodeAfter, noInterrupts } from '../interrupts.js';
import { workflowHostFor } from '../workflow-host.js';

export interface ImportOptions {
  all: boolean;
  /** `--out FILE`: where the one source's declaration goes instead of `<sources>/<id>.yaml`. */
  out: string | undefined;
}

/** `graphform import <id>` or `graphform import --all`: the import workflow, and a line per source it recorded. */
export async function importCommand(ctx: CommandContext, id: string | undefined, options: ImportOptions): Promise<number> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    const env = ctx.globals().env;
    const result = await importSource(
      {
        config: await ctx.loadConfig(),
        ...(env === undefined ? {} : { environment: env }),
        ...(id === undefined ? {} : { id }),
        all: options.all,
        ...(options.out === undefined ? {} : { out: options.out }),
        // Each line as its source is recorded: a failure later leaves the earlier ones said.
        onImported: (source, where) => ctx.out(importedLine(ctx, source, where.target, where.environment)),
      },
      workflowHostFor(ctx, trap.signal),
    );
    if (result.imported.length === 0 && trap.received() === undefined) {
      ctx.out(`The account has no sources outside graphform to import (environment ${result.environment.name}).`);
      return 0;
    }
    if (result.imported.length > 0) {
      ctx.out(
        result.imported.every((s) => s.file !== undefined)
          ? 'Commit the new declaration files; `graphform plan` shows no changes for these sources.'
          : 'Run `graphform plan` to see how the declarations you wrote differ from the service; those graphform wrote show no changes.',
      );
    }
    return exitCodeAfter(trap, 0);
  } finally {
    trap.release();
  }
}

function importedLine(ctx: CommandContext, source: ImportedSource, where: string, environment: string): string {
  const head = `${ctx.color().green('Imported')} source ${source.id} from ${where} into the state of environment ${environment}`;
  if (source.file !== undefined) return `${head}, and wrote its declaration to ${source.file}. Nothing was sent to the service.`;
  return `${head}. Nothing was sent to the service. Its declaration, ${source.declaredIn ?? ''}, is left as it is.`;
}
