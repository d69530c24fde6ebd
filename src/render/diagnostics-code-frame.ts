import { escapeControl } from './escape-control.js';

export interface CodeFrame {
  /** The line number as shown in the gutter. */
  gutter: string;
  source: string;
  /** Whitespace that puts the caret under the column. */
  caretPad: string;
  caret: string;
}

/**
 * The source line of a diagnostic with a caret under the offending token; undefined when
 * unknown. Control characters in the line are shown escaped (see escape-control), and the
 * caret is measured on the escaped text so it still points at the token.
 */
export function codeFrame(text: string | undefined, line: number, column: number): CodeFrame | undefined {
  if (text === undefined) return undefined;
  const raw = text.split(/\r?\n/)[line - 1];
  if (raw === undefined) return undefined;
  const start = Math.min(Math.max(column - 1, 0), raw.length);
  const before = escapeControl(raw.slice(0, start));
  const token = escapeControl(raw.slice(start, start + tokenLength(raw, start)));
  // Keep tabs in the padding so the caret lines up however the terminal renders them.
  const caretPad = before.replace(/[^\t]/g, ' ');
  return { gutter: String(line), source: escapeControl(raw), caretPad, caret: '^'.repeat(Math.max(token.length, 1)) };
}

/** Length of the YAML token at `start`: a quoted string, or plain text up to a separator. */
function tokenLength(source: string, start: number): number {
  const first = source[start];
  if (first === '"' || first === "'") {
    const close = source.indexOf(first, start + 1);
    return close === -1 ? source.length - start : close - start + 1;
  }
  let end = start;
  while (end < source.length) {
    const char = source[end] as string;
    const next = source[end + 1];
    if (/\s/.test(char) || char === ',' || char === '}' || char === '#') break;
    if (char === ']' && end > start && !source.slice(start, end).includes('[')) break;
    if (char === ':' && (next === undefined || /\s/.test(next))) break;
    end += 1;
  }
  return Math.max(end - start, 1);
}
