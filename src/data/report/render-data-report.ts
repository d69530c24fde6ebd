import type { Painter } from '../../render/painter.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { formatBytes, formatCount } from '../progress/format-progress.js';
import type { PushSummary, ValidationSummary } from '../types.js';
import { escapeControl as e } from '../../render/escape-control.js';

/**
 * `shop/items.ndjson:12  error  GF_DATA_INVALID_VALUE  /Size/Width  Expected Float, found a string "wide".`
 * File names, paths and messages quote the data: control characters are shown escaped.
 */
export function renderDataDiagnostic(d: Diagnostic, c: Painter): string {
  const severity = d.severity === 'error' ? c.red('error  ') : c.yellow('warning');
  // Data problems are per line; a column is shown only where it says more (GF_NOT_UTF8).
  const where = d.column > 1 ? `${d.line}:${d.column}` : `${d.line}`;
  return `${c.bold(`${e(d.file)}:${where}`)}  ${severity}  ${c.dim(d.code)}${d.path === '' ? '' : `  ${c.cyan(e(d.path))}`}  ${e(d.message)}`;
}

export function renderValidation(summary: ValidationSummary, c: Painter): string[] {
  const lines = summary.diagnostics.map((d) => renderDataDiagnostic(d, c));
  if (summary.omittedErrors > 0)
    lines.push(c.red(`…and ${formatCount(summary.omittedErrors)} more error${summary.omittedErrors === 1 ? '' : 's'} (raise --max-errors to see them)`));
  if (summary.omittedWarnings > 0) lines.push(c.yellow(`…and ${formatCount(summary.omittedWarnings)} more warning${summary.omittedWarnings === 1 ? '' : 's'}`));
  const counts = `${formatCount(summary.items)} item${summary.items === 1 ? '' : 's'} in ${summary.files} file${summary.files === 1 ? '' : 's'}`;
  const outcome =
    summary.errors === 0
      ? c.green(`${counts}: all valid`)
      : c.red(`${counts}: ${formatCount(summary.invalidItems)} invalid, ${formatCount(summary.errors)} error${summary.errors === 1 ? '' : 's'}`);
  lines.push(summary.warnings > 0 ? `${outcome}, ${c.yellow(`${formatCount(summary.warnings)} warning${summary.warnings === 1 ? '' : 's'}`)}` : outcome);
  return lines;
}

export function renderPushSummary(summary: PushSummary, c: Painter): string[] {
  const lines: string[] = [];
  const rates = `${summary.seconds.toFixed(1)} s, ${formatCount(summary.itemsPerSecond)} items/s, ${summary.megabytesPerSecond.toFixed(1)} MiB/s`;
  const sent = `${plural(summary.itemsSent, 'item')} in ${plural(summary.batches, 'batch', 'batches')} (${formatBytes(summary.bytes)})`;
  switch (summary.status) {
    case 'invalid':
      lines.push(c.red(`Nothing was sent to source ${summary.sourceId}: fix the errors above, or use --skip-invalid to send the valid items only.`));
      break;
    case 'dry-run':
      lines.push(c.cyan(`Dry run: would send ${sent} to source ${summary.sourceId}.`));
      break;
    case 'sent':
      lines.push(c.green(`Sent ${sent} to source ${summary.sourceId} in ${rates}.`));
      break;
    case 'failed':
      lines.push(
        c.red(
          `Sent ${sent} to source ${summary.sourceId} in ${rates}; ` +
            `${summary.failedBatches.length} batch${summary.failedBatches.length === 1 ? '' : 'es'} failed.`,
        ),
      );
      for (const f of summary.failedBatches) {
        const span =
          f.first.file === f.last.file ? `${f.first.file}:${f.first.line}-${f.last.line}` : `${f.first.file}:${f.first.line} … ${f.last.file}:${f.last.line}`;
        lines.push(e(`  batch ${f.batch} (${plural(f.items, 'item')}, ${span}): ${f.code === undefined ? '' : `[${f.code}] `}${f.message}`));
      }
      lines.push(`  ${formatCount(summary.itemsNotSent)} items were not sent; pushing again is safe (items are indexed by _id).`);
      break;
    case 'stopped':
      lines.push(
        c.yellow(
          `Stopped: sent ${sent} to source ${summary.sourceId} before the interrupt; ` +
            `${formatCount(summary.itemsNotSent)} items were not sent. Pushing again is safe (items are indexed by _id).`,
        ),
      );
      break;
    default: {
      const never: never = summary.status;
      throw new Error(`unhandled status ${String(never)}`);
    }
  }
  if (summary.itemsSkipped > 0)
    lines.push(c.yellow(`${formatCount(summary.itemsSkipped)} invalid item${summary.itemsSkipped === 1 ? ' was' : 's were'} skipped (--skip-invalid).`));
  return lines;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
