import { isGraphformError } from '../diagnostics/errors.js';
import { SentTally, type ServedReport } from '../graph/served.js';
import type { SourceDeclaration } from '../model/types.js';
import type { PendingSnapshot } from '../state/types.js';
import type { PushSummary } from '../data/types.js';
import { awaitSchema } from './schema-step.js';
import { APPLY_WAIT_CODES, duration, roundWithin, shortfallText, type ServiceWaits } from './service-waits.js';
import type { ApplyEvent, SourceOutcome } from './types.js';

/** What the re-push takes of apply's options (ApplyOptions has them all). */
export interface RepushStepOptions {
  repushData?(declaration: SourceDeclaration, tally: SentTally, snapshot?: PendingSnapshot): Promise<PushSummary | undefined>;
  waits?: ServiceWaits;
  onEvent?(event: ApplyEvent): void;
}

/**
 * The re-push after a create or full update: waits for GraphQL to serve the new schema,
 * pushes the snapshot of kept items and the `data:` files, then counts until what is served
 * matches what was sent. What happened goes into `outcome`; nothing throws.
 */
export async function repush(
  options: RepushStepOptions,
  declaration: SourceDeclaration,
  outcome: SourceOutcome,
  snapshot: PendingSnapshot | undefined,
): Promise<void> {
  const id = declaration.id;
  const failRepush = (error: string, code?: string, hint?: string): void => {
    outcome.repushError = error;
    if (code !== undefined) outcome.repushErrorCode = code;
    if (hint !== undefined) outcome.repushHint = hint;
    options.onEvent?.({ type: 'repush', id, summary: outcome.repush, error, ...(code === undefined ? {} : { code }) });
  };
  try {
    const waits = options.waits;
    if (waits !== undefined) {
      const schema = await awaitSchema(waits, declaration, outcome, 'its data files', options.onEvent);
      // An interrupt ends the wait: nothing is pushed, the pending marker stays for the next apply.
      if (!schema.ok && schema.stopped) return;
      if (!schema.ok) {
        failRepush(schema.error, schema.code);
        return;
      }
    }
    let served: ServedReport | undefined;
    let waited = 0;
    for (let round = 0; ; round += 1) {
      const tally = new SentTally(declaration.definition);
      const summary = await options.repushData?.(declaration, tally, snapshot);
      if (summary !== undefined) outcome.repush = summary;
      options.onEvent?.({ type: 'repush', id, summary, ...(snapshot === undefined ? {} : { kept: snapshot.items }), ...(round === 0 ? {} : { again: round }) });
      if (waits === undefined || summary?.status !== 'sent') return;
      served = await waits.served(
        tally,
        (report, waitedMs) => options.onEvent?.({ type: 'served-waiting', id, waitedMs: waited + waitedMs, timeoutMs: waits.servedTimeoutMs, report }),
        roundWithin(round, waited, waits),
      );
      waited += served.waitedMs;
      // A changed field's new mapping reaches GraphQL minutes after the types request, and
      // GraphQL names no sign of it (a searchable switch keeps the field's name and type):
      // items pushed before it may never be indexed. So items not served as sent are pushed
      // again, the same items by _id and language, until they are or the time is up.
      if (served.outcome !== 'timeout' || waited >= waits.servedTimeoutMs || served.served === undefined) break;
    }
    served = { ...served, waitedMs: waited };
    outcome.served = served;
    options.onEvent?.({ type: 'served', id, report: served });
    if (served.outcome === 'done') return;
    if (served.outcome === 'stopped') {
      outcome.repushError = `stopped by an interrupt before GraphQL served every item of source ${id}`;
      return;
    }
    failRepush(
      `GraphQL does not serve every item of source ${id} as it was sent after ${duration(served.waitedMs)}: ${shortfallText(served)}`,
      APPLY_WAIT_CODES.itemsNotServed,
    );
  } catch (error) {
    if (isGraphformError(error)) failRepush(error.message, error.code, error.hint);
    else failRepush(error instanceof Error ? error.message : String(error));
  }
}
