import type { SchemaGap, SchemaWait } from '../graph/schema-wait.js';
import { shortfall, type SentTally, type ServedProgress, type ServedReport } from '../graph/served.js';
import type { SourceDeclaration } from '../model/types.js';

/**
 * GraphQL's side of a re-push (docs/service-facts.md, "Propagation and indexing"): items pushed
 * before the new schema is served may never be indexed, and a 200 means accepted, not
 * served. So the re-push waits for the schema first and counts what is served after.
 */
export interface ServiceWaits {
  schemaTimeoutMs: number;
  servedTimeoutMs: number;
  schema(declaration: SourceDeclaration, onWaiting: (gap: SchemaGap, waitedMs: number) => void): Promise<SchemaWait>;
  /** Waits until every item of `tally` is served as sent, for `withinMs` (default: servedTimeoutMs). */
  served(tally: SentTally, onWaiting: (report: ServedProgress, waitedMs: number) => void, withinMs?: number): Promise<ServedReport>;
}

/** The first round's wait for pushed items to be served before they are pushed again; each round waits twice as long. */
const ROUND_MS = 2_000;

/** How long round `round` (from 0) waits for the items it pushed, `waited` having gone by already: never past servedTimeoutMs. */
export function roundWithin(round: number, waited: number, waits: Pick<ServiceWaits, 'servedTimeoutMs'>): number {
  return Math.min(ROUND_MS * 2 ** round, waits.servedTimeoutMs - waited);
}

/** The codes of a re-push that GraphQL did not confirm: the pending marker stays and the next apply finishes it. */
export const APPLY_WAIT_CODES = {
  schemaNotServed: 'GF_APPLY_SCHEMA_NOT_SERVED',
  schemaUnexpected: 'GF_APPLY_SCHEMA_UNEXPECTED',
  itemsNotServed: 'GF_APPLY_ITEMS_NOT_SERVED',
} as const;

/** "Product in sv (sent 3, served 1), Article in en (sent 2, not counted: …); not confirmed: lamp in sv (not served), …". */
export function shortfallText(report: ServedReport): string {
  const short = shortfall(report).map((p) => `${p.type} in ${p.language} (sent ${p.sent}, ${p.served === undefined ? 'not counted' : `served ${p.served}`})`);
  const named =
    report.notServed === undefined
      ? ''
      : `; not confirmed: ${listed(report.notServed.first)}${report.notServed.first.length < report.notServed.missing + report.notServed.stale ? ', …' : ''}`;
  return `${short.join(', ')}${named}${report.reason === undefined ? '' : ` (${report.reason})`}`;
}

export function listed(items: readonly string[]): string {
  return items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`;
}

/** 1200000 → "20m", 30000 → "30s", 250 → "250ms": as the config writes durations. */
export function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(1))}s`;
  return `${Math.round(ms)}ms`;
}
