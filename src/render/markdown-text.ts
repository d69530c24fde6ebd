import { escapeControl } from './escape-control.js';

/** A code block whose fence is longer than any backtick run inside it; control characters shown escaped. */
export function fenced(language: string, lines: readonly string[]): string[] {
  const shown = lines.map(escapeControl);
  const fence = '`'.repeat(Math.max(2, longestBacktickRun(shown)) + 1);
  return [`${fence}${language}`, ...shown, fence];
}

/** Reasons and messages quote user text (labels); keep it from becoming HTML or driving a terminal that shows the comment. */
export function escapeText(text: string): string {
  return escapeControl(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An inline code span that holds any text: its fence is longer than the backtick runs inside. */
export function code(text: string): string {
  const shown = escapeControl(text).replace(/\n/g, ' ');
  const fence = '`'.repeat(longestBacktickRun([shown]) + 1);
  // A span that starts or ends with a backtick needs a space between it and the fence.
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** A table cell: a `|` would end the cell, even inside a code span, so it is escaped. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function longestBacktickRun(lines: readonly string[]): number {
  return Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
}
