/** What the splitter finds in a YAML data file, in reading order. */
export type YamlSplit =
  /** One item of the top-level block list: its lines, from its "- " up to the next item's. */
  | { kind: 'item'; text: string; line: number }
  /** An item longer than the splitter's limit: its text was not kept. */
  | { kind: 'too-large'; line: number }
  /** A second document starts on this line (`---`, or content after `...`). */
  | { kind: 'second-document'; line: number }
  /**
   * The file does not start with a block list: a flow list, a map, directives, an anchor or
   * tag before the list, or nothing at all. It is for the whole-file reader to say what it is.
   */
  | { kind: 'not-a-block-list'; line: number };

type State = 'preamble' | 'items' | 'ended' | 'stopped';
type LineKind = 'content' | 'item' | 'end' | 'second-document' | 'not-a-block-list';

interface OpenItem {
  line: number;
  parts: string[];
  bytes: number;
  overflow: boolean;
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const HASH = 0x23;
const DASH = 0x2d;
const PERCENT = 0x25;

/**
 * Cuts the text of a YAML data file into the items of its top-level block list as the text
 * arrives, without parsing YAML: an item starts at each line that begins with "- " at the
 * list's column (where the first item's "-" stands). Only the open item and one unfinished
 * line are held. Before the first item it allows only blank lines, comments and one `---`;
 * anything else is left to the whole-file reader ('not-a-block-list').
 *
 * A line inside an item that merely looks like an item start (a quoted or flow value
 * running over several lines) cuts the item in two; each half then fails to parse on its
 * own, and the caller falls back: the cut never goes unnoticed.
 */
export class YamlItemSplitter {
  private state: State = 'preamble';
  private seenDocStart = false;
  /** The column of the list's "-". */
  private indent = 0;
  /** The number of the line that starts `rest`. */
  private lineNo = 1;
  /** The unfinished last line, kept until its newline arrives. */
  private rest = '';
  /** Inside a line longer than the limit, already classified: dropped up to its newline. */
  private skipping = false;
  private item: OpenItem | undefined;

  constructor(private readonly maxItemBytes: number) {}

  push(text: string): YamlSplit[] {
    const out: YamlSplit[] = [];
    if (this.state === 'stopped') return out;
    if (!this.skipping) {
      this.scan(this.rest + text, 0, false, out);
      return out;
    }
    const newline = text.indexOf('\n');
    if (newline === -1) return out;
    this.skipping = false;
    this.lineNo++;
    this.scan(text, newline + 1, false, out);
    return out;
  }

  end(): YamlSplit[] {
    const out: YamlSplit[] = [];
    if (this.state !== 'stopped' && !this.skipping) this.scan(this.rest, 0, true, out);
    this.rest = '';
    this.close(out);
    if (this.state === 'preamble') out.push({ kind: 'not-a-block-list', line: 1 });
    this.state = 'stopped';
    return out;
  }

  private scan(s: string, from: number, atEnd: boolean, out: YamlSplit[]): void {
    let start = from;
    /** Where the open item's text not yet saved begins. */
    let run = from;
    while (this.state !== 'stopped') {
      const newline = s.indexOf('\n', start);
      let end = newline;
      let long = false;
      if (newline === -1) {
        if (atEnd && start < s.length) end = s.length;
        else if (!atEnd && s.length - start > this.maxItemBytes) {
          // A line longer than any item may be: classify it by its start, drop the rest.
          end = s.length;
          long = true;
        } else break;
      }
      const kind = this.classify(s, start, end);
      if (kind !== 'content') {
        this.save(s, run, start);
        this.close(out);
        run = start;
      }
      this.act(kind, out);
      if (long) {
        if (this.item !== undefined) this.overflow(this.item);
        this.skipping = true;
        this.rest = '';
        return;
      }
      this.lineNo++;
      start = newline === -1 ? s.length : newline + 1;
      if (newline === -1) break;
    }
    this.save(s, run, start);
    this.rest = this.state === 'stopped' ? '' : s.slice(start);
  }

