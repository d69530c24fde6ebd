import { renderDiagnosticsGithub } from '../../render/diagnostics-github.js';
import { renderDiagnosticsJson } from '../../render/diagnostics-json.js';
import { renderDiagnosticsText } from '../../render/diagnostics-text.js';
import { validate as validateWorkflow } from '../../workflows/validate.js';
import type { CommandContext } from '../context.js';
import { workflowHostFor } from '../workflow-host.js';

export async function validate(ctx: CommandContext): Promise<number> {
  const { config, env } = ctx.globals();
  const { ok, diagnostics, declarations, sources } = await validateWorkflow(
    { ...(config === undefined ? {} : { configFile: config }), ...(env === undefined ? {} : { environment: env }) },
    workflowHostFor(ctx),
  );
  if (ctx.globals().format === 'json') {
    ctx.out(renderDiagnosticsJson(diagnostics));
    return ok ? 0 : 1;
  }
  if (ctx.io.env.GITHUB_ACTIONS === 'true' && diagnostics.length > 0) ctx.out(renderDiagnosticsGithub(diagnostics));
  const c = ctx.color();
  if (diagnostics.length > 0) ctx.out(renderDiagnosticsText(diagnostics, { color: c, sources }));
  if (ok) {
    const ids = declarations.map((d) => d.id).join(', ');
    ctx.out(`${c.green('✓')} ${declarations.length} content source${declarations.length === 1 ? '' : 's'} valid${ids ? ` (${ids})` : ''}.`);
  }
  return ok ? 0 : 1;
}
