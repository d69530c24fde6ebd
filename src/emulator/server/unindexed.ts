import type { IncomingMessage } from 'node:http';
import type { ParsedBatch } from '../graph/data-batch.js';

/**
 * The `unindexed` fault (FaultRule.unindexed): a data request the service accepts (200,
 * journalId) while its indexer leaves some items out, so GraphQL goes on serving what it
 * served before, the earlier version of an updated item or nothing of a new one. The fault
 * is taken before routing; the request it marks carries the ids to the data route.
 */
const marks = new WeakMap<IncomingMessage, ReadonlySet<string>>();

export function markUnindexed(req: IncomingMessage, ids: readonly string[]): void {
  marks.set(req, new Set(ids));
}

/** The batch without the index operations of the items the request's fault leaves unindexed, and how many those were. */
export function withoutUnindexed(req: IncomingMessage, batch: ParsedBatch): { batch: ParsedBatch; left: number } {
  const ids = marks.get(req);
  if (ids === undefined) return { batch, left: 0 };
  const ops = batch.ops.filter((op) => op.kind !== 'index' || !ids.has(op.id));
  return { batch: { ...batch, ops }, left: batch.ops.length - ops.length };
}
