import type { Batch, Batcher } from './batcher.js';

const NEWLINE = 0x0a;
/** The third byte of `{"delete":…`; an index action line has `i` there. */
const DELETE_MARK = 0x64;
/** Reads are at least this large, and at most READ_MOST. */
const READ_LEAST = 64 * 1024;
const READ_MOST = 1024 * 1024;

/** Reads up to `length` bytes into target[offset…]; 0 at the end of the input. */
export type ReadInto = (target: Buffer, offset: number, length: number) => Promise<number>;

/**
 * Sends a validated wire-form file (ValidationPass.rawFiles) as it is: its bytes are read
 * straight into the buffer of the batch being filled, and cut there into records: an index
 * record is its action line and the data line after it, a delete record its action line
 * alone, each with its "\n"; empty lines between records are left out, and a last record
 * without a newline gets one. Validation made sure every action line is exactly as
 * graphform writes it, so one byte tells a delete from an index, and no line is decoded.
 *
 * Nothing is copied but what a read brings past the end of a batch (carried to the next
 * one's buffer) and records after an empty line (moved down over it). Reads are sized to
 * what the batch is likely still to take, so little is carried. The batches are those the
 * batcher cuts record by record (Batcher.add), with the same bytes.
 */
export class RawBatchReader {
  /** Bytes past batcher.used that this reader holds: the record in progress. */
  private pending = 0;
  /** Of those, how many are whole lines already read (an index action line waiting for its data line). */
  private scanned = 0;
  private line = 1;
  /** An index action line was read; its data line is next. */
  private awaitingData = false;
  /** Records and their bytes so far, for the size of the next read. */
  private records = 0;
  private recordBytes = 0;
  /** The read under way, started when the last bytes were cut. */
  private reading: Promise<number> | undefined;

  constructor(
    private readonly file: string,
    private readonly batcher: Batcher,
    private readonly limits: { maxBytes: number; maxItems: number },
  ) {}

  /**
   * Takes the read under way (or reads), cuts what it can and starts the next read, which
   * goes on while the caller sends: the batches that closed (in order), or undefined at
   * the end of the input, when the last record is in the batcher (whose last batch the
   * caller flushes, as after any file). Call settle() before giving up early.
   */
  async next(read: ReadInto): Promise<Batch[] | undefined> {
    const closed: Batch[] = [];
    const got = await (this.reading ?? this.startRead(read, closed));
    this.reading = undefined;
    if (got === 0) return this.end(closed);
    this.pending += got;
    for (const batch of this.cut()) closed.push(batch);
    this.reading = this.startRead(read, closed);
    // Its failure is seen by the next call; until then it must not count as unhandled.
    this.reading.catch(() => undefined);
    return closed;
  }

  /** Waits for the read under way, if any: the buffer it fills must not be reused before. */
  async settle(): Promise<void> {
    await this.reading?.catch(() => undefined);
    this.reading = undefined;
  }

  /** Starts a read after the bytes held, first closing the batch if it can take no more (into `closed`). */
  private startRead(read: ReadInto, closed: Batch[]): Promise<number> {
    if (this.batchIsFull()) {
      const batch = this.batcher.closeCarrying(this.pending);
      if (batch !== undefined) closed.push(batch);
    }
    // Within the batch's buffer; it grows only for a record larger than any batch.
    const room = this.batcher.target.length - this.batcher.used - this.pending;
    const want = room > 0 ? Math.min(room, this.readSize()) : this.readSize();
    const target = this.batcher.reserve(this.pending, want);
    return read(target, this.batcher.used + this.pending, want);
  }

  /**
   * The batch takes no more records: it has as many as it may, or the record being read
   * is already too large to join it (what a read brought past the buffer's end belongs to
   * the next batch anyway).
   */
  private batchIsFull(): boolean {
    const items = this.batcher.itemCount;
    return items >= this.limits.maxItems || (items > 0 && this.batcher.used + this.pending >= this.limits.maxBytes);
  }

  /** The last line, when the input does not end with a newline: it is sent with one. */
  private end(closed: Batch[]): Batch[] | undefined {
    if (this.pending === 0) return closed.length === 0 ? undefined : closed;
    const target = this.batcher.reserve(this.pending, 1);
    target[this.batcher.used + this.pending] = NEWLINE;
    this.pending += 1;
    for (const batch of this.cut()) closed.push(batch);
    // Only an unfinished record can be left (validation sees to it that none is): it goes as it is.
    if (this.pending > 0) this.take(this.batcher.used, this.pending, this.batcher.used + this.pending, this.line - 1, closed);
    this.pending = 0;
    return closed;
  }

  /** Cuts the whole records out of the bytes held, handing each to the batcher. */
  private cut(): Batch[] {
    const closed: Batch[] = [];
    let target = this.batcher.target;
    let end = this.batcher.used + this.pending;
    let recordStart = this.batcher.used;
    let start = recordStart + this.scanned;
    for (let newline = target.indexOf(NEWLINE, start); newline !== -1 && newline < end; newline = target.indexOf(NEWLINE, start)) {
      const line = this.line++;
      let recordEnd = -1;
      if (this.awaitingData) {
        recordEnd = newline + 1;
        this.awaitingData = false;
      } else if (newline === start) {
        // An empty line between records: left out.
        recordStart = newline + 1;
      } else if (target[start + 2] === DELETE_MARK) {
        recordEnd = newline + 1;
      } else {
        this.awaitingData = true;
      }
      start = newline + 1;
      if (recordEnd < 0) continue;
      const shift = this.take(recordStart, recordEnd - recordStart, end, line, closed);
      // A batch closed before the record: what followed it moved to the start of the next buffer.
      if (shift > 0) {
        target = this.batcher.target;
        end -= shift;
        start -= shift;
      }
      recordStart = start;
    }
    // What is left (a record in progress) moves down to where the batch ends, for the next read to follow.
    const used = this.batcher.used;
    if (recordStart !== used) target.copyWithin(used, recordStart, end);
    this.pending = end - recordStart;
    this.scanned = start - recordStart;
    return closed;
  }

  /** Hands one record to the batcher; how far the bytes after it moved (0 unless a batch closed). */
  private take(from: number, size: number, end: number, line: number, closed: Batch[]): number {
    const batch = this.batcher.takeInPlace(from, size, end, this.file, line);
    this.records++;
    this.recordBytes += size;
    if (batch === undefined) return 0;
    closed.push(batch);
    return from;
  }

  /**
   * Enough to finish the batch, by the records so far: a read that brings more than the
   * batch takes has the rest carried (copied) into the next batch's buffer.
   */
  private readSize(): number {
    const average = this.records === 0 ? READ_LEAST : this.recordBytes / this.records;
    const itemsLeft = Math.max(1, this.limits.maxItems - this.batcher.itemCount);
    const bytesLeft = Math.max(0, this.limits.maxBytes - this.batcher.used - this.pending);
    const likely = Math.min(itemsLeft * average, bytesLeft) + average;
    return Math.ceil(Math.min(READ_MOST, Math.max(READ_LEAST, likely)));
  }
}
