import { renderDiagnosticsGithub } from '../render/diagnostics-github.js';
import { renderDiagnosticsText } from '../render/diagnostics-text.js';
import type { InvalidDeclarationsError } from '../workflows/invalid-declarations.js';
import type { CommandContext } from './context.js';

/**
 * The problems that made a workflow refuse the declarations, before the error itself: on
 * stderr with code frames, and as annotations on stdout in GitHub Actions (not in JSON mode,
 * where stdout holds one document).
 */
export function printDiagnostics(ctx: CommandContext, error: InvalidDeclarationsError): void {
  if (ctx.io.env.GITHUB_ACTIONS === 'true' && ctx.globals().format !== 'json') ctx.out(renderDiagnosticsGithub(error.diagnostics));
  ctx.err(renderDiagnosticsText(error.diagnostics, { color: ctx.colorErr(), sources: new Map(error.sources) }));
}
