import type { Batch, Batcher } from './batcher.js';

const NEWLINE = 0x0a;
/** The third byte of `{"delete":…`; an index action line has `i` there. */
const DELETE_MARK = 0x64;

/**
 * Cuts a validated wire-form file (ValidationPass.rawFiles) into records straight from
 * the bytes read: an index record is its action line and the data line after it, a delete
 * record its action line alone, each with its "\n"; empty lines between records are left
 * out. Validation made sure every action line is exactly as graphform writes it, so one
 * byte tells a delete from an index, and no line is decoded or parsed. Only an unfinished
 * record is carried from one piece to the next.
 */
export class RawRecordCutter {
  private carry: Uint8Array | undefined;
  private line = 1;
  /** An index action line was read; its data line is next. */
  private awaitingData = false;

  constructor(
    private readonly file: string,
    private readonly batcher: Batcher,
    /** Receives each batch the batcher closes. */
    private readonly closed: (batch: Batch) => void,
  ) {}

  push(piece: Uint8Array): void {
    const buffer = this.carry === undefined ? piece : Buffer.concat([this.carry, piece]);
    this.carry = undefined;
    // The carry starts with the record being read: skip its action line, already counted.
    let recordStart = 0;
    let start = this.awaitingData ? buffer.indexOf(NEWLINE) + 1 : 0;
    for (let end = buffer.indexOf(NEWLINE, start); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      const line = this.line++;
      if (this.awaitingData) {
        this.emit(buffer, recordStart, end + 1, line);
        this.awaitingData = false;
      } else if (end > start) {
        if (buffer[start + 2] === DELETE_MARK) this.emit(buffer, start, end + 1, line);
        else this.awaitingData = true;
      }
      start = end + 1;
      if (!this.awaitingData) recordStart = start;
    }
    if (recordStart < buffer.length) this.carry = buffer.subarray(recordStart);
  }

  /** The last record, when the file does not end with a newline: it is sent with one. */
  end(): void {
    const carry = this.carry;
    this.carry = undefined;
    if (carry === undefined) return;
    const record = Buffer.concat([carry, Uint8Array.of(NEWLINE)]);
    this.emit(record, 0, record.length, this.line);
  }

  private emit(source: Uint8Array, start: number, end: number, line: number): void {
    const batch = this.batcher.addRaw(source, start, end, this.file, line);
    if (batch !== undefined) this.closed(batch);
  }
}
