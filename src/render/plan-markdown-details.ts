import type { PlanSource } from '../plan/types.js';
import { cell, code, escapeText, fenced } from './markdown-text.js';
import { sourceChangeLines } from './source-change-lines.js';
import { dataCheckMarkdown } from './plan-data-check.js';
import { dataChangesMarkdown } from './data-changes.js';
import { hasDataChanges } from '../plan/policy.js';
import { KEEP_NUMERIC_COLUMNS, keepView } from './keep-account.js';
import { ACTION_NAMES, ACTION_SYMBOLS, isWarning } from './plan-labels.js';
import { requestBodyDiffs } from './request-body-diff.js';

/**
 * One source's collapsed block: reasons, changes and, when `bodies`, each request body
 * against what it replaces. Without bodies (a plan too long for one comment) a line says
 * where they are. Ends with a blank line.
 */
export function sourceDetails(source: PlanSource, bodies: boolean): string {
  const dataOnly = source.action === 'none' && hasDataChanges(source);
  const title =
    `<code>${dataOnly ? '~' : ACTION_SYMBOLS[source.action].trim() || '='} ${escapeText(source.id)}</code>: ` +
    `${dataOnly ? 'data items change' : ACTION_NAMES[source.action]}${lossNote(source)}`;
  const out = [`<details><summary>${title}</summary>`, ''];
  for (const reason of source.reasons) out.push(`- ${isWarning(reason) ? '⚠️ ' : ''}${escapeText(reason)}`);
  if (source.reasons.length > 0) out.push('');
  if (source.changes.length > 0) {
    out.push(
      ...fenced(
        'diff',
        sourceChangeLines(source).map(({ symbol, text }) => `${symbol} ${text}`),
      ),
      '',
    );
  }
  out.push(...keepMarkdown(source));
  out.push(...dataChangesMarkdown(source));
  out.push(...dataCheckMarkdown(source));
  const diffs = requestBodyDiffs(source);
  if (bodies) {
    for (const { request, patch } of diffs) {
      out.push(`Request body (${code(`${request.method} ${request.path}`)}) against what it replaces:`, '');
      out.push(...fenced('diff', patch.trimEnd().split('\n')), '');
    }
  } else if (diffs.length > 0) {
    out.push('Request bodies left out to keep this comment short: they are in the full plan (see the note below).', '');
  }
  out.push('</details>', '');
  return `${out.join('\n')}\n`;
}

/** The summary's tail: " (<b>deletes data</b>)"; with a keep account " (<b>loses items</b>)" or " (every item kept)". */
function lossNote(source: PlanSource): string {
  if (source.keep !== undefined && source.action === 'full') return source.dataLoss ? ' (<b>loses items</b>)' : ' (every item kept)';
  if (source.keep?.known === true && source.keep.rename === true) return source.dataLoss ? ' (<b>loses items</b>)' : ' (every item pushed again)';
  return source.dataLoss ? ' (<b>deletes data</b>)' : '';
}

/** The keep account inside the source's block: the headline, a table per content type and language, then the notes. */
function keepMarkdown(source: PlanSource): string[] {
  if (source.keep === undefined) return [];
  const view = keepView(source.keep, source.id, source.moves);
  const out = [`${view.tone === 'loss' ? '❌ ' : ''}**${escapeText(view.headline)}**`, ''];
  if (view.table !== undefined && view.table.rows.length > 0) {
    const row = (cells: string[]): string => `| ${cells.map((c) => cell(escapeText(c))).join(' | ')} |`;
    out.push(row(view.table.header), `|${KEEP_NUMERIC_COLUMNS.map((n) => (n ? '---:' : '---')).join('|')}|`, ...view.table.rows.map(row), '');
  }
  for (const note of view.notes) {
    out.push(`- ${note.tone === 'loss' ? '❌ ' : note.tone === 'warn' ? '⚠️ ' : ''}${code(note.symbol)} ${escapeText(note.text)}`);
    for (const more of note.more ?? []) out.push(`  - ${escapeText(more)}`);
  }
  if (view.notes.length > 0) out.push('');
  return out;
}
