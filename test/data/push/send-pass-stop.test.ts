import { appendFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';
import type { PushResult } from '../../../src/graph/types.js';
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

  it('starts no batch after an interrupt, even one that was waiting for a free slot when it came', async () => {
    await tmp.write('a.ndjson', wireLines(products(0, 5)));
    const stop = new AbortController();
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = (): void => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const client = new RecordingClient();
    const recorded = client.pushData.bind(client);
    // The first batch stays in flight until the test opens the gate; the second waits for its slot meanwhile.
    client.pushData = async (id: string, body: string | Uint8Array): Promise<PushResult> => {
      if (client.bodies.length === 0 && client.inFlight === 0) {
        started();
        await gate;
      }
      return recorded(id, body);
    };
    const push = pushData({
      ...base,
      client,
      stop: stop.signal,
      files: ['a.ndjson'],
      cwd: tmp.dir,
      config: { ...DATA_CONFIG, batchMaxItems: 1, concurrency: 1 },
    });
    await firstStarted;
    // Everything up to the reader's wait for a slot runs in microtasks, done before this I/O turn ends.
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort('SIGTERM');
    open();
    const summary = await push;
    expect(summary.status).toBe('stopped');
    expect(client.bodies).toHaveLength(1);
    expect(summary).toMatchObject({ itemsSent: 1, itemsNotSent: 4, batches: 1 });
  });

  it('never sends lines appended to a file while it is being sent', async () => {
    // More than one read chunk (1 MiB), so the reader comes back for more after the append.
    const file = await tmp.write('a.ndjson', wireLines(products(0, 6000)));
    const late = wireLines([product('late', 'de', { Quantity: 'unvalidated' })]);
    const client = new RecordingClient({ onCall: (call) => call === 1 && appendFileSync(file, late) });
    const push = pushData({ ...base, client, files: ['a.ndjson'], cwd: tmp.dir, config: { ...DATA_CONFIG, batchMaxItems: 100 } });
    await expect(push).rejects.toMatchObject({
      code: 'GF_DATA_FILE_CHANGED',
      message: expect.stringContaining('a.ndjson changed while it was being sent') as unknown,
    });
    expect(client.inFlight).toBe(0);
    expect(client.lines().some((l) => l.includes('late') || l.includes('unvalidated'))).toBe(false);
  });
});
