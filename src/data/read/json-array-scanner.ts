import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';

/**
 * One top-level element of a JSON array, as text, with the line it starts on; an element
 * larger than the scanner's limit comes without its text, marked `tooLarge`.
 */
export interface ArrayElement {
  text: string;
  line: number;
  /** The column (1-based, in UTF-16 code units) the element starts at on its line. */
  column: number;
  tooLarge?: true;
}

export interface ScanProblem {
  kind: 'not-an-array' | 'unexpected' | 'unterminated';
  line: number;
}

type ScanState = 'before' | 'between' | 'element' | 'after' | 'failed';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/**
 * Splits a JSON array into its top-level elements as text arrives, tracking lines, so a
 * large `.json` file is never held whole. It only finds element boundaries (strings,
 * escapes, nesting); each element is then checked by JSON.parse. An element of more than
 * `maxElementBytes` (UTF-8) is not kept: it is scanned past and reported as too large.
 */
export class JsonArrayScanner {
  private state: ScanState = 'before';
  private line = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private elementLine = 0;
  private elementColumn = 0;
  /** Characters on the current line before the text being pushed. */
  private lineChars = 0;
  /** After a comma: an element must follow (JSON has no trailing commas). */
  private needElement = false;
  private parts: string[] = [];
  private partBytes = 0;
  private overflowing = false;
  private problem: ScanProblem | undefined;

  constructor(private readonly maxElementBytes = DEFAULT_MAX_LINE_BYTES) {}

  /** Feeds decoded text; returns the elements completed in it. */
  push(text: string): ArrayElement[] {
    const done: ArrayElement[] = [];
    let start = 0;
    let lastNewline = -1;
    for (let i = 0; i < text.length && this.state !== 'failed'; i++) {
      const c = text.charCodeAt(i);
      if (this.state === 'element') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === BACKSLASH) this.escaped = true;
          else if (c === QUOTE) this.inString = false;
        } else if (c === QUOTE) this.inString = true;
        else if (c === 0x7b || c === 0x5b) this.depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (this.depth === 0) {
            this.finishElement(text.slice(start, i), done);
            this.state = 'after';
          } else this.depth--;
        } else if (c === 0x2c && this.depth === 0) {
          this.finishElement(text.slice(start, i), done);
          this.state = 'between';
          this.needElement = true;
        }
      } else if (!isWhitespace(c)) {
        if (this.structural(c)) {
          start = i;
          this.elementColumn = lastNewline === -1 ? this.lineChars + i + 1 : i - lastNewline;
        }
      }
      if (c === NEWLINE) {
        this.line++;
        lastNewline = i;
      }
    }
    this.lineChars = lastNewline === -1 ? this.lineChars + text.length : text.length - lastNewline - 1;
    if (this.state === 'element') this.keep(text.slice(start));
    return done;
  }

  /** Called at the end of input: the problem, if the text was not one complete array. */
  end(): ScanProblem | undefined {
    if (this.problem !== undefined) return this.problem;
    switch (this.state) {
      case 'before':
        return { kind: 'not-an-array', line: this.line };
      case 'between':
        return { kind: 'unterminated', line: this.line };
      case 'element':
        return { kind: 'unterminated', line: this.elementLine };
      case 'after':
      case 'failed':
        return undefined;
      default: {
        const unreachable: never = this.state;
        throw new Error(`unhandled JSON array scanner state ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** Handles a character outside elements; true when it starts an element. */
  private structural(c: number): boolean {
    switch (this.state) {
      case 'before':
        if (c === 0x5b) this.state = 'between';
        else this.fail('not-an-array');
        return false;
      case 'between':
        if (c === 0x5d && !this.needElement) this.state = 'after';
        else if (c === 0x5d || c === 0x2c) this.fail('unexpected');
        else {
          this.startElement(c);
          return true;
        }
        return false;
      case 'after':
        this.fail('unexpected');
        return false;
      case 'element':
      case 'failed':
        return false;
      default: {
        const unreachable: never = this.state;
        throw new Error(`unhandled JSON array scanner state ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private startElement(c: number): void {
    this.state = 'element';
    this.needElement = false;
    this.elementLine = this.line;
    this.parts = [];
    this.partBytes = 0;
    this.overflowing = false;
    // The first character may itself open a string or a nesting level.
    this.inString = c === QUOTE;
    this.depth = c === 0x7b || c === 0x5b ? 1 : 0;
  }

  private finishElement(tail: string, done: ArrayElement[]): void {
    this.keep(tail);
    const at = { line: this.elementLine, column: this.elementColumn };
    done.push(this.overflowing ? { text: '', ...at, tooLarge: true } : { text: this.parts.join(''), ...at });
    this.parts = [];
    this.partBytes = 0;
    this.overflowing = false;
  }

  /** Keeps a piece of the current element while the element stays within the limit. */
  private keep(piece: string): void {
    if (this.overflowing || piece.length === 0) return;
    this.partBytes += Buffer.byteLength(piece);
    if (this.partBytes > this.maxElementBytes) {
      this.overflowing = true;
      this.parts = [];
      return;
    }
    this.parts.push(piece);
  }

  private fail(kind: ScanProblem['kind']): void {
    this.problem = { kind, line: this.line };
    this.state = 'failed';
  }
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}
