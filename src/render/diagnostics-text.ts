import { PLAIN, type Painter } from './painter.js';
import { diagnosticPlace, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame } from './diagnostics-code-frame.js';
import { escapeControl } from './escape-control.js';

export interface DiagnosticsTextOptions {
  /** Colours, such as a chalk instance; default none (PLAIN). */
  color?: Painter;
  /** File → text, to show the offending line with a caret under it. */
  sources?: ReadonlyMap<string, string>;
}

/**
 * Diagnostics for a terminal: `file:line:col severity CODE: message`, the offending line
 * with a caret, and a summary line. Empty for no diagnostics, so callers choose what
 * success looks like.
 */
export function renderDiagnosticsText(diagnostics: readonly Diagnostic[], options: DiagnosticsTextOptions): string {
  if (diagnostics.length === 0) return '';
  const c = options.color ?? PLAIN;
  const blocks = diagnostics.map((diagnostic) => {
    const paint = diagnostic.severity === 'error' ? c.red : c.yellow;
    // File names and messages quote the user's text: control characters are shown escaped.
    const head =
      `${c.bold(escapeControl(diagnosticPlace(diagnostic)))} ` +
      `${paint.bold(diagnostic.severity)} ${c.dim(diagnostic.code)}: ${escapeControl(diagnostic.message)}`;
    const frame = codeFrame(options.sources?.get(diagnostic.file), diagnostic.line, diagnostic.column);
    if (frame === undefined) return head;
    const blank = ' '.repeat(frame.gutter.length);
    const sourceLine = `  ${c.dim(`${frame.gutter} |`)} ${frame.source}`.trimEnd();
    return [head, sourceLine, `  ${c.dim(`${blank} |`)} ${frame.caretPad}${paint(frame.caret)}`].join('\n');
  });
  return `${blocks.join('\n\n')}\n\n${summary(diagnostics, c)}\n`;
}

function summary(diagnostics: readonly Diagnostic[], c: Painter): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const files = new Set(diagnostics.map((d) => d.file)).size;
  const text = `${count(errors, 'error')}, ${count(warnings, 'warning')} in ${count(files, 'file')}`;
  return errors > 0 ? c.red.bold(text) : c.yellow.bold(text);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
