import { DEFAULT_DATA } from '../../src/config/defaults.js';
import { pushData } from '../../src/data/push/push-data.js';
import { createGraphClient } from '../../src/graph/client.js';
import { BENCH_SOURCE } from './bench-source.js';
import { measured, storedItems, type RunResult } from './measure.js';

export interface GraphformRunArgs {
  url: string;
  credentials: { appKey: string; secret: string };
  file: string;
  scheme: 'basic' | 'hmac';
}

/** graphform's pipeline end to end: validation pass, then the send pass, default batching. */
export async function run(args: GraphformRunArgs): Promise<RunResult> {
  const client = createGraphClient({ baseUrl: args.url, auth: { scheme: args.scheme, ...args.credentials } });
  await client.putTypes(BENCH_SOURCE.id, BENCH_SOURCE.definition);
  const { value: summary, ...m } = await measured(() =>
    pushData({ client, declaration: BENCH_SOURCE, files: [args.file], config: DEFAULT_DATA, skipInvalid: false, maxErrors: 50, dryRun: false }),
  );
  if (summary.status !== 'sent') throw new Error(`push ended ${summary.status}: ${JSON.stringify(summary.validation.diagnostics.slice(0, 3))}`);
  return {
    name: `graphform data push (${args.scheme === 'hmac' ? 'epi-hmac' : 'Basic'})`,
    items: summary.itemsSent,
    batches: summary.batches,
    bytes: summary.bytes,
    ...m,
    stored: await storedItems(args.url, BENCH_SOURCE.id),
    notes: `validation pass ${summary.validateSeconds.toFixed(1)} s`,
  };
}
