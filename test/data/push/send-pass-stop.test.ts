import { appendFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';
import { RecordingClient } from '../recording-client.js';

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

const base = { declaration: shopDeclaration(), config: DATA_CONFIG, skipInvalid: false, maxErrors: 50, dryRun: false };
const products = (from: number, to: number): Record<string, unknown>[] => Array.from({ length: to - from }, (_, i) => product(`p${from + i}`));

describe('send pass that stops early', () => {
  it('waits for the batches in flight and reports what was sent when a later file changed', async () => {
    await tmp.write('a.ndjson', wireLines(products(0, 10)));
    const b = await tmp.write('b.ndjson', wireLines(products(10, 12)));
    const client = new RecordingClient({ delayMs: 5, onCall: (call) => call === 1 && appendFileSync(b, wireLines([product('late')])) });
    const push = pushData({ ...base, client, files: ['a.ndjson', 'b.ndjson'], cwd: tmp.dir, config: { ...DATA_CONFIG, batchMaxItems: 3, concurrency: 4 } });
    const error = await push.then(
      () => undefined,
      (e: unknown) => e,
    );
    // Nothing is still running once the push has answered, and every answer is counted.
    expect({ inFlight: client.inFlight, bodies: client.bodies.length }).toEqual({ inFlight: 0, bodies: 3 });
    expect(error).toMatchObject({
      code: 'GF_DATA_FILE_CHANGED',
      details: { sourceId: 'shop', itemsSent: 9, batches: 3, failedBatches: [] },
      message: 'b.ndjson changed after it was validated; nothing more was sent from it. Before it stopped, 9 items in 3 batches were sent to source shop.',
    });
    expect(client.lines().some((l) => l.includes('late'))).toBe(false);
  });

  it('never sends lines appended to a file while it is being sent', async () => {
    // More than one read chunk (1 MiB), so the reader comes back for more after the append.
    const file = await tmp.write('a.ndjson', wireLines(products(0, 6000)));
    const late = wireLines([product('late', 'de', { Quantity: 'unvalidated' })]);
    const client = new RecordingClient({ onCall: (call) => call === 1 && appendFileSync(file, late) });
    const push = pushData({ ...base, client, files: ['a.ndjson'], cwd: tmp.dir, config: { ...DATA_CONFIG, batchMaxItems: 100 } });
    await expect(push).rejects.toMatchObject({ code: 'GF_DATA_FILE_CHANGED', message: expect.stringContaining('a.ndjson changed while it was being sent') as unknown });
    expect(client.inFlight).toBe(0);
    expect(client.lines().some((l) => l.includes('late') || l.includes('unvalidated'))).toBe(false);
  });
});
