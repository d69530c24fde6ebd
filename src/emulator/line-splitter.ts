/**
 * Splits a byte stream into lines at '\n' without ever holding more than one line: a body
 * of hundreds of MB is parsed as it arrives. Lines are 1-based; a trailing '\r' is kept
 * for the caller to strip. A line longer than `maxLineBytes` is reported once and skipped.
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

  /** The last line, when the body does not end with a newline. */
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
