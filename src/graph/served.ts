import type { CountOptions } from './content-counts.js';
import type { ContentEndpoint } from './content-query.js';
import { pollUntil, type PollOptions, type PollOutcome } from './poll.js';
import { confirmServedItems, type Unconfirmed } from './served-items.js';
import type { SentTally, ServedCount } from './sent-tally.js';

export { itemKey, SentTally, tallyingClient, type SentItem, type ServedCount } from './sent-tally.js';

/** The items not confirmed yet: how many GraphQL does not serve, how many it serves with other content, and the first few of them. */
export interface NotServed {
  missing: number;
  stale: number;
  /** `lamp in sv (not served)`, `desk in en (served with other content)`: the first few, in the order they were sent. */
  first: string[];
}

/** How the check after a push ended: every item confirmed, or what was left at the deadline. */
export interface ServedReport {
  outcome: PollOutcome;
  sent: number;
  /** Items GraphQL serves as they were sent; undefined when the endpoint could not be asked. */
  served: number | undefined;
  pairs: ServedCount[];
  journalIds: string[];
  waitedMs: number;
  /** Why the endpoint could not be asked, when it could not. */
  reason?: string;
  /** The items not confirmed, when some are not. */
  notServed?: NotServed;
}

/** The check while it still waits: `outcome` says so, and `waitedMs` is the time waited so far. */
export type ServedProgress = Omit<ServedReport, 'outcome'> & { outcome: 'waiting' };

/** How many unconfirmed items a report names. */
const NAMED = 5;

/**
 * Confirms, through GraphQL, that each item a push sent is served as it was sent: asked by
 * `_id` and language, compared by a fingerprint of its content (item-fingerprint.ts), until
 * every item is confirmed or the time is up. A 200 with a journalId means accepted, not
 * served: an item the indexer drops, or an update it leaves at its earlier version, is
 * never confirmed and is named. Confirmed items are not asked for again.
 */
export async function waitForServed(
  endpoint: ContentEndpoint,
  tally: SentTally,
  options: PollOptions & CountOptions,
  onWaiting?: (report: ServedProgress, waitedMs: number) => void,
): Promise<ServedReport> {
  const { withinMs, sleep, now, signal, ...http } = options;
  const base = { sent: tally.sent, journalIds: [...tally.journalIds] };
  const left: Unconfirmed = { pending: new Map(tally.items), stale: new Set() };
  const check = async (): Promise<{ state: 'done' | 'waiting' | 'fatal'; value: ServedReport }> => {
    const asked = await confirmServedItems(endpoint, tally, left, {
      ...http,
      ...(now === undefined ? {} : { now }),
      ...(signal === undefined ? {} : { signal }),
    });
    if (!asked.ok)
      return {
        state: asked.fatal ? 'fatal' : 'waiting',
        value: { outcome: 'timeout', ...base, served: undefined, pairs: tally.pairs(), waitedMs: 0, reason: asked.reason },
      };
    const report: ServedReport = { outcome: 'done', ...base, served: tally.sent - left.pending.size, pairs: servedPairs(tally, left), waitedMs: 0 };
    if (left.pending.size > 0) report.notServed = notServed(left);
    return { state: left.pending.size === 0 ? 'done' : 'waiting', value: report };
  };
  const waiting =
    onWaiting === undefined ? undefined : (value: ServedReport, waitedMs: number): void => onWaiting({ ...value, outcome: 'waiting', waitedMs }, waitedMs);
  const waited = await pollUntil(
    check,
    { withinMs, ...(sleep === undefined ? {} : { sleep }), ...(now === undefined ? {} : { now }), ...(signal === undefined ? {} : { signal }) },
    waiting,
  );
  return { ...waited.value, outcome: waited.outcome, waitedMs: waited.waitedMs };
}

/** The pairs served short of what was sent: "Product in sv (sent 3, served 1)". */
export function shortfall(report: ServedReport): ServedCount[] {
  return report.pairs.filter((p) => p.served === undefined || p.served < p.sent);
}

/** Per content type and language: sent, and served as sent. */
function servedPairs(tally: SentTally, left: Unconfirmed): ServedCount[] {
  const short = new Map<string, number>();
  for (const [key, item] of left.pending) {
    const pair = `${item.type}\n${key.slice(0, key.indexOf('\n'))}`;
    short.set(pair, (short.get(pair) ?? 0) + 1);
  }
  return tally.pairs().map((p) => ({ ...p, served: p.sent - (short.get(`${p.type}\n${p.language}`) ?? 0) }));
}

function notServed(left: Unconfirmed): NotServed {
  const first: string[] = [];
  for (const key of left.pending.keys()) {
    if (first.length === NAMED) break;
    const cut = key.indexOf('\n');
    first.push(`${key.slice(cut + 1)} in ${key.slice(0, cut)} (${left.stale.has(key) ? 'served with other content' : 'not served'})`);
  }
  return { missing: left.pending.size - left.stale.size, stale: left.stale.size, first };
}
