import type { Painter } from './painter.js';
import { formatCount } from '../data/progress/format-progress.js';
import { renderDataDiagnostic } from '../data/report/render-data-report.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DataCheck, PlanSource } from '../plan/types.js';
import { escapeControl as e } from './escape-control.js';
import { code, escapeText, fenced } from './markdown-text.js';

/** A plan shows this many of a source's data diagnostics; `data validate` lists them all. */
const SHOWN_DIAGNOSTICS = 10;

const UNDECLARED_FIELD = 'GF_DATA_UNDECLARED_FIELD';

export const PUSH_WHEN: Readonly<Record<DataCheck['push'], string>> = {
  create: 'after creating the source',
  full: 'after its full update',
  rename: 'after the partial update that renames their fields',
  pending: 'to finish the re-push pending in state',
  changes: 'for the items that changed',
};

/** "2 files after its full update: 120 items, 1 error, 2 warnings" */
export function dataCheckSummary(data: DataCheck): string {
  const counts = [plural(data.items, 'item'), plural(data.errors, 'error'), plural(data.warnings, 'warning')];
  return `${plural(data.files.length, 'file')} ${PUSH_WHEN[data.push]}: ${counts.join(', ')}`;
}

/**
 * Fields of the items that the declarations no longer have (a property removed, say) are
 * not refused: the service stores what a data line carries, but GraphQL serves declared
 * properties only, so the values stay in the items, unreadable. One warning says so.
 */
export function undeclaredFieldWarning(data: DataCheck): string | undefined {
  const first = data.diagnostics.find((d) => d.code === UNDECLARED_FIELD);
  if (first === undefined) return undefined;
  return (
    `Warning: the data items carry fields the declarations do not have (${UNDECLARED_FIELD}, first ${first.file}:${first.line} ${first.path}): ` +
    'apply pushes them as they are; the service stores them with the items, but GraphQL does not serve them. Remove them from the data files, or declare them.'
  );
}

/** The text plan's lines for a source's data check, indented under its block. */
export function dataCheckLines(source: PlanSource, c: Painter): string[] {
  const data = source.data;
  if (data === undefined) return [];
  const paint = data.errors > 0 ? c.red : data.warnings > 0 ? c.yellow : c.dim;
  // No file matched: the GF_DATA_NO_FILES_MATCHED warning below names the pattern, and an empty "()" would say nothing.
  const files = data.files.length === 0 ? '' : c.dim(` (${e(data.files.join(', '))})`);
  const lines = [`      ${paint(`data: checked ${e(dataCheckSummary(data))}`)}${files}`];
  for (const d of shown(data)) lines.push(`        ${renderDataDiagnostic(d, c)}`);
  const more = moreLine(data);
  if (more !== undefined) lines.push(`        ${c.dim(e(more))}`);
  const warning = undeclaredFieldWarning(data);
  if (warning !== undefined) lines.push(`      ${c.yellow(e(warning))}`);
  return lines;
}

/** The markdown plan's paragraph for a source's data check, inside its collapsed block. */
export function dataCheckMarkdown(source: PlanSource): string[] {
  const data = source.data;
  if (data === undefined) return [];
  const status = data.errors > 0 ? '❌ ' : data.warnings > 0 ? '⚠️ ' : '';
  const files = data.files.length === 0 ? '' : ` (${data.files.map(code).join(', ')})`;
  const out = [`${status}Data files checked: ${escapeText(dataCheckSummary(data))}${files}.`, ''];
  const listed = shown(data).map((d) => `${d.file}:${d.line}  ${d.severity}  ${d.code}${d.path === '' ? '' : `  ${d.path}`}  ${d.message}`);
  const more = moreLine(data);
  if (listed.length > 0) out.push(...fenced('text', more === undefined ? listed : [...listed, more]), '');
  const warning = undeclaredFieldWarning(data);
  if (warning !== undefined) out.push(`⚠️ ${escapeText(warning)}`, '');
  return out;
}

/** Errors first: they are what stops apply. */
function shown(data: DataCheck): Diagnostic[] {
  const errors = data.diagnostics.filter((d) => d.severity === 'error');
  const warnings = data.diagnostics.filter((d) => d.severity !== 'error');
  return [...errors, ...warnings].slice(0, SHOWN_DIAGNOSTICS);
}

function moreLine(data: DataCheck): string | undefined {
  const hidden = data.errors + data.warnings - shown(data).length;
  return hidden > 0 ? `…and ${hidden} more (graphform data validate lists them)` : undefined;
}

function plural(n: number, one: string): string {
  return `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;
}
