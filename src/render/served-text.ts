import type { Painter } from './painter.js';
import { duration } from '../apply/service-waits.js';
import type { ServedProgress, ServedReport } from '../graph/served.js';

/** "Served: sent 3, served 3 (counted through GraphQL after 0.4s)", green when all are served. */
export function servedLine(report: ServedReport, c: Painter): string {
  const counts = `sent ${report.sent}, served ${report.served ?? 'not counted'}`;
  const after = report.waitedMs > 0 ? ` (counted through GraphQL after ${seconds(report.waitedMs)})` : ' (counted through GraphQL)';
  return `Served: ${report.outcome === 'done' ? c.green(counts) : c.red(counts)}${after}`;
}

/** The progress line while a push waits for GraphQL to serve its items. */
export function servedWaitingLine(report: ServedProgress, waitedMs: number, timeoutMs: number): string {
  return (
    'Waiting for GraphQL to serve the items: ' +
    `sent ${report.sent}, served ${report.served ?? 'not counted yet'}; ${seconds(waitedMs)} of up to ${duration(timeoutMs)}…`
  );
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
