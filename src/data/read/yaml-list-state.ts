import { DATA_CODES } from '../codes.js';
import { formatBytes, formatCount } from '../progress/format-progress.js';
import type { ReadEntry } from '../types.js';
import { dataIssue } from './issue.js';
import type { PlainItemFields } from './plain-item.js';
import { AliasScope } from './yaml-alias-scope.js';
import { readYamlItems } from './yaml-item.js';
import { YamlItemSplitter, type YamlSplit } from './yaml-item-splitter.js';
import { MAX_ALIAS_COUNT, MULTIPLE_DOCUMENTS, yamlItemEntry, yamlProblemEntry, type YamlProblem } from './yaml-problems.js';

/** Items whose text is read as one, after an item failed to parse on its own. */
interface Window {
  parts: string[];
  line: number;
  bytes: number;
}

/**
 * Reads a YAML block list item by item from its text, pushed piece by piece: each item is
 * parsed and converted on its own (aliases to earlier items included), so memory holds
 * one item, not the file. What it yields agrees with reading the file whole, except that
 * the items before a problem have been handed out by the time the problem is found.
 *
 * When something needs more than one item (the file is not a block list, an item does not
 * parse on its own, a second document), a file small enough to be read whole is handed
 * over to the whole-file reader (`wantsWhole`), which then says exactly what reading it
 * whole says. In a larger file an item that does not parse is read again together with
 * the items after it, up to the parse limit (a quoted value running over a line that
 * looks like an item start is read right that way), and problems are ranked as the
 * whole-file reader ranks them: a parse error before a repeated key before an alias
 * problem, the first of each. No item is handed out after the first problem.
 */
export class YamlListState {
  /** Items handed out so far: the whole-file reader leaves them out. */
  handedOut = 0;
  /** The rest must be read by the whole-file reader, from the start of the file. */
  wantsWhole = false;
  private readonly splitter: YamlItemSplitter;
  private readonly scope = new AliasScope(MAX_ALIAS_COUNT);
  /** The line of the list's first "-". */
  private listLine: number | undefined;
  private window: Window | undefined;
  private problem: YamlProblem | undefined;
  /** A parse error was found: the rest of the text cannot change what is reported. */
  private settled = false;

  constructor(
    private readonly file: string,
    private readonly fields: PlainItemFields,
    /** Whether the file is small enough for the whole-file reader. */
    private readonly wholeAllowed: boolean,
    private readonly maxItemBytes: number,
  ) {
    this.splitter = new YamlItemSplitter(maxItemBytes);
  }

  push(text: string): ReadEntry[] {
    return this.take(this.done() ? [] : this.splitter.push(text));
  }

  /** The entries of the end of the text, and the problem found, if any. */
  end(): ReadEntry[] {
    const out = this.take(this.done() ? [] : this.splitter.end());
    this.closeWindow(out);
    if (!this.wantsWhole && this.problem !== undefined) out.push(yamlProblemEntry(this.problem, this.file));
    return out;
  }

  private done(): boolean {
    return this.wantsWhole || this.settled;
  }

  private take(splits: readonly YamlSplit[]): ReadEntry[] {
    const out: ReadEntry[] = [];
    for (const split of splits) {
      if (this.done()) break;
      this.split(split, out);
    }
    return out;
  }

  private split(split: YamlSplit, out: ReadEntry[]): void {
    if (split.kind === 'item' || split.kind === 'too-large') this.listLine ??= split.line;
    if (split.kind === 'item' && this.window !== undefined) {
      const bytes = Buffer.byteLength(split.text);
      if (this.window.bytes + bytes <= this.maxItemBytes) {
        this.window.parts.push(split.text);
        this.window.bytes += bytes;
        return;
      }
    }
    this.closeWindow(out);
    if (this.done()) return;
    switch (split.kind) {
      case 'item':
        this.read(split.text, split.line, out, true);
        return;
      case 'too-large': {
        const message =
          `This item is larger than ${formatBytes(this.maxItemBytes)} (${formatCount(this.maxItemBytes)} bytes), the largest YAML item graphform reads: ` +
          'it was not read. Keep each item under that size, or put the data in NDJSON (.ndjson).';
        if (this.problem === undefined) this.handOut({ kind: 'issue', issue: dataIssue(DATA_CODES.itemTooLarge, this.file, split.line, message) }, out);
        return;
      }
      case 'second-document':
        this.found({ kind: 'syntax', line: split.line, message: MULTIPLE_DOCUMENTS });
        return;
      case 'not-a-block-list':
        this.found({ kind: 'not-read-whole', line: split.line });
        return;
      default: {
        const unreachable: never = split;
        throw new Error(`unhandled YAML split ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** Reads items from their text; a single item that does not parse opens a window (large files). */
  private read(text: string, line: number, out: ReadEntry[], single: boolean): void {
    const read = readYamlItems(text, line, this.listLine ?? line, this.problem === undefined ? this.scope : undefined);
    for (const item of read.items) this.handOut(yamlItemEntry(item.value, this.file, item.line, this.fields), out);
    if (read.problem === undefined) return;
    if (single && read.problem.kind === 'syntax' && !this.wholeAllowed) {
      this.window = { parts: [text], line, bytes: Buffer.byteLength(text) };
      return;
    }
    this.found(read.problem);
  }

  private closeWindow(out: ReadEntry[]): void {
    const window = this.window;
    if (window === undefined) return;
    this.window = undefined;
    this.read(window.parts.join(''), window.line, out, false);
  }

  private handOut(entry: ReadEntry, out: ReadEntry[]): void {
    out.push(entry);
    this.handedOut++;
  }

  private found(problem: YamlProblem): void {
    if (this.wholeAllowed) {
      this.wantsWhole = true;
      return;
    }
    if (problem.kind === 'syntax' || problem.kind === 'not-read-whole' || problem.kind === 'too-deep') {
      this.problem = problem;
      this.settled = true;
    } else if (this.problem === undefined || (this.problem.kind === 'alias' && problem.kind === 'duplicate')) {
      this.problem = problem;
    }
  }
}
