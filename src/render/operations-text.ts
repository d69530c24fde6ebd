import type { Painter, Tint } from './painter.js';
import type { CheckedOperation, OperationsReport, OperationStatus } from '../operations/types.js';
import { diagnosticPlace } from '../diagnostics/diagnostic.js';
import { escapeControl as e } from './escape-control.js';

export const STATUS_WORDS: Readonly<Record<OperationStatus, string>> = { broken: 'broken', affected: 'potentially affected', unaffected: 'unaffected' };

/** "1 broken, 2 potentially affected, 497 unaffected" (each status that occurs), or "no operations". */
export function operationCounts(report: OperationsReport): string {
  const parts = (['broken', 'affected', 'unaffected'] as const).filter((s) => report.counts[s] > 0).map((s) => `${report.counts[s]} ${STATUS_WORDS[s]}`);
  return parts.length === 0 ? 'no operations' : parts.join(', ');
}

/** `web/src/queries.graphql:3:1`. */
export function operationPlace(place: Pick<CheckedOperation, 'file' | 'line' | 'column'>): string {
  return `${place.file}:${place.line}:${place.column}`;
}

/** The heading's lead: what was checked against what. */
export function operationsHeading(report: OperationsReport, against: 'planned' | 'declared'): string {
  const files = `${report.files.length} file${report.files.length === 1 ? '' : 's'}`;
  return (
    `Frontend operations (${files}) against the schema ${against === 'planned' ? 'served after this apply' : 'of the declarations'}: ` +
    `${operationCounts(report)}`
  );
}

/**
 * The operations check for a terminal: a heading with the counts, each broken operation with
 * every problem (file:line:col), each affected one with the changes it reads, then each
 * unaffected one on a line; the documents that could not be checked last.
 */
export function operationsLines(report: OperationsReport, c: Painter, against: 'planned' | 'declared' = 'planned'): string[] {
  const lines = [c.bold(e(operationsHeading(report, against)))];
  if (report.schemaProblems !== undefined) lines.push(c.red(`  the schema does not work: ${e(report.schemaProblems.join('; '))}`));
  const paint: Record<OperationStatus, Tint> = { broken: c.red, affected: c.yellow, unaffected: c.green };
  const symbol: Record<OperationStatus, string> = { broken: '✗', affected: '!', unaffected: '✓' };
  for (const operation of report.operations) {
    const status = operation.status === 'unaffected' ? '' : ` ${paint[operation.status](STATUS_WORDS[operation.status])}`;
    lines.push(`  ${paint[operation.status](symbol[operation.status])} ${c.bold(e(operation.name))} ${c.dim(e(operationPlace(operation)))}${status}`);
    for (const p of operation.problems) lines.push(`      ${e(p.message)} ${c.dim(`(${e(operationPlace(p))})`)}`);
    for (const change of operation.changes) lines.push(`      reads ${e(change.path)}: ${e(change.message)}`);
  }
  for (const d of report.diagnostics) {
    const tone = d.severity === 'error' ? c.red : c.yellow;
    lines.push(`  ${e(diagnosticPlace(d))} ${tone(`${d.severity} ${d.code}`)} ${e(d.message)}`);
  }
  return lines;
}
