import { renderDataDiagnostic } from '../data/report/render-data-report.js';
import type { PlanSource } from '../plan/types.js';
import { renderDiagnosticsGithub } from '../render/diagnostics-github.js';
import { PUSH_WHEN } from '../render/plan-data-check.js';
import type { CommandContext } from './context.js';

/**
 * On stderr, each source whose data files are not valid, with the problems at their
 * file:line when the plan printed was JSON (a text or markdown plan lists them under the
 * source already), and as GitHub annotations in Actions, next to a text plan. apply refuses such
 * a plan before sending anything: a full update has deleted the old items before the push.
 */
export function reportInvalidData(ctx: CommandContext, invalid: readonly PlanSource[]): void {
  const c = ctx.colorErr();
  for (const source of invalid) {
    const data = source.data;
    if (data === undefined) continue;
    if (ctx.io.env.GITHUB_ACTIONS === 'true' && ctx.globals().format === 'text') ctx.out(renderDiagnosticsGithub(data.diagnostics).trimEnd());
    ctx.err(c.red.bold(`The data files of source ${source.id} are not valid; apply would push them ${PUSH_WHEN[data.push]}, and refuses to.`));
    // A text or markdown plan printed just above lists them under the source: each problem is shown once.
    if (ctx.globals().format === 'json') for (const d of data.diagnostics) ctx.err(renderDataDiagnostic(d, c));
    const shown = data.diagnostics.filter((d) => d.severity === 'error').length;
    if (shown < data.errors) ctx.err(c.red(`…and ${data.errors - shown} more errors (\`graphform data validate ${source.id}\` lists them).`));
  }
}
