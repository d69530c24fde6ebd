import { isGraphformError } from '../diagnostics/errors.js';
import { SentTally } from '../graph/served.js';
import type { SourceDeclaration } from '../model/types.js';
import type { PlanSource } from '../plan/types.js';
import type { DataLedger } from '../state/types.js';
import type { ChangesToSend, SentChanges } from '../data/ledger/send-changes.js';
import { hasDataChanges } from '../plan/policy.js';
import { awaitSchema } from './schema-step.js';
import { APPLY_WAIT_CODES, duration, roundWithin, shortfallText, type ServiceWaits } from './service-waits.js';
import type { ApplyEvent, DataSyncOutcome, SourceOutcome } from './types.js';

/** What the data step takes of apply's options (ApplyOptions has them all). */
export interface DataSyncStepOptions {
  /**
   * Brings the source's items to what its `data:` files declare, against `ledger` (what
   * graphform last pushed from them): sends the items added and changed and deletes those
   * removed; `send` says which of them (ChangesToSend). Each acknowledged batch is counted
   * into `tally`. Throws when nothing could be sent.
   */
  syncData?(source: PlanSource, declaration: SourceDeclaration, ledger: DataLedger | undefined, send: ChangesToSend, tally: SentTally): Promise<SentChanges>;
  waits?: ServiceWaits;
  onEvent?(event: ApplyEvent): void;
}

/**
 * The data step of a source, after its schema requests and any re-push: sends what changed
 * in the data files, counts until GraphQL serves it, and only then returns the new ledger
 * (undefined when it must not be written: the next apply sends the items again).
 */
export async function dataSyncStep(
  options: DataSyncStepOptions,
  source: PlanSource,
  declaration: SourceDeclaration,
  ledger: DataLedger | undefined,
  send: ChangesToSend,
  outcome: SourceOutcome,
): Promise<{ ledger: DataLedger | undefined } | undefined> {
  if (options.syncData === undefined) return undefined;
  const id = declaration.id;
  const failed = (sync: DataSyncOutcome, error: string, code?: string): undefined => {
    sync.error = error;
    if (code !== undefined) sync.errorCode = code;
    outcome.dataSync = sync;
    options.onEvent?.({ type: 'data-sync', id, outcome: sync });
    return undefined;
  };
  const waits = options.waits;
  // After a types request in this apply (a partial update too) items wait for GraphQL to serve the
  // new fields: pushed before, they may never be indexed. A re-push waited already.
  const typesSent = source.requests.some((r) => r.kind === 'types.put' || r.kind === 'types.post');
  if (waits !== undefined && typesSent && outcome.schemaWait === undefined && hasDataChanges(source)) {
    const schema = await awaitSchema(waits, declaration, outcome, 'its changed data items', options.onEvent);
    if (!schema.ok)
      return failed(
        { add: 0, change: 0, delete: 0 },
        schema.stopped ? `stopped by an interrupt before GraphQL served the new schema of source ${id}` : schema.error,
        schema.stopped ? undefined : schema.code,
      );
  }
  // As the re-push does (repush-step.ts): items pushed before a changed field's new mapping
  // reaches GraphQL may never be indexed, so those not served as sent after a round's wait
  // are pushed again (the same _id and language, so nothing doubles), each round waiting
  // twice as long, within wait.servedTimeout. The deletes went with the first push.
  let sync: DataSyncOutcome | undefined;
  let synced: SentChanges | undefined;
  let waited = 0;
  for (let round = 0; ; round += 1) {
    const tally = new SentTally(declaration.definition);
    try {
      synced = await options.syncData(source, declaration, ledger, round === 0 ? send : 'writes', tally);
    } catch (error) {
      return failed(
        sync ?? { add: 0, change: 0, delete: 0 },
        error instanceof Error ? error.message : String(error),
        isGraphformError(error) ? error.code : undefined,
      );
    }
    sync = {
      add: synced.add,
      change: synced.change,
      delete: synced.delete,
      ...(synced.summary === undefined ? {} : { summary: synced.summary }),
      ...(sync?.served === undefined ? {} : { served: sync.served }),
      ...(round === 0 ? {} : { pushedAgain: round }),
    };
    if (synced.summary !== undefined && synced.summary.status !== 'sent')
      return failed(sync, `the changed data items of source ${id} were not all sent (${synced.summary.status})`);
    if (waits === undefined || synced.summary === undefined || tally.sent === 0) break;
    const served = await waits.served(
      tally,
      (report, waitedMs) => options.onEvent?.({ type: 'served-waiting', id, waitedMs: waited + waitedMs, timeoutMs: waits.servedTimeoutMs, report }),
      roundWithin(round, waited, waits),
    );
    waited += served.waitedMs;
    sync.served = { ...served, waitedMs: waited };
    if (served.outcome !== 'timeout' || waited >= waits.servedTimeoutMs || served.served === undefined) break;
  }
  if (sync.served?.outcome === 'stopped') return failed(sync, `stopped by an interrupt before GraphQL served every changed item of source ${id}`);
  if (sync.served !== undefined && sync.served.outcome !== 'done')
    return failed(
      sync,
      `GraphQL does not serve every item of source ${id} as it was sent after ${duration(sync.served.waitedMs)}${pushedAgainText(sync.pushedAgain)}: ${shortfallText(sync.served)}`,
      APPLY_WAIT_CODES.itemsNotServed,
    );
  outcome.dataSync = sync;
  options.onEvent?.({ type: 'data-sync', id, outcome: sync });
  return { ledger: synced.ledger };
}

function pushedAgainText(times: number | undefined): string {
  return times === undefined ? '' : `, its items pushed again ${times === 1 ? 'once' : `${times} times`}`;
}
