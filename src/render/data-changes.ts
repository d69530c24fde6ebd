import type { Painter } from './painter.js';
import type { DataChanges, Plan, PlanSource } from '../plan/types.js';
import { formatCount as n } from '../data/progress/format-progress.js';
import { escapeControl as e } from './escape-control.js';
import { cell, code, escapeText } from './markdown-text.js';
import { hasDataChanges } from '../plan/policy.js';

/** "2 to add, 1 to change, 1 to delete" (the kinds with none left out). */
export function dataChangeCounts(counts: { add: number; change: number; delete: number }): string {
  const parts = [
    counts.add > 0 ? `${n(counts.add)} to add` : '',
    counts.change > 0 ? `${n(counts.change)} to change` : '',
    counts.delete > 0 ? `${n(counts.delete)} to delete` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'no changes' : parts.join(', ');
}

/** The headline of a source's data changes: what is sent, and of how many declared items. */
export function dataChangesHeadline(data: DataChanges): string {
  const counts = `${dataChangeCounts(data)} (${n(data.declared)} declared, ${n(data.unchanged)} unchanged)`;
  if (data.send === 'files')
    return `data items: ${counts}; the whole files are pushed after the schema request${data.delete > 0 ? ', then the deleted items are deleted' : ''}`;
  if (data.ledgerDamaged !== undefined)
    return (
      `data items: ${counts}; state's record of an earlier push from these files is damaged (${data.ledgerDamaged}), ` +
      'so every declared item is sent again and recorded, and none is deleted'
    );
  if (!data.ledger) return `data items: ${counts}; state has no record of an earlier push from these files, so every declared item is sent once and recorded`;
  return `data items: ${counts}; only these are sent`;
}

/** " Items: 3 to add, 1 to delete." for the plan's summary line; '' when no item changes. */
export function itemsSummary(plan: Plan): string {
  const items = plan.summary.items;
  return items === undefined || items.add + items.change + items.delete === 0 ? '' : ` Data items: ${dataChangeCounts(items)}.`;
}

/** The text plan's lines for a source's data changes, under its block. */
export function dataChangesLines(source: PlanSource, c: Painter): string[] {
  const data = source.dataChanges;
  if (data === undefined || !hasDataChanges(source)) return [];
  const lines = [`      ${c.cyan(e(dataChangesHeadline(data)))}`];
  for (const pair of data.byType)
    lines.push(`        ${c.dim(e(`${pair.type === '' ? '(delete lines)' : pair.type} in ${pair.language}:`))} ${pairCounts(pair)}`);
  if (data.first.add.length > 0) lines.push(`        ${c.green('+')} ${e(firstList(data.first.add, data.add))}`);
  if (data.first.change.length > 0) lines.push(`        ${c.yellow('~')} ${e(firstList(data.first.change, data.change))}`);
  if (data.first.delete.length > 0) lines.push(`        ${c.red('-')} ${e(firstList(data.first.delete, data.delete))}`);
  return lines;
}

/** The markdown plan's part for a source's data changes: a headline, then a collapsed table and the first ids. */
export function dataChangesMarkdown(source: PlanSource): string[] {
  const data = source.dataChanges;
  if (data === undefined || !hasDataChanges(source)) return [];
  const out = [`**${escapeText(dataChangesHeadline(data))}**`, '', `<details><summary>Data items: ${escapeText(dataChangeCounts(data))}</summary>`, ''];
  out.push('| content type | language | add | change | delete |', '|---|---|---:|---:|---:|');
  for (const pair of data.byType)
    out.push(
      `| ${cell(code(pair.type === '' ? '(delete lines)' : pair.type))} | ${cell(code(pair.language))} | ${pair.add} | ${pair.change} | ${pair.delete} |`,
    );
  out.push('');
  const list = (symbol: string, ids: string[], total: number): void => {
    if (ids.length > 0) out.push(`- ${symbol} ${escapeText(firstList(ids, total))}`);
  };
  list('➕', data.first.add, data.add);
  list('✏️', data.first.change, data.change);
  list('➖', data.first.delete, data.delete);
  out.push('', '</details>', '');
  return out;
}

function pairCounts(pair: { add: number; change: number; delete: number }): string {
  return [pair.add > 0 ? `+${n(pair.add)}` : '', pair.change > 0 ? `~${n(pair.change)}` : '', pair.delete > 0 ? `-${n(pair.delete)}` : '']
    .filter((x) => x !== '')
    .join(' ');
}

/** "b1 (en), b2 (en) and 8 more". */
function firstList(ids: readonly string[], total: number): string {
  const more = total - ids.length;
  return `${ids.join(', ')}${more > 0 ? ` and ${n(more)} more` : ''}`;
}
