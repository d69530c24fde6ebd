import type { DataLocation } from '../types.js';

/** One request body in the making, or ready to send. */
export interface Batch {
  /** 1-based, in the order batches are cut. */
  number: number;
  body: Buffer;
  items: number;
  first: DataLocation;
  last: DataLocation;
}

export interface BatchLimits {
  maxBytes: number;
  maxItems: number;
}

/**
 * Cuts serialized records into batches bounded by bytes and by item count. A record is
 * never split: one larger than maxBytes travels alone in its own batch.
 */
export class Batcher {
  private parts: string[] = [];
  private bytes = 0;
  private first: DataLocation | undefined;
  private last: DataLocation | undefined;
  private cut = 0;

  constructor(private readonly limits: BatchLimits) {}

  /** Adds one serialized record; returns the batch it closed, if adding it would overflow. */
  add(text: string, location: DataLocation): Batch | undefined {
    const size = Buffer.byteLength(text);
    let closed: Batch | undefined;
    if (this.parts.length > 0 && (this.bytes + size > this.limits.maxBytes || this.parts.length >= this.limits.maxItems)) closed = this.flush();
    this.parts.push(text);
    this.bytes += size;
    this.first ??= location;
    this.last = location;
    return closed;
  }

  /** The batch in progress, if any: call once at the end. */
  flush(): Batch | undefined {
    if (this.parts.length === 0 || this.first === undefined || this.last === undefined) return undefined;
    const batch: Batch = { number: ++this.cut, body: Buffer.from(this.parts.join(''), 'utf8'), items: this.parts.length, first: this.first, last: this.last };
    this.parts = [];
    this.bytes = 0;
    this.first = undefined;
    this.last = undefined;
    return batch;
  }
}
