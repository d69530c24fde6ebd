import { isRecord } from '../model/is-record.js';
import { ownValue } from '../model/own.js';
import { localeValue, type CountOptions } from './content-counts.js';
import { queryContent, type ContentEndpoint } from './content-query.js';
import { itemSelection, LEVELS_ABOVE_ITEM_FIELDS, MAX_QUERY_DEPTH, PAGE_LIMIT } from './export-query.js';
import { itemFingerprint } from './item-fingerprint.js';
import { fieldRoom, packFields } from './query-budget.js';
import { itemKey, type SentItem, type SentTally } from './sent-tally.js';

/** Items still to be confirmed, by key (itemKey), and those of them GraphQL serves with other content than was sent. */
export interface Unconfirmed {
  pending: Map<string, SentItem>;
  stale: Set<string>;
}

/** One query field: the items of `ids` in one content type and language. */
interface IdBatch {
  type: string;
  language: string;
  ids: string[];
  selection: string;
}

const OPERATION = 'graphformServed';
/** Characters kept for a field's alias (`f12345: `), which packFields gives only as it packs. */
const ALIAS_ROOM = 16;

/** Queries in flight at once: the endpoint answers one while this process checks another's items, as the export's pages do. */
const QUERIES_AT_ONCE = 4;

/**
 * One pass over the unconfirmed items: asks GraphQL for them by `_id`, per content type and
 * language, in queries within the service's length and depth limits (a few at once), and
 * confirms each one served with the fingerprint of what was sent (removed from `pending`).
 * One served with other content stays, marked stale; one not served at all stays too. At
 * most QUERIES_AT_ONCE answers are held at a time. `fatal` marks what asking again will not mend.
 */
export async function confirmServedItems(
  endpoint: ContentEndpoint,
  tally: SentTally,
  left: Unconfirmed,
  options: CountOptions,
): Promise<{ ok: true } | { ok: false; fatal: boolean; reason: string }> {
  const batches = idBatches(tally, left.pending);
  if (!Array.isArray(batches)) return { ok: false, fatal: true, reason: batches.reason };
  const field = (b: IdBatch, alias: string): string =>
    `${alias}: ${b.type}(locale: [${localeValue(b.language)}], where: ` +
    `{ _id: { in: [${b.ids.map((id) => JSON.stringify(id)).join(', ')}] } }, limit: ${PAGE_LIMIT}) { items { ${b.selection} } }`;
  let failed: { ok: false; fatal: boolean; reason: string } | undefined;
  const inFlight = new Set<Promise<void>>();
  for (const part of packFields(OPERATION, batches, field, 'f')) {
    if (failed !== undefined) break;
    const asked: Promise<void> = queryContent(endpoint, part.query, options).then((answer) => {
      inFlight.delete(asked);
      if (!answer.ok) failed ??= { ok: false, fatal: answer.status === 401 || answer.status === 403, reason: answer.reason };
      else confirmAnswer(tally, left, part.entries, answer.data);
    });
    inFlight.add(asked);
    if (inFlight.size >= QUERIES_AT_ONCE) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return failed ?? { ok: true };
}

/** Confirms (or marks stale) the items one answer serves, field by field. */
function confirmAnswer(
  tally: SentTally,
  left: Unconfirmed,
  entries: ReadonlyArray<{ entry: IdBatch; alias: string }>,
  data: Readonly<Record<string, unknown>>,
): void {
  for (const { entry, alias } of entries) {
    const found = ownValue(data, alias);
    const items = isRecord(found) && Array.isArray(found.items) ? found.items : [];
    for (const item of items) {
      if (!isRecord(item) || (typeof item._id !== 'string' && typeof item._id !== 'number')) continue;
      const key = itemKey(entry.language, String(item._id));
      const sent = left.pending.get(key);
      if (sent === undefined || sent.type !== entry.type) continue;
      const print = tally.definition === undefined ? undefined : itemFingerprint(tally.definition, entry.type, item);
      if (print === sent.print) {
        left.pending.delete(key);
        left.stale.delete(key);
      } else left.stale.add(key);
    }
  }
}

/**
 * The unconfirmed items as query fields: grouped by content type and language, at most a
 * page of ids each, and no more ids than let the field fit a query of its own.
 */
function idBatches(tally: SentTally, pending: ReadonlyMap<string, SentItem>): IdBatch[] | { reason: string } {
  const groups = new Map<string, { type: string; language: string; ids: string[] }>();
  for (const [key, item] of pending) {
    const cut = key.indexOf('\n');
    const language = key.slice(0, cut);
    const group = `${item.type}\n${language}`;
    let ids = groups.get(group);
    if (ids === undefined) groups.set(group, (ids = { type: item.type, language, ids: [] }));
    ids.ids.push(key.slice(cut + 1));
  }
  const selections = new Map<string, string | { reason: string }>();
  const selectionOf = (type: string): string | { reason: string } => {
    let selection = selections.get(type);
    if (selection === undefined) {
      const made = tally.definition === undefined ? { text: '_id' } : itemSelection(tally.definition, type, [], MAX_QUERY_DEPTH - LEVELS_ABOVE_ITEM_FIELDS);
      selection = 'reason' in made ? { reason: `graphform cannot read the items of ${type} back: ${made.reason}` } : made.text;
      selections.set(type, selection);
    }
    return selection;
  };
  const room = fieldRoom(OPERATION) - ALIAS_ROOM;
  const batches: IdBatch[] = [];
  for (const { type, language, ids } of groups.values()) {
    const selection = selectionOf(type);
    if (typeof selection !== 'string') return selection;
    const fixed = `: ${type}(locale: [${localeValue(language)}], where: { _id: { in: [] } }, limit: ${PAGE_LIMIT}) { items { ${selection} } }`.length;
    let batch: string[] = [];
    let length = fixed;
    for (const id of ids) {
      const cost = JSON.stringify(id).length + 2;
      if (fixed + cost > room) return { reason: `graphform cannot ask for item ${id} of ${type} by its _id within the service's query length limit` };
      if (batch.length === PAGE_LIMIT || length + cost > room) {
        batches.push({ type, language, ids: batch, selection });
        batch = [];
        length = fixed;
      }
      batch.push(id);
      length += cost;
    }
    if (batch.length > 0) batches.push({ type, language, ids: batch, selection });
  }
  return batches;
}
