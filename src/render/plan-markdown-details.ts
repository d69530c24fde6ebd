import type { PlanSource } from '../plan/types.js';
import { code, escapeText, fenced } from './markdown-text.js';
import { changeLine } from './plan-change-line.js';
import { dataCheckMarkdown } from './plan-data-check.js';
import { ACTION_NAMES, ACTION_SYMBOLS, isWarning } from './plan-labels.js';
import { requestBodyDiffs } from './request-body-diff.js';

/**
 * One source's collapsed block: reasons, changes and, when `bodies`, each request body
 * against what it replaces. Without bodies (a plan too long for one comment) a line says
 * where they are. Ends with a blank line.
 */
export function sourceDetails(source: PlanSource, bodies: boolean): string {
  const title = `<code>${ACTION_SYMBOLS[source.action].trim() || '='} ${escapeText(source.id)}</code>: ${ACTION_NAMES[source.action]}${source.dataLoss ? ' (<b>deletes data</b>)' : ''}`;
  const out = [`<details><summary>${title}</summary>`, ''];
  for (const reason of source.reasons) out.push(`- ${isWarning(reason) ? '⚠️ ' : ''}${escapeText(reason)}`);
  if (source.reasons.length > 0) out.push('');
  if (source.changes.length > 0) {
    out.push(...fenced('diff', source.changes.map((change) => {
      const { symbol, text } = changeLine(change);
      return `${symbol} ${text}`;
    })), '');
  }
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
