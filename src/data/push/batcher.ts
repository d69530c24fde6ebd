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

/** More bodies than are ever in flight at once. */
const MAX_SPARE = 16;

export interface BatchLimits {
  maxBytes: number;
  maxItems: number;
}

/**
 * Cuts records into batches bounded by bytes and by item count. A record is never split:
 * one larger than maxBytes travels alone in its own batch. Records come serialized (text)
 * or as bytes of a file; either way they are copied at once into the batch's buffer, so
 * the caller may reuse its own. A batch's body is that buffer: once sent, recycle() gives
 * it back for a later batch, so a push of any size uses about `concurrency + 1` buffers.
 */
export class Batcher {
  private readonly capacity: number;
  private readonly spare: Buffer[] = [];
  private assembly: Buffer;
  private filled = 0;
  private items = 0;
  private firstFile = '';
  private firstLine = 0;
  private lastFile = '';
  private lastLine = 0;
  private cut = 0;

  constructor(private readonly limits: BatchLimits) {
    // Most batches fill up to maxBytes; a larger record makes room for itself. Memory is touched only as it is written.
    this.capacity = Math.min(limits.maxBytes, 64 * 1024 * 1024);
    this.assembly = Buffer.allocUnsafeSlow(this.capacity);
  }

  /** Adds one serialized record; returns the batch it closed, if adding it would overflow. */
  add(text: string, location: DataLocation): Batch | undefined {
    const size = Buffer.byteLength(text);
    const closed = this.makeRoom(size);
    this.filled += this.assembly.write(text, this.filled, 'utf8');
    this.count(location.file, location.line);
    return closed;
  }

  /**
   * Adds one record of a file's bytes: `head` (the part read before, if any) and then
   * `source[start, end)`. Returns the batch it closed, if any.
   */
  addRaw(head: Buffer | undefined, source: Buffer, start: number, end: number, file: string, line: number): Batch | undefined {
    const headBytes = head?.length ?? 0;
    const closed = this.makeRoom(headBytes + end - start);
    // copy() takes offsets: nothing is allocated per record.
    if (head !== undefined) head.copy(this.assembly, this.filled);
    source.copy(this.assembly, this.filled + headBytes, start, end);
    this.filled += headBytes + end - start;
    this.count(file, line);
    return closed;
  }

  /**
   * The batch's buffer, for a reader that reads a file straight into it (RawBatchReader):
   * bytes past `used` are its own until it hands them over with takeInPlace.
   */
  get target(): Buffer {
    return this.assembly;
  }

  /** Bytes of the batch in progress. */
  get used(): number {
    return this.filled;
  }

  /**
   * Room for `extra` bytes after the `keep` bytes the caller holds past `used`: the buffer
   * grows (keeping them) when it has not that much. Returns the buffer (target).
   */
  reserve(keep: number, extra: number): Buffer {
    const needed = this.filled + keep + extra;
    if (needed > this.assembly.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(needed, this.assembly.length * 2));
      this.assembly.copy(larger, 0, 0, this.filled + keep);
      this.assembly = larger;
    }
    return this.assembly;
  }

  /**
   * Adds the record at target[from, from + size), read there by the caller past `used`;
   * `through` ends the caller's bytes. Like addRaw, it first closes the batch when the record
   * would overflow it: then the record and every byte after it up to `through` move to the
   * start of the next batch's buffer (positions from `from` on shift by -from). Otherwise the
   * record moves down to `used` when it is not there already, and the bytes after it stay.
   */
  takeInPlace(from: number, size: number, through: number, file: string, line: number): Batch | undefined {
    let closed: Batch | undefined;
    if (this.items > 0 && (this.filled + size > this.limits.maxBytes || this.items >= this.limits.maxItems)) {
      closed = this.flushCarrying(from, through);
    } else if (from !== this.filled) {
      this.assembly.copyWithin(this.filled, from, from + size);
    }
    this.filled += size;
    this.count(file, line);
    return closed;
  }

  /** Records in the batch in progress. */
  get itemCount(): number {
    return this.items;
  }

  /**
   * Closes the batch in progress (it has records) when the caller knows the record it is
   * reading cannot join it; the `keep` bytes it holds past `used` move to the next buffer.
   */
  closeCarrying(keep: number): Batch | undefined {
    return this.items === 0 ? undefined : this.flushCarrying(this.filled, this.filled + keep);
  }

  private flushCarrying(from: number, through: number): Batch | undefined {
    const carried = this.assembly;
    const closed = this.flush();
    if (this.assembly.length < through - from) this.assembly = Buffer.allocUnsafeSlow(through - from);
    carried.copy(this.assembly, 0, from, through);
    return closed;
  }

  /** The batch in progress, if any: call once at the end. */
  flush(): Batch | undefined {
    if (this.items === 0) return undefined;
    const batch: Batch = {
      number: ++this.cut,
      body: this.assembly.subarray(0, this.filled),
      items: this.items,
      first: { file: this.firstFile, line: this.firstLine },
      last: { file: this.lastFile, line: this.lastLine },
    };
    this.assembly = this.spare.pop() ?? Buffer.allocUnsafeSlow(this.capacity);
    this.filled = 0;
    this.items = 0;
    return batch;
  }

  /** Takes back the body of a batch that is done with (sent, failed or counted in a dry run). */
  recycle(batch: Batch): void {
    const buffer = batch.body.buffer;
    if (batch.body.byteOffset === 0 && buffer.byteLength === this.capacity && this.spare.length < MAX_SPARE) this.spare.push(Buffer.from(buffer));
  }

  /** Closes the batch when the record would overflow it, and makes the buffer big enough for the record. */
  private makeRoom(size: number): Batch | undefined {
    const closed = this.items > 0 && (this.filled + size > this.limits.maxBytes || this.items >= this.limits.maxItems) ? this.flush() : undefined;
    if (this.filled + size > this.assembly.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(this.filled + size, this.assembly.length * 2));
      this.assembly.copy(larger, 0, 0, this.filled);
      this.assembly = larger;
    }
    return closed;
  }

  private count(file: string, line: number): void {
    if (this.items === 0) {
      this.firstFile = file;
      this.firstLine = line;
    }
    this.items++;
    this.lastFile = file;
    this.lastLine = line;
  }
}
