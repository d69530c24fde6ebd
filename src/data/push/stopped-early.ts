import { GraphformError, isGraphformError } from '../../diagnostics/errors.js';
import type { FailedBatch } from '../types.js';

/** What the send pass had done when it stopped. */
export interface SentSoFar {
  sourceId: string;
  dryRun: boolean;
  itemsSent: number;
  batches: number;
  bytes: number;
  failedBatches: readonly FailedBatch[];
}

/**
 * The error that stopped a send pass (a file changed, a read failed), told together with
 * what had been sent by then: the push summary never comes, so the error carries it, in
 * its message for people and its details for scripts. Anything but a GraphformError is a
 * bug and goes on unchanged.
 */
export function stoppedEarly(error: unknown, sent: SentSoFar): unknown {
  if (!isGraphformError(error)) return error;
  const failed = sent.failedBatches.map((f) => ({
    batch: f.batch,
    items: f.items,
    first: { ...f.first },
    last: { ...f.last },
    code: f.code ?? null,
    message: f.message,
  }));
  return new GraphformError(error.code, sent.dryRun ? error.message : `${error.message} ${describe(sent)}`, {
    details: {
      ...error.details,
      sourceId: sent.sourceId,
      dryRun: sent.dryRun,
      itemsSent: sent.itemsSent,
      batches: sent.batches,
      bytes: sent.bytes,
      failedBatches: failed,
    },
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error,
  });
}

function describe(sent: SentSoFar): string {
  const what = sent.itemsSent === 0 ? 'nothing was sent' : `${count(sent.itemsSent, 'item')} in ${count(sent.batches, 'batch', 'batches')} were sent`;
  const first = sent.failedBatches[0];
  const failures =
    first === undefined
      ? ''
      : `; ${count(sent.failedBatches.length, 'batch', 'batches')} failed (batch ${first.batch}, ${first.first.file}:${first.first.line}: ${first.message})`;
  return `Before it stopped, ${what} to source ${sent.sourceId}${failures}.`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
