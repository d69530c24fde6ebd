import type { Plan, PlanSource } from '../plan/types.js';
import { escapeControl } from './escape-control.js';
import { changeLine } from './plan-change-line.js';
import { ACTION_NAMES, ACTION_SYMBOLS, isEmpty, isWarning, NO_CHANGES, summaryLine, unmanagedLine, visibleSources } from './plan-labels.js';
import { requestBodyDiffs } from './request-body-diff.js';

/**
 * The plan for a pull-request comment: data loss first, then a summary table, then each
 * source's changes, reasons and request body in a collapsed block.
 */
export function renderPlanMarkdown(plan: Plan): string {
  const out: string[] = [`### graphform plan: ${code(plan.environment)}`, ''];
  const losing = plan.sources.filter((s) => s.dataLoss);
  if (losing.length > 0) {
    out.push(
      '> [!CAUTION]',
      '> **This plan deletes content items.** `graphform apply` refuses it unless `--allow-data-loss` is passed.',
      '>',
      ...losing.map((s) => `> - ${code(s.id)} (${ACTION_NAMES[s.action]}): ${escapeText(s.reasons[0] ?? 'deletes items')}`),
      '',
    );
  }
  out.push(isEmpty(plan) ? NO_CHANGES : `**${summaryLine(plan)}**`, '');

  const shown = visibleSources(plan);
  if (shown.length > 0) {
    out.push('| Source | Action | Data loss | Request | Changes |', '|---|---|---|---|---:|');
    for (const s of shown) {
      const request = s.requests.length === 0 ? '—' : s.requests.map((r) => code(`${r.method} ${r.path}`)).join(' then ');
      out.push(`| ${cell(code(s.id))} | ${ACTION_NAMES[s.action]} | ${s.dataLoss ? '**yes**' : 'no'} | ${cell(request)} | ${s.changes.length} |`);
    }
    out.push('');
  }
  for (const s of shown) out.push(...details(s));
  if (plan.unmanaged.length > 0) {
    out.push(`<details><summary>Unmanaged sources in the account: ${plan.unmanaged.length}</summary>`, '');
    for (const source of plan.unmanaged) out.push(`- ${escapeText(unmanagedLine(source))}`);
    out.push('', '</details>', '');
  }
  if (plan.diagnostics.length > 0) {
    out.push('<details><summary>Diagnostics</summary>', '');
    for (const d of plan.diagnostics) out.push(`- ${code(`${d.file}:${d.line}:${d.column}`)} ${d.severity} \`${d.code}\`: ${escapeText(d.message)}`);
    out.push('', '</details>', '');
  }
  const state = plan.state === null ? 'no state yet' : `state serial ${plan.state.serial}, lineage ${code(plan.state.lineage)}`;
  out.push(`<sub>${plan.tool.name} ${plan.tool.version}, ${state}, declarations ${plan.desiredHash.slice(0, 19)}…</sub>`);
  return `${out.join('\n')}\n`;
}

function details(source: PlanSource): string[] {
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
  for (const { request, patch } of requestBodyDiffs(source)) {
    out.push(`Request body (${code(`${request.method} ${request.path}`)}) against what it replaces:`, '');
    out.push(...fenced('diff', patch.trimEnd().split('\n')), '');
  }
  out.push('</details>', '');
  return out;
}

/** A code block whose fence is longer than any backtick run inside it; control characters shown escaped. */
function fenced(language: string, lines: readonly string[]): string[] {
  const shown = lines.map(escapeControl);
  const fence = '`'.repeat(Math.max(2, longestBacktickRun(shown)) + 1);
  return [`${fence}${language}`, ...shown, fence];
}

/** Reasons and messages quote user text (labels); keep it from becoming HTML or driving a terminal that shows the comment. */
function escapeText(text: string): string {
  return escapeControl(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An inline code span that holds any text: its fence is longer than the backtick runs inside. */
function code(text: string): string {
  const shown = escapeControl(text).replace(/\n/g, ' ');
  const fence = '`'.repeat(longestBacktickRun([shown]) + 1);
  // A span that starts or ends with a backtick needs a space between it and the fence.
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** A table cell: a `|` would end the cell, even inside a code span, so it is escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function longestBacktickRun(lines: readonly string[]): number {
  return Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
}
