import { escapeControl } from './escape-control.js';

export interface CodeFrame {
  /** The line number as shown in the gutter. */
  gutter: string;
  source: string;
  /** Whitespace that puts the caret under the column. */
  caretPad: string;
  caret: string;
}

/** The most characters of a source line a frame shows; a longer line is cut around the column. */
const FRAME_CHARS = 100;
/** How much of the line before the column a cut frame keeps. */
const FRAME_LEAD = 40;

/**
 * The source line of a diagnostic with a caret under the offending token; undefined when
 * unknown. Control characters in the line are shown escaped (see escape-control), and the
 * caret is measured on the escaped text so it still points at the token. A long line (a
 * minified file, a huge value) is shown as a window of at most 100 characters around the
 * column, with "…" where it was cut: a frame never prints a whole file.
 */
export function codeFrame(text: string | undefined, line: number, column: number): CodeFrame | undefined {
  if (text === undefined) return undefined;
  const raw = text.split(/\r?\n/)[line - 1];
  if (raw === undefined) return undefined;
  const start = Math.min(Math.max(column - 1, 0), raw.length);
  const { from, to } = frameWindow(raw, start);
  const lead = from > 0 ? '…' : '';
  const before = lead + escapeControl(raw.slice(from, start));
  const token = escapeControl(raw.slice(start, Math.min(start + tokenLength(raw.slice(0, to), start), to)));
  const source = `${before}${escapeControl(raw.slice(start, to))}${to < raw.length ? '…' : ''}`;
  // Keep tabs in the padding so the caret lines up however the terminal renders them.
  const caretPad = before.replace(/[^\t]/g, ' ');
  return { gutter: String(line), source, caretPad, caret: '^'.repeat(Math.max(token.length, 1)) };
}

/** The part of the line shown: all of it when short, else FRAME_CHARS around `start`, never cutting a surrogate pair. */
function frameWindow(raw: string, start: number): { from: number; to: number } {
  if (raw.length <= FRAME_CHARS) return { from: 0, to: raw.length };
  let from = Math.max(0, Math.min(start - FRAME_LEAD, raw.length - FRAME_CHARS));
  let to = Math.min(raw.length, from + FRAME_CHARS);
  if (from > 0 && isLowSurrogate(raw.charCodeAt(from))) from += 1;
  if (to < raw.length && isLowSurrogate(raw.charCodeAt(to))) to -= 1;
  return { from, to };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
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
