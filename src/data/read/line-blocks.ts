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

/**
 * Cuts a file's bytes, as they are read, into blocks of whole lines, with the same line
 * numbers and the same line limit as LineSplitter: a line is too long when its bytes
 * (without the "\n") are more than `maxLineBytes`. Only the unfinished last line is held
 * between pieces (copied: a piece may be overwritten once push() returns), and not even
 * that once it is known to be too long.
 */
export class LineBlocker {
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  private overflowing = false;
  private nextLine = 1;

  constructor(
    private readonly maxLineBytes: number,
    private readonly buffers: BlockBuffers = new BlockBuffers(0, 0),
  ) {}

  /** The lines completed by this piece, or undefined when it completes none. */
  push(piece: Uint8Array): LineBlock | undefined {
    let newline = piece.indexOf(NEWLINE);
    if (newline === -1) {
      this.keep(piece);
      return undefined;
    }
    const builder = new BlockBuilder(this.nextLine, this.buffers);
    // The first line may have begun in earlier pieces.
    if (this.overflowing || this.carryBytes + newline > this.maxLineBytes) builder.tooLong();
    else builder.line([...this.carry, piece.subarray(0, newline + 1)]);
    this.carry = [];
    this.carryBytes = 0;
    this.overflowing = false;
    let start = newline + 1;
    // Lines inside the piece are copied as one run until a line too long interrupts it.
    let runStart = start;
    for (newline = piece.indexOf(NEWLINE, start); newline !== -1; newline = piece.indexOf(NEWLINE, start)) {
      if (newline - start > this.maxLineBytes) {
        builder.run(piece.subarray(runStart, start));
        builder.tooLong();
        runStart = newline + 1;
      } else builder.count();
      start = newline + 1;
    }
    builder.run(piece.subarray(runStart, start));
    this.keep(piece.subarray(start));
    const block = builder.finish();
    this.nextLine += block.lineCount;
    return block;
  }

  /** The last line, when the input does not end with a newline (given one here). */
  end(): LineBlock | undefined {
    if (this.carryBytes === 0 && !this.overflowing) return undefined;
    const builder = new BlockBuilder(this.nextLine, this.buffers);
    if (this.overflowing) builder.tooLong();
    else builder.line([...this.carry, Uint8Array.of(NEWLINE)]);
    this.carry = [];
    this.carryBytes = 0;
    this.overflowing = false;
    const block = builder.finish();
    this.nextLine += block.lineCount;
    return block;
  }

  private keep(tail: Uint8Array): void {
    if (tail.length === 0 || this.overflowing) return;
    if (this.carryBytes + tail.length > this.maxLineBytes) {
      this.overflowing = true;
      this.carry = [];
      this.carryBytes = 0;
      return;
    }
    // A copy: the piece's buffer is read into again.
    this.carry.push(Buffer.from(tail));
    this.carryBytes += tail.length;
  }
}

/** Collects the pieces of one block and copies them once, at the end. */
class BlockBuilder {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  private lines = 0;
  private readonly tooLongLines: number[] = [];

  constructor(
    private readonly firstLine: number,
    private readonly buffers: BlockBuffers,
  ) {}

  /** One line made of `parts`, the last ending in "\n". */
  line(parts: readonly Uint8Array[]): void {
    for (const part of parts) this.run(part);
    this.lines++;
  }

  /** Bytes of lines already counted with count(). */
  run(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  count(): void {
    this.lines++;
  }

  tooLong(): void {
    this.tooLongLines.push(this.firstLine + this.lines);
    this.run(Uint8Array.of(NEWLINE));
    this.lines++;
  }

  finish(): LineBlock {
    const bytes = this.buffers.take(this.size);
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return { bytes, firstLine: this.firstLine, lineCount: this.lines, tooLong: this.tooLongLines };
  }
}
