/**
 * A run of whole lines of one file, copied into memory of its own (shared memory, so a
 * worker thread reads it where it is): every line ends in "\n", and a line longer than the
 * limit is an empty line here, its number listed in `tooLong`.
 */
export interface LineBlock {
  bytes: Uint8Array;
  /** 1-based number of the first line. */
  firstLine: number;
  lineCount: number;
  /** Lines (by number) that were longer than the limit: not read, left empty. */
  tooLong: number[];
}

const NEWLINE = 0x0a;

/**
 * Memory for blocks, used again and again: a block's memory comes back once its lines are
 * checked, so reading a file of any size allocates a few buffers, not one per block for
 * the garbage collector to find. The buffers are shared memory: a worker thread reads a
 * block (and writes its results) in place, and the block stays readable here, so a block
 * whose worker failed can be checked again on this thread.
 */
export class BlockBuffers {
  private readonly free: SharedArrayBuffer[] = [];

  /** Buffers of `capacity` bytes, at most `keep` of them kept for later. */
  constructor(
    private readonly capacity: number,
    private readonly keep: number,
  ) {}

  /** `size` bytes; a size over the capacity (a long line) gets memory of its own, not shared. */
  take(size: number): Uint8Array {
    if (size > this.capacity) return new Uint8Array(size);
    return new Uint8Array(this.free.pop() ?? new SharedArrayBuffer(this.capacity), 0, size);
  }

  /** Gives a block's memory back, once nothing reads or writes it any more. */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer;
    if (buffer instanceof SharedArrayBuffer && buffer.byteLength === this.capacity && this.free.length < this.keep) this.free.push(buffer);
  }
}

/** Reads up to `length` bytes into target[offset…]; 0 at the end of the input. */
export type ReadBytes = (target: Uint8Array, offset: number, length: number) => Promise<number>;

/** One read into block memory: the line left over from the last read, then what was read. */
interface Piece {
  bytes: Uint8Array;
  /** Where the read bytes start (after the carried line). */
  offset: number;
  got: number;
}

/**
 * Reads a file straight into block memory and cuts it into blocks of whole lines, with the
 * same line numbers and the same line limit as LineSplitter: a line is too long when its
 * bytes (without the "\n") are more than `maxLineBytes`; it is left empty, its number
 * listed. Each read goes into a block's own buffer, after the unfinished line of the read
 * before (copied there: only that is ever copied), and the next read starts as soon as a
 * block is cut, while the caller checks it. A block is whatever lines one read completes.
 */
export class LineBlocks {
  /** The unfinished last line of the bytes read so far (not shared memory). */
  private carry = new Uint8Array(0);
  private carryBytes = 0;
  /** The unfinished line is already too long: its bytes are not kept. */
  private overflowing = false;
  private nextLine = 1;
  private ended = false;
  private ahead: Promise<Piece> | undefined;

  constructor(
    private readonly maxLineBytes: number,
    private readonly buffers: BlockBuffers,
    private readonly read: ReadBytes,
    /** Bytes per read. */
    private readonly readBytes: number,
  ) {}

  /** The next block, or undefined at the end of the input. */
  async next(): Promise<LineBlock | undefined> {
    for (;;) {
      if (this.ended) return this.last();
      const piece = await (this.ahead ?? this.readPiece());
      this.ahead = undefined;
      if (piece.got === 0) {
        this.buffers.give(piece.bytes);
        this.ended = true;
        continue;
      }
      const block = this.cut(piece);
      if (block === undefined) continue;
      this.ahead = this.readPiece();
      // Its failure is seen by the next call; until then it must not count as unhandled.
      this.ahead.catch(() => undefined);
      return block;
    }
  }

  /** Waits for the read under way, if any (the caller stopped early): it must end before the input closes. */
  async settle(): Promise<void> {
    const ahead = this.ahead;
    this.ahead = undefined;
    if (ahead !== undefined) this.buffers.give((await ahead.catch(() => undefined))?.bytes ?? new Uint8Array(0));
  }

  private async readPiece(): Promise<Piece> {
    const offset = this.overflowing ? 0 : this.carryBytes;
    const bytes = this.buffers.take(offset + this.readBytes);
    if (offset > 0) bytes.set(this.carry.subarray(0, offset));
    const got = await this.read(bytes, offset, this.readBytes);
    return { bytes, offset, got };
  }

  /** The lines the piece completes, as a block in its own memory; undefined when it completes none. */
  private cut(piece: Piece): LineBlock | undefined {
    const { offset } = piece;
    // As a Buffer: its indexOf is memchr.
    const bytes = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
    const end = offset + piece.got;
    let newline = bytes.indexOf(NEWLINE, offset);
    if (newline === -1 || newline >= end) {
      this.keep(bytes, 0, end);
      this.buffers.give(piece.bytes);
      return undefined;
    }
    const firstLine = this.nextLine;
    const tooLong: number[] = [];
    let lines = 0;
    let written = 0;
    let start = 0;
    // A line too long is left empty: the lines after it move down over its bytes.
    const line = (lineEnd: number, long: boolean): void => {
      if (long) {
        tooLong.push(firstLine + lines);
        bytes[written] = NEWLINE;
        written += 1;
      } else {
        if (written !== start) bytes.copyWithin(written, start, lineEnd + 1);
        written += lineEnd + 1 - start;
      }
      lines++;
      start = lineEnd + 1;
    };
    // The first line began in the reads before: already too long, or as long as it is now.
    line(newline, this.overflowing || newline > this.maxLineBytes);
    this.overflowing = false;
    for (newline = bytes.indexOf(NEWLINE, start); newline !== -1 && newline < end; newline = bytes.indexOf(NEWLINE, start)) {
      line(newline, newline - start > this.maxLineBytes);
    }
    this.carryBytes = 0;
    this.keep(bytes, start, end);
    this.nextLine += lines;
    return { bytes: piece.bytes.subarray(0, written), firstLine, lineCount: lines, tooLong };
  }

  /** The last line, when the input does not end with a newline (given one here); then nothing. */
  private last(): LineBlock | undefined {
    if (this.carryBytes === 0 && !this.overflowing) return undefined;
    const long = this.overflowing;
    const bytes = this.buffers.take(long ? 1 : this.carryBytes + 1);
    if (!long) bytes.set(this.carry.subarray(0, this.carryBytes));
    bytes[bytes.length - 1] = NEWLINE;
    const block = { bytes, firstLine: this.nextLine, lineCount: 1, tooLong: long ? [this.nextLine] : [] };
    this.carryBytes = 0;
    this.overflowing = false;
    this.nextLine += 1;
    return block;
  }

  /** Keeps bytes[from, to), the unfinished line, for the next read (not once it is too long). */
  private keep(bytes: Uint8Array, from: number, to: number): void {
    if (this.overflowing || to === from) return;
    const size = to - from;
    // from is 0 when the whole piece is one unfinished line, whose start was carried into it.
    const total = from === 0 ? size : this.carryBytes + size;
    if (total > this.maxLineBytes) {
      this.overflowing = true;
      this.carryBytes = 0;
      return;
    }
    if (this.carry.length < size) this.carry = new Uint8Array(Math.max(size, this.carry.length * 2, 64 * 1024));
    this.carry.set(bytes.subarray(from, to));
    this.carryBytes = size;
  }
}
