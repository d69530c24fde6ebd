import { isRecord } from '../model/is-record.js';
import { countPairs, type CountOptions, type TypeLanguage } from './content-counts.js';
import type { ContentEndpoint } from './content-query.js';
import { pollUntil, type PollOptions, type PollOutcome } from './poll.js';
import type { GraphClient, PushResult } from './types.js';

/** Items of one content type in one language: how many were sent, and how many GraphQL serves. */
export interface ServedCount extends TypeLanguage {
  sent: number;
  /** Undefined when the endpoint could not be asked. */
  served: number | undefined;
}

/**
 * What a push sent, counted per content type and language, and what the service answered
 * (each batch's `journalId`). Fed by tallyingClient as batches are acknowledged.
 */
export class SentTally {
  private readonly counts = new Map<string, ServedCount>();
  readonly journalIds: string[] = [];

  /** Counts the index records of an acknowledged NDJSON batch: an action line, then its data line. */
  add(body: string | Uint8Array, result: PushResult): void {
    if (result.journalId !== undefined) this.journalIds.push(result.journalId);
    const lines = (typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const action = parse(lines[i] ?? '');
      const index = isRecord(action) ? action.index : undefined;
      if (!isRecord(index)) continue;
      const data = parse(lines[i + 1] ?? '');
      i++;
      const language = index.language_routing;
      const types = isRecord(data) ? data.ContentType : undefined;
      // The most-derived type is the last: a concrete type's query serves exactly its own items.
      const type = Array.isArray(types) ? types[types.length - 1] : undefined;
      if (typeof language !== 'string' || typeof type !== 'string' || neverServed(data)) continue;
      const key = `${type}\n${language}`;
      const count = this.counts.get(key) ?? { type, language, sent: 0, served: undefined };
      count.sent++;
      this.counts.set(key, count);
    }
  }

  /** Per content type and language, sorted by type then language. */
  pairs(): ServedCount[] {
    return [...this.counts.values()].map((c) => ({ ...c })).sort((a, b) => (a.type === b.type ? compare(a.language, b.language) : compare(a.type, b.type)));
  }

  get sent(): number {
    let n = 0;
    for (const count of this.counts.values()) n += count.sent;
    return n;
  }
}

/**
 * The client as it is, but every acknowledged data batch is counted into `tally`; `log`
 * (the verbose request log) hears each batch's journalId, the service's handle on it.
 */
export function tallyingClient(client: GraphClient, tally: SentTally, log?: (line: string) => void): GraphClient {
  return {
    ...client,
    baseUrl: client.baseUrl,
    async pushData(id, ndjson) {
      const result = await client.pushData(id, ndjson);
      tally.add(ndjson, result);
      if (result.journalId !== undefined) log?.(`POST data for source ${id} accepted: journalId ${result.journalId}`);
      return result;
    },
  };
}

/** How the count after a push ended: every pair served, or the shortfall at the deadline. */
export interface ServedReport {
  outcome: PollOutcome;
  sent: number;
  /** Items served of the pairs sent; undefined when the endpoint could not be asked. */
  served: number | undefined;
  pairs: ServedCount[];
  journalIds: string[];
  waitedMs: number;
  /** Why the endpoint gave no count, when it did not. */
  reason?: string;
}

/** The count while it still waits: `outcome` says so, and `waitedMs` is the time waited so far. */
export type ServedProgress = Omit<ServedReport, 'outcome'> & { outcome: 'waiting' };

/**
 * Counts, through GraphQL, the items of each content type and language a push sent, until
 * at least as many are served as were sent (docs/service-facts.md, "Propagation and
 * indexing": a 200 with a journalId means accepted, not served). A pair already holding items before the push (a data push into a
 * filled source) passes once its total reaches what was sent; after a wipe the source
 * started empty, so the counts match exactly.
 */
export async function waitForServed(endpoint: ContentEndpoint, tally: SentTally, options: PollOptions & CountOptions, onWaiting?: (report: ServedProgress, waitedMs: number) => void): Promise<ServedReport> {
  const { withinMs, sleep, now, signal, ...http } = options;
  const pairs = tally.pairs();
  const base = { sent: tally.sent, journalIds: [...tally.journalIds] };
  const check = async (): Promise<{ state: 'done' | 'waiting' | 'fatal'; value: ServedReport }> => {
    const counted = await countPairs(endpoint, pairs, { ...http, ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) });
    if (!counted.ok) {
      const fatal = counted.status === 401 || counted.status === 403;
      return { state: fatal ? 'fatal' : 'waiting', value: { outcome: 'timeout', ...base, served: undefined, pairs, waitedMs: 0, reason: counted.reason } };
    }
    const seen = pairs.map((p, i) => ({ ...p, served: counted.totals[i] ?? 0 }));
    const served = seen.reduce((n, p) => n + Math.min(p.served, p.sent), 0);
    const done = seen.every((p) => p.served >= p.sent);
    return { state: done ? 'done' : 'waiting', value: { outcome: 'done', ...base, served, pairs: seen, waitedMs: 0 } };
  };
  const waiting = onWaiting === undefined ? undefined : (value: ServedReport, waitedMs: number): void => onWaiting({ ...value, outcome: 'waiting', waitedMs }, waitedMs);
  const waited = await pollUntil(check, { withinMs, ...(sleep === undefined ? {} : { sleep }), ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) }, waiting);
  return { ...waited.value, outcome: waited.outcome, waitedMs: waited.waitedMs };
}

/** The pairs served short of what was sent: "Product in sv (sent 3, served 1)". */
export function shortfall(report: ServedReport): ServedCount[] {
  return report.pairs.filter((p) => p.served === undefined || p.served < p.sent);
}

/**
 * Items GraphQL serves to no one, not even to the graph credentials (docs/service-facts.md,
 * "Reading items back"): deleted ones (`_deleted: true`) and expired ones (`StopPublish`
 * passed). Counting them as sent would wait for what never comes.
 */
function neverServed(data: unknown): boolean {
  if (!isRecord(data)) return false;
  if (data._deleted === true) return true;
  const stop = typeof data.StopPublish === 'string' ? Date.parse(data.StopPublish) : Number.NaN;
  return Number.isFinite(stop) && stop <= Date.now();
}

function parse(line: string): unknown {
  if (line.trim() === '') return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