  private act(kind: LineKind, out: YamlSplit[]): void {
    switch (kind) {
      case 'content':
        return;
      case 'item':
        this.state = 'items';
        this.item = { line: this.lineNo, parts: [], bytes: 0, overflow: false };
        return;
      case 'end':
        this.state = 'ended';
        return;
      case 'second-document':
      case 'not-a-block-list':
        out.push({ kind, line: this.lineNo });
        this.state = 'stopped';
        return;
      default: {
        const unreachable: never = kind;
        throw new Error(`unhandled YAML line kind ${String(unreachable)}`);
      }
    }
  }

  /** What the line from `start` to `end` (its newline, or as far as it is known) does. */
  private classify(s: string, start: number, end: number): LineKind {
    switch (this.state) {
      case 'preamble':
        if (isBlankOrComment(s, start, end)) return 'content';
        if (!this.seenDocStart && isMarker(s, start, end, '---') && isBlankOrComment(s, start + 3, end)) {
          this.seenDocStart = true;
          return 'content';
        }
        this.indent = leadingSpaces(s, start, end);
        return isItemStart(s, start, end, this.indent) ? 'item' : 'not-a-block-list';
      case 'items':
        if (isItemStart(s, start, end, this.indent)) return 'item';
        if (isMarker(s, start, end, '---')) return 'second-document';
        if (isMarker(s, start, end, '...') && isBlankOrComment(s, start + 3, end)) return 'end';
        return 'content';
      case 'ended':
        // After `...` only comments and directives (for a next document) are no document; another `...` is one.
        if (isBlankOrComment(s, start, end) || s.charCodeAt(start) === PERCENT) return 'content';
        return 'second-document';
      case 'stopped':
        return 'content';
      default: {
        const unreachable: never = this.state;
        throw new Error(`unhandled YAML splitter state ${String(unreachable)}`);
      }
    }
  }

  private save(s: string, from: number, to: number): void {
    const item = this.item;
    if (item === undefined || item.overflow || to <= from) return;
    const piece = s.slice(from, to);
    item.bytes += Buffer.byteLength(piece);
    if (item.bytes > this.maxItemBytes) this.overflow(item);
    else item.parts.push(piece);
  }

  private overflow(item: OpenItem): void {
    item.overflow = true;
    item.parts = [];
  }

  private close(out: YamlSplit[]): void {
    const item = this.item;
    if (item === undefined) return;
    this.item = undefined;
    out.push(item.overflow ? { kind: 'too-large', line: item.line } : { kind: 'item', text: item.parts.join(''), line: item.line });
  }
}

function leadingSpaces(s: string, start: number, end: number): number {
  let i = start;
  while (i < end && s.charCodeAt(i) === SPACE) i++;
  return i - start;
}

/** `indent` spaces, then "-" followed by a space, a tab or the end of the line. */
function isItemStart(s: string, start: number, end: number, indent: number): boolean {
  const dash = start + indent;
  if (dash >= end || s.charCodeAt(dash) !== DASH || leadingSpaces(s, start, dash) !== indent) return false;
  return isSeparatorOrEnd(s, dash + 1, end);
}

/** `---` or `...` at the start of the line, followed by a space, a tab or the end of the line. */
function isMarker(s: string, start: number, end: number, marker: '---' | '...'): boolean {
  return end - start >= 3 && s.startsWith(marker, start) && isSeparatorOrEnd(s, start + 3, end);
}

function isSeparatorOrEnd(s: string, at: number, end: number): boolean {
  if (at >= end) return true;
  const c = s.charCodeAt(at);
  return c === SPACE || c === TAB || (c === CR && at + 1 === end);
}

/** Only spaces and tabs after `from`, up to the end of the line or a comment. */
function isBlankOrComment(s: string, from: number, end: number): boolean {
  let i = from;
  while (i < end && (s.charCodeAt(i) === SPACE || s.charCodeAt(i) === TAB)) i++;
  if (i >= end) return true;
  const c = s.charCodeAt(i);
  return c === HASH || (c === CR && i + 1 === end);
}
