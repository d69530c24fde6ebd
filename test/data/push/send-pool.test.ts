import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../src/data/push/batcher.js';
import { SendPool } from '../../../src/data/push/send-pool.js';
import { GraphformError } from '../../../src/diagnostics/errors.js';

const batch = (n: number): Batch => ({
  number: n,
  body: Buffer.from(`b${n}\n`),
  items: 2,
  first: { file: 'f', line: n * 4 - 2 },
  last: { file: 'f', line: n * 4 },
});

describe('SendPool', () => {
  it('never has more than `concurrency` batches in flight', async () => {
    let inFlight = 0;
    let max = 0;
    const pool = new SendPool(3, async () => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
    });
    for (let n = 1; n <= 20; n++) expect(await pool.submit(batch(n))).toBe(true);
    await pool.drain();
    expect(max).toBe(3);
    expect([pool.batchesSent, pool.itemsSent, pool.bytesSent]).toEqual([20, 40, 20 * 3 + 11 * 1]);
  });

  it('stops taking batches after a failure and reports it with its items', async () => {
    const pool = new SendPool(1, async (b) => {
      if (b.number === 2) throw new GraphformError('GF_GRAPH_HTTP_500', 'service error');
    });
    expect(await pool.submit(batch(1))).toBe(true);
    expect(await pool.submit(batch(2))).toBe(true);
    expect(await pool.submit(batch(3))).toBe(false);
    await pool.drain();
    expect(pool.failures).toEqual([
      { batch: 2, items: 2, first: { file: 'f', line: 6 }, last: { file: 'f', line: 8 }, code: 'GF_GRAPH_HTTP_500', message: 'service error' },
    ]);
    expect(pool.batchesSent).toBe(1);
  });
});
