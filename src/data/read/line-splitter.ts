/** The longest line the data readers read by default. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Splits a byte stream into lines at '\n'. It holds at most one line, as a list of the
 * pieces it arrived in, and joins them once when the line ends: a long line spread over
 * many chunks costs one copy, not one per chunk. Lines are 1-based; a trailing '\r' is
 * kept for the caller to strip. A line longer than `maxLineBytes` is reported once and
 * skipped, so a file or body without newlines never grows past the limit in memory. What
 * the caller keeps of each line is its own business.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private lineNo = 1;
  private overflowing = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: Buffer, lineNo: number) => void,
    private readonly onTooLong: (lineNo: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        this.keep(chunk.subarray(start));
        return;
      }
      this.keep(chunk.subarray(start, newline));
      this.emit();
      start = newline + 1;
    }
  }

  /** The last line, when the input does not end with a newline. */
  end(): void {
    if (this.partBytes > 0 || this.overflowing) this.emit();
  }

  private keep(piece: Buffer): void {
    if (piece.length === 0 || this.overflowing) return;
    if (this.partBytes + piece.length > this.maxLineBytes) {
      this.overflowing = true;
      this.parts = [];
      this.partBytes = 0;
      this.onTooLong(this.lineNo);
      return;
    }
    this.parts.push(piece);
    this.partBytes += piece.length;
  }

  private emit(): void {
    if (!this.overflowing) {
      const line = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts, this.partBytes);
      this.onLine(line, this.lineNo);
    }
    this.parts = [];
    this.partBytes = 0;
    this.overflowing = false;
    this.lineNo++;
  }
}
