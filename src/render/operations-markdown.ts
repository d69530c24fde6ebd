import { diagnosticPlace } from '../diagnostics/diagnostic.js';
import type { CheckedOperation, OperationsReport, OperationStatus } from '../operations/types.js';
import { cell, code, escapeText } from './markdown-text.js';
import { operationPlace, operationsHeading, STATUS_WORDS } from './operations-text.js';

/** How much of the operations check a pull-request comment lists, longest first. */
const LISTINGS = ['all', 'risky', 'broken', 'counts'] as const;
type Listing = (typeof LISTINGS)[number];

/**
 * The operations check for a pull-request comment: the counts, the broken operations in a
 * table in plain view (each problem at its file:line:col), then the potentially affected
 * and the unaffected ones each in a collapsed block. The longest form that fits in `room`:
 * unaffected ones are left out first, then affected ones, then the broken list, so the
 * counts always remain.
 */
export function operationsMarkdown(report: OperationsReport, room: number, against: 'planned' | 'declared' = 'planned'): string {
  for (const listing of LISTINGS) {
    const text = render(report, listing, against);
    if (text.length <= room || listing === 'counts') return text;
  }
  return '';
}

function render(report: OperationsReport, listing: Listing, against: 'planned' | 'declared'): string {
  const parts = [`### ${escapeText(operationsHeading(report, against))}\n`];
  if (report.schemaProblems !== undefined) parts.push(`**The schema does not work:** ${escapeText(report.schemaProblems.join('; '))}\n`);
  const of = (status: OperationStatus): CheckedOperation[] => report.operations.filter((o) => o.status === status);
  const broken = of('broken');
  if (broken.length > 0 && listing !== 'counts') {
    parts.push(
      '| Broken operation | Where | Why |\n|---|---|---|\n' +
        broken.map((o) => `| ${cell(code(o.name))} | ${cell(code(operationPlace(o)))} | ${cell(escapeText(problemsText(o)))} |`).join('\n') +
        '\n',
    );
  }
  const affected = of('affected');
  if (affected.length > 0 && (listing === 'all' || listing === 'risky')) {
    parts.push(
      collapsed(
        `${affected.length} ${STATUS_WORDS.affected}`,
        affected.map(
          (o) => `- ${code(o.name)} ${code(operationPlace(o))}: reads ${o.changes.map((c) => `${code(c.path)} (${escapeText(c.message)})`).join('; ')}`,
        ),
      ),
    );
  }
  const unaffected = of('unaffected');
  if (unaffected.length > 0 && listing === 'all')
    parts.push(
      collapsed(
        `${unaffected.length} ${STATUS_WORDS.unaffected}`,
        unaffected.map((o) => `- ${code(o.name)} ${code(operationPlace(o))}`),
      ),
    );
  const documents = report.diagnostics;
  if (documents.length > 0)
    parts.push(
      documents.map((d) => `- ${d.severity === 'error' ? '**error**' : 'warning'} ${code(diagnosticPlace(d))} ${d.code}: ${escapeText(d.message)}`).join('\n') +
        '\n',
    );
  if (listing !== 'all') parts.push('_Not every operation fits in this comment: `graphform plan --format json` lists each._\n');
  return `${parts.join('\n')}\n`;
}

function problemsText(operation: CheckedOperation): string {
  return operation.problems.map((p) => `${p.message} (${operationPlace(p)})`).join('; ');
}

function collapsed(summary: string, lines: readonly string[]): string {
  return `<details><summary>${escapeText(summary)}</summary>\n\n${lines.join('\n')}\n\n</details>\n`;
}
