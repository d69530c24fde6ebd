import type { Batch, Batcher } from './batcher.js';

const NEWLINE = 0x0a;
/** Ends a last record that has no newline of its own. */
const FINAL_NEWLINE = Buffer.from([NEWLINE]);
/** The third byte of `{"delete":…`; an index action line has `i` there. */
const DELETE_MARK = 0x64;

/**
 * Cuts a validated wire-form file (ValidationPass.rawFiles) into records straight from
 * the bytes read: an index record is its action line and the data line after it, a delete
 * record its action line alone, each with its "\n"; empty lines between records are left
 * out. Validation made sure every action line is exactly as graphform writes it, so one
 * byte tells a delete from an index, and no line is decoded or parsed. Records go to the
 * batcher, which copies them at once: the caller may reuse each piece after push(). Only
 * an unfinished record is kept from one piece to the next.
 */
export class RawRecordCutter {
  private partial: Buffer = Buffer.alloc(0);
  private partialBytes = 0;
  private line = 1;
  /** An index action line was read; its data line is next. */
  private awaitingData = false;

  constructor(
    private readonly file: string,
    private readonly batcher: Batcher,
    /** Receives each batch the batcher closes. */
    private readonly closed: (batch: Batch) => void,
  ) {}

  push(piece: Buffer): void {
    // The record being read starts at `recordStart`, after the `partial` bytes of earlier pieces.
    let recordStart = 0;
    let start = 0;
    for (let end = piece.indexOf(NEWLINE); end !== -1; end = piece.indexOf(NEWLINE, start)) {
      const line = this.line++;
      const continued = recordStart === 0 && this.partialBytes > 0;
      if (this.awaitingData) {
        this.emit(continued, piece, recordStart, end + 1, line);
        this.awaitingData = false;
      } else if (end === start && !continued) {
        // An empty line between records.
      } else if ((continued ? this.byteAt(2, piece) : piece[start + 2]) === DELETE_MARK) {
        this.emit(continued, piece, recordStart, end + 1, line);
      } else {
        this.awaitingData = true;
      }
      start = end + 1;
      if (!this.awaitingData) {
        recordStart = start;
        if (continued) this.partialBytes = 0;
      }
    }
    this.keep(piece.subarray(recordStart));
  }

  /** The last record, when the file does not end with a newline: it is sent with one. */
  end(): void {
    if (this.partialBytes === 0) return;
    this.emit(true, FINAL_NEWLINE, 0, 1, this.line);
    this.partialBytes = 0;
  }

  private emit(continued: boolean, source: Buffer, start: number, end: number, line: number): void {
    const head = continued ? this.partial.subarray(0, this.partialBytes) : undefined;
    const batch = this.batcher.addRaw(head, source, start, end, this.file, line);
    if (continued) this.partialBytes = 0;
    if (batch !== undefined) this.closed(batch);
  }

  /** Byte `at` of the record that began in earlier pieces. */
  private byteAt(at: number, piece: Buffer): number | undefined {
    return at < this.partialBytes ? this.partial[at] : piece[at - this.partialBytes];
  }

  /** Copies what is left of the piece: it may be overwritten by the next read. */
  private keep(rest: Buffer): void {
    if (rest.length === 0) return;
    if (this.partialBytes + rest.length > this.partial.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(this.partialBytes + rest.length, this.partial.length * 2, 64 * 1024));
      this.partial.copy(larger, 0, 0, this.partialBytes);
      this.partial = larger;
    }
    rest.copy(this.partial, this.partialBytes);
    this.partialBytes += rest.length;
  }
}
