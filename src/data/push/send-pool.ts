import { isGraphformError } from '../../diagnostics/errors.js';
import type { FailedBatch } from '../types.js';
import type { Batch } from './batcher.js';

/**
 * Sends batches with at most `concurrency` in flight. `submit` waits for a free slot, which
 * is the backpressure that keeps memory flat: the reader never runs more than
 * `concurrency` batches ahead. After the first failure no new batch starts (a re-run is
 * safe: indexing by _id is idempotent); the batches in flight finish.
 */
export class SendPool {
  private readonly inFlight = new Set<Promise<void>>();
  readonly failures: FailedBatch[] = [];
  itemsSent = 0;
  bytesSent = 0;
  batchesSent = 0;

  constructor(
    private readonly concurrency: number,
    private readonly send: (batch: Batch) => Promise<unknown>,
    private readonly onSettled: () => void = () => undefined,
  ) {}

  get stopped(): boolean {
    return this.failures.length > 0;
  }

  /** Resolves once fewer than `concurrency` batches are in flight. */
  async slot(): Promise<void> {
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
  }

  /** Starts sending the batch once a slot is free; false when sending has stopped. */
  async submit(batch: Batch): Promise<boolean> {
    await this.slot();
    if (this.stopped) return false;
    const task = this.run(batch).finally(() => {
      this.inFlight.delete(task);
      this.onSettled();
    });
    this.inFlight.add(task);
    return true;
  }

  /** Waits for every batch in flight. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
  }

  private async run(batch: Batch): Promise<void> {
    try {
      await this.send(batch);
      this.itemsSent += batch.items;
      this.bytesSent += batch.body.length;
      this.batchesSent++;
    } catch (error) {
      this.failures.push({
        batch: batch.number,
        items: batch.items,
        first: batch.first,
        last: batch.last,
        code: isGraphformError(error) ? error.code : undefined,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
