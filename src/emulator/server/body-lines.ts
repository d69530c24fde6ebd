/** The longest NDJSON line the data endpoint takes unless the emulator is told otherwise (`maxLineBytes`). */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts a request body into lines as its chunks arrive: a line ends at `\n` or `\r\n` (the
 * `\r` is not part of it), and a body's last line needs no newline. Lines are numbered from 1.
 * A line longer than `maxLineBytes` (its end not counted) is reported once and dropped, and
 * no more than `maxLineBytes` and one byte of it is ever held, so a body without newlines
 * cannot grow the memory past the limit. The emulator's own reader, apart from the one
 * graphform's data commands read files with.
 */
export class BodyLines {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private tooLong = false;
  private lineNo = 1;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: Buffer, lineNo: number) => void,
    private readonly onTooLong: (lineNo: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    let end = chunk.indexOf(LF, from);
    while (end !== -1) {
      this.hold(chunk.subarray(from, end));
      this.finishLine();
      from = end + 1;
      end = chunk.indexOf(LF, from);
    }
    this.hold(chunk.subarray(from));
  }

  /** The body has ended: its last line, when it did not end with a newline. */
  end(): void {
    if (this.heldBytes > 0 || this.tooLong) this.finishLine();
  }

  private hold(bytes: Buffer): void {
    if (this.tooLong || bytes.length === 0) return;
    // One byte over the limit may still be the `\r` of a line ending.
    if (this.heldBytes + bytes.length > this.maxLineBytes + 1) {
      this.dropLine();
      return;
    }
    this.held.push(bytes);
    this.heldBytes += bytes.length;
  }

  private dropLine(): void {
    this.tooLong = true;
    this.held = [];
    this.heldBytes = 0;
    this.onTooLong(this.lineNo);
  }

  private finishLine(): void {
    if (!this.tooLong) {
      const whole = this.held.length === 1 ? (this.held[0] as Buffer) : Buffer.concat(this.held, this.heldBytes);
      const line = whole.length > 0 && whole[whole.length - 1] === CR ? whole.subarray(0, whole.length - 1) : whole;
      if (line.length > this.maxLineBytes) this.onTooLong(this.lineNo);
      else this.onLine(line, this.lineNo);
    }
    this.held = [];
    this.heldBytes = 0;
    this.tooLong = false;
    this.lineNo++;
  }
}
