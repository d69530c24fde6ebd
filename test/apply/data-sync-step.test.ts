import { describe, expect, it } from 'vitest';
import { dataSyncStep, type DataSyncStepOptions } from '../../src/apply/data-sync-step.js';
import type { ServiceWaits } from '../../src/apply/service-waits.js';
import type { SourceOutcome } from '../../src/apply/types.js';
import type { ChangesToSend, SentChanges } from '../../src/data/ledger/send-changes.js';
import type { ServedReport } from '../../src/graph/served.js';
import type { SourceDeclaration } from '../../src/model/types.js';
import type { PlanSource } from '../../src/plan/types.js';
import type { DataLedger } from '../../src/state/types.js';
import { sampleDefinition } from '../helpers/emulator.js';

/**
 * The data step's rounds, against a service of fakes: a push the served count does not
 * confirm within a round's wait is sent again (the added and changed items only: the deletes
 * went with the first push), each round waiting twice as long, within wait.servedTimeout.
 */
const definition = sampleDefinition();
const declaration: SourceDeclaration = { id: 'shop', definition, data: ['data/*.ndjson'], file: 'content-sources/shop.yaml' };
const source: PlanSource = { id: 'shop', action: 'none', dataLoss: false, reasons: [], changes: [], requests: [] };
const LEDGER = { version: 1 } as unknown as DataLedger;
const NEXT = { version: 2 } as unknown as DataLedger;
const [type = 'Product'] = Object.keys(definition.contentTypes);
const LINE = `${JSON.stringify({ index: { _id: 'lamp', language_routing: 'en' } })}\n${JSON.stringify({ ContentType: [type], Status: 'Published', _rbac: 'r:Everyone:Read' })}\n`;

interface Run {
  sends: ChangesToSend[];
  withins: Array<number | undefined>;
}

/** A service whose served count answers `answers` in turn, each round's wait taken whole when it times out. */
function service(
  answers: ReadonlyArray<'timeout' | 'done' | 'uncounted'>,
  servedTimeoutMs: number,
  linesSent = LINE,
): { options: DataSyncStepOptions; run: Run } {
  const run: Run = { sends: [], withins: [] };
  const waits: ServiceWaits = {
    schemaTimeoutMs: 1000,
    servedTimeoutMs,
    schema: () => Promise.reject(new Error('no types request was sent: the schema is not waited for')),
    served: (tally, _onWaiting, withinMs) => {
      const answer = answers[run.withins.length] ?? 'timeout';
      run.withins.push(withinMs);
      const report: ServedReport = {
        outcome: answer === 'done' ? 'done' : 'timeout',
        sent: tally.sent,
        served: answer === 'done' ? tally.sent : answer === 'uncounted' ? undefined : 0,
        pairs: [{ type, language: 'en', sent: tally.sent, served: answer === 'done' ? tally.sent : answer === 'uncounted' ? undefined : 0 }],
        journalIds: [],
        waitedMs: answer === 'done' ? 10 : (withinMs ?? servedTimeoutMs),
        ...(answer === 'timeout' ? { notServed: { missing: 1, stale: 0, first: ['lamp in en (not served)'] } } : {}),
      };
      return Promise.resolve(report);
    },
  };
  const options: DataSyncStepOptions = {
    waits,
    syncData: (_source, _declaration, ledger, send, tally) => {
      expect(ledger).toBe(LEDGER);
      run.sends.push(send);
      if (send !== 'deletes') tally.add(linesSent, { journalId: `j${run.sends.length}` });
      const sent: SentChanges = { add: 0, change: 1, delete: 1, summary: summaryOf(send === 'deletes' ? 1 : 2), ledger: NEXT };
      return Promise.resolve(sent);
    },
  };
  return { options, run };
}

function summaryOf(itemsSent: number): NonNullable<SentChanges['summary']> {
  return { status: 'sent', itemsSent, batches: 1 } as NonNullable<SentChanges['summary']>;
}

function outcomeOf(): SourceOutcome {
  return { id: 'shop', action: 'none', status: 'applied', durationMs: 0 } as SourceOutcome;
}

describe('the data step pushes again what GraphQL does not serve as sent', () => {
  it('sends the added and changed items again after a round not served, and records the ledger once served', async () => {
    const { options, run } = service(['timeout', 'done'], 10_000);
    const outcome = outcomeOf();
    const synced = await dataSyncStep(options, source, declaration, LEDGER, 'all', outcome);
    expect(synced).toEqual({ ledger: NEXT });
    expect(run.sends).toEqual(['all', 'writes']);
    expect(run.withins).toEqual([2000, 4000]);
    expect(outcome.dataSync).toMatchObject({ pushedAgain: 1, served: { outcome: 'done', waitedMs: 2010 } });
    expect(outcome.dataSync?.error).toBeUndefined();
  });

  it('waits twice as long each round, never past wait.servedTimeout, and fails naming the rounds when never served', async () => {
    const { options, run } = service([], 9000);
    const outcome = outcomeOf();
    expect(await dataSyncStep(options, source, declaration, LEDGER, 'all', outcome)).toBeUndefined();
    expect(run.withins).toEqual([2000, 4000, 3000]);
    expect(run.sends).toEqual(['all', 'writes', 'writes']);
    expect(outcome.dataSync).toMatchObject({ pushedAgain: 2, errorCode: 'GF_APPLY_ITEMS_NOT_SERVED', served: { waitedMs: 9000 } });
    expect(outcome.dataSync?.error).toBe(
      `GraphQL does not serve every item of source shop as it was sent after 9s, its items pushed again 2 times: ${type} in en (sent 1, served 0); not confirmed: lamp in en (not served)`,
    );
  });

  it('does not push again when the served count could not be made', async () => {
    const { options, run } = service(['uncounted'], 10_000);
    const outcome = outcomeOf();
    expect(await dataSyncStep(options, source, declaration, LEDGER, 'all', outcome)).toBeUndefined();
    expect(run.sends).toEqual(['all']);
    expect(outcome.dataSync?.pushedAgain).toBeUndefined();
  });

  it('sends the deletes alone once after a whole re-push: nothing is counted, so nothing is waited for', async () => {
    const { options, run } = service([], 10_000);
    const outcome = outcomeOf();
    expect(await dataSyncStep(options, source, declaration, LEDGER, 'deletes', outcome)).toEqual({ ledger: NEXT });
    expect(run.sends).toEqual(['deletes']);
    expect(run.withins).toEqual([]);
  });
});
