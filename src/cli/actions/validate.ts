import { hasErrors } from '../../diagnostics/diagnostic.js';
import { renderDiagnosticsGithub } from '../../render/diagnostics-github.js';
import { renderDiagnosticsJson } from '../../render/diagnostics-json.js';
import { renderDiagnosticsText } from '../../render/diagnostics-text.js';
import type { CommandContext } from '../context.js';
import { loadProject } from '../../workflows/load-project.js';
import { readStateSourcesLeniently } from '../../workflows/state-sources.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';


export async function validate(ctx: CommandContext): Promise<number> {
  const stateSources = await readStateSourcesLeniently(workflowEnvironmentFor(ctx), () => ctx.environment());
  const project = await loadProject(workflowEnvironmentFor(ctx), await ctx.loadConfig(), { stateSources });
  const { diagnostics, declarations } = project;
  const ok = !hasErrors(diagnostics);
  if (ctx.globals().format === 'json') {
    ctx.out(renderDiagnosticsJson(diagnostics));
    return ok ? 0 : 1;
  }
  if (ctx.io.env.GITHUB_ACTIONS === 'true' && diagnostics.length > 0) ctx.out(renderDiagnosticsGithub(diagnostics));
  const c = ctx.color();
  if (diagnostics.length > 0) ctx.out(renderDiagnosticsText(diagnostics, { color: c, sources: project.sources }));
  if (ok) {
    const ids = declarations.map((d) => d.id).join(', ');
    ctx.out(`${c.green('✓')} ${declarations.length} content source${declarations.length === 1 ? '' : 's'} valid${ids ? ` (${ids})` : ''}.`);
  }
  return ok ? 0 : 1;
}
