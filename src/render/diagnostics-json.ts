import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';

/** The machine-readable form: `{"ok", "diagnostics": [{code, severity, message, file, line, column, path}]}`. */
export function renderDiagnosticsJson(diagnostics: readonly Diagnostic[]): string {
  const body = {
    ok: !hasErrors(diagnostics),
    diagnostics: diagnostics.map(({ code, severity, message, file, line, column, path }) => ({ code, severity, message, file, line, column, path })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
