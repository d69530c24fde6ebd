import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import { escapeControl } from './escape-control.js';

/**
 * GitHub Actions workflow commands, one per diagnostic, so problems show as annotations
 * on the pull request's files: `::error file=…,line=…,col=…,title=CODE::message`.
 */
export function renderDiagnosticsGithub(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      // Line 0 is no place (an option such as --documents, a JavaScript config): GitHub is given
      // none rather than one invented, and the message says what gave it.
      if (d.line <= 0) {
        const said = d.message.startsWith(d.file) ? d.message : `${d.file}: ${d.message}`;
        return `::${command(d.severity)} title=${escapeProperty(d.code)}::${escapeData(said)}\n`;
      }
      const properties = [`file=${escapeProperty(d.file)}`, `line=${d.line}`, `col=${d.column}`, `title=${escapeProperty(d.code)}`].join(',');
      return `::${command(d.severity)} ${properties}::${escapeData(d.message)}\n`;
    })
    .join('');
}

function command(severity: Severity): string {
  switch (severity) {
    case 'error':
      return 'error';
    case 'warning':
      return 'warning';
    default: {
      const unknown: never = severity;
      return unknown;
    }
  }
}

/** Escaping of a command's message, as @actions/core does it; other control characters are shown escaped. */
export function escapeData(text: string): string {
  return escapeControl(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escaping of a command's property values: the message escapes plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
