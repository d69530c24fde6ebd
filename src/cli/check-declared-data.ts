import { resolveDataFiles } from '../data/files/declared-files.js';
import { validateDataFiles } from '../data/push/push-data.js';
import { renderValidation } from '../data/report/render-data-report.js';
import type { Plan } from '../plan/types.js';
import type { CommandContext } from './context.js';
import type { LoadedProject } from './load-project.js';

/**
 * Before a create or full update of a source with `data:` files, checks those files: apply
 * pushes them once the schema is sent, and a full update has already deleted the old items
 * by then, so invalid data must stop the apply before anything is sent. True when all valid.
 */
export async function declaredDataIsValid(ctx: CommandContext, plan: Plan, project: LoadedProject): Promise<boolean> {
  const c = ctx.colorErr();
  let valid = true;
  for (const source of plan.sources.filter((s) => s.action === 'create' || s.action === 'full')) {
    const declaration = project.declarations.find((d) => d.id === source.id);
    if (declaration === undefined || declaration.data.length === 0) continue;
    const { files, projectRoot } = await resolveDataFiles(declaration, { cwd: ctx.io.cwd, root: project.config.rootDir });
    const summary = await validateDataFiles({ declaration, files, config: project.config.data, maxErrors: 20, cwd: ctx.io.cwd, projectRoot });
    if (summary.errors === 0) continue;
    valid = false;
    ctx.err(c.red.bold(`The data files of source ${source.id} are not valid; apply would push them after its ${source.action === 'full' ? 'full update' : 'creation'}.`));
    for (const line of renderValidation(summary, c)) ctx.err(line);
  }
  return valid;
}
