import { DATA_CODES } from '../codes.js';
import type { DataAction, ReadEntry } from '../types.js';
import { isActionShape, looksLikeActionText, parseActionLine } from './action-line.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import type { EncodingProblem } from '../../fs/utf8-text.js';
import { dataIssue, encodingIssue } from './issue.js';
import { jsonItemTooDeep } from './item-depth.js';
import { describe, parseJson } from './json-values.js';
import { isMinifiedJson } from '../push/serialize.js';
import { formatBytes, formatCount } from '../progress/format-progress.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';
import { isRecord } from '../../model/is-record.js';
import { SIMPLE_ACTION } from './simple-action.js';

export { SIMPLE_ACTION, simpleActionBytes } from './simple-action.js';
import { jsonSyntaxError } from '../../load/json-error-offset.js';
import { arrayLineIssue, opensSpreadValue, spreadDocumentIssue } from './ndjson-shape.js';

/** An action line waiting for its data line; no action when the action line itself was bad. */
export interface Pending {
  line: number;
  action: DataAction | undefined;
}

/**
 * Undecided until the first line that parses (or looks like an action line) says which;
 * 'document' when the file turned out to be one JSON value spread over lines, whose lines
 * are then not read one by one (one error for the file, not one per line).
 */
export type NdjsonMode = 'unknown' | 'wire' | 'plain' | 'document';

export interface NdjsonStateOptions {
  /** The file passed validation: a minified data line after its action line is kept as text, unparsed. */
  trusted?: boolean;
  /** The reader's line limit, named in GF_DATA_LINE_TOO_LONG. */
  maxLineBytes: number;
  /**
   * Where a previous part of the file left off, for a reader that starts mid-file (the
   * parallel validation hands out chunks of lines): the file's form, and the action line
   * still waiting for its data line.
   */
  mode?: NdjsonMode;
  pending?: Pending | undefined;
}

/**
 * The line-by-line rules of an NDJSON file: which form it is, which action line a data
 * line belongs to, and every problem at its line. After any line that is not blank, what
 * waits (`pending`) depends on that line alone (and the form), which is what lets chunks of
 * one file be checked apart: see validate/ndjson-blocks.ts.
 */
export class NdjsonState {
  private currentMode: NdjsonMode;
  private waiting: Pending | undefined;
  private readonly trusted: boolean;
  private readonly maxLineBytes: number;

  constructor(
    private readonly file: string,
    private readonly fields: PlainItemFields,
    options: NdjsonStateOptions,
  ) {
    this.trusted = options.trusted === true;
    this.maxLineBytes = options.maxLineBytes;
    this.currentMode = options.mode ?? 'unknown';
    this.waiting = options.pending;
  }

  get mode(): NdjsonMode {
    return this.currentMode;
  }

  get pending(): Pending | undefined {
    return this.waiting;
  }

  line(text: string, line: number, out: ReadEntry[]): void {
    if (this.currentMode === 'document' || text.trim() === '') return;
    const action = this.waiting?.action;
    if (this.trusted && action !== undefined && isMinifiedJson(text)) {
      this.waiting = undefined;
      out.push({ kind: 'record', record: { file: this.file, line, action, dataLine: text } });
      return;
    }
    if (this.currentMode !== 'plain' && this.simpleAction(text, line, out)) return;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      this.badJson(text, line, parsed.message, out);
      return;
    }
    const value = parsed.value;
    if (this.currentMode === 'unknown') this.currentMode = isActionShape(value) ? 'wire' : 'plain';
    if (this.currentMode === 'plain') {
      out.push(
        isActionShape(value)
          ? this.issue(
              DATA_CODES.unexpectedAction,
              line,
              'An action line in a file of plain items: the first line has no action line, so every line must be a plain item. Use one form per file.',
            )
          : Array.isArray(value)
            ? { kind: 'issue', issue: arrayLineIssue(this.file, line, 'item') }
            : (jsonItemTooDeep(value, text, this.file, { line, column: 1 }, 0) ?? plainItemEntry(value, this.file, line, this.fields)),
      );
      return;
    }
    if (isActionShape(value)) this.actionLine(value, line, out);
    else this.dataLine(value, text, line, out);
  }

  /**
   * The data line the pending index action waits for was read and found clean elsewhere
   * (the validation's quick check): what line() does with such a line, but for the entry,
   * which the caller counts itself.
   */
  takeAwaited(): void {
    this.waiting = undefined;
  }

  end(out: ReadEntry[]): void {
    this.flushPending(out);
  }

  /**
   * A line too long to read. In the wire form it is taken as the awaited data line (an
   * action line is never that long), so its action is not reported a second time.
   */
  tooLong(line: number, out: ReadEntry[]): void {
    if (this.currentMode === 'document') return;
    out.push(
      this.issue(
        DATA_CODES.lineTooLong,
        line,
        `This line is longer than ${formatBytes(this.maxLineBytes)} (${formatCount(this.maxLineBytes)} bytes), the longest line graphform reads: ` +
          'it was not read. Keep each item under that size.',
      ),
    );
    this.waiting = undefined;
  }

  /** A line that is not UTF-8: not read, and like a line too long it ends what was awaited. */
  notUtf8(problem: EncodingProblem, out: ReadEntry[]): void {
    out.push({ kind: 'issue', issue: encodingIssue(this.file, problem) });
    this.waiting = undefined;
  }

  /**
   * An action line exactly as graphform writes it, with plain strings: what JSON.parse and
   * parseActionLine would make of it, read by one regular expression, several times faster.
   */
  private simpleAction(text: string, line: number, out: ReadEntry[]): boolean {
    const match = SIMPLE_ACTION.exec(text);
    if (match === null) return false;
    this.simpleActionLine({ kind: match[1] === 'delete' ? 'delete' : 'index', id: match[2] ?? '', language: match[3] ?? '' }, line, out);
    return true;
  }

  /**
   * A line that matches SIMPLE_ACTION, read elsewhere (from its bytes: simpleActionBytes):
   * what line() does with it. Only while the form is not plain, as line() tries it.
   */
  simpleActionLine(action: DataAction, line: number, out: ReadEntry[]): void {
    this.currentMode = 'wire';
    this.flushPending(out);
    if (action.kind === 'delete') out.push({ kind: 'record', record: { file: this.file, line, action } });
    else this.waiting = { line, action };
  }

  private actionLine(value: Record<string, unknown>, line: number, out: ReadEntry[]): void {
    this.flushPending(out);
    const parsed = parseActionLine(value, this.file, line);
    if (!parsed.ok) {
      out.push({ kind: 'issue', issue: parsed.issue });
      // A bad index action still owns the data line after it: do not report that line again.
      if (parsed.kind !== 'delete') this.waiting = { line, action: undefined };
      return;
    }
    if (parsed.action.kind === 'delete') out.push({ kind: 'record', record: { file: this.file, line, action: parsed.action } });
    else this.waiting = { line, action: parsed.action };
  }

  private dataLine(value: unknown, text: string, line: number, out: ReadEntry[]): void {
    const pending = this.waiting;
    this.waiting = undefined;
    if (pending === undefined) {
      out.push(
        this.issue(
          DATA_CODES.missingAction,
          line,
          'This data line has no action line before it: the service would silently drop it. Put {"index":{"_id":…,"language_routing":…}} on the line before.',
        ),
      );
      return;
    }
    if (pending.action === undefined) return;
    if (!isRecord(value)) {
      out.push(
        Array.isArray(value)
          ? { kind: 'issue', issue: arrayLineIssue(this.file, line, 'data line') }
          : this.issue(DATA_CODES.notAnObject, line, `A data line must be a JSON object, found ${describe(value)}.`),
      );
      return;
    }
    out.push(
      jsonItemTooDeep(value, text, this.file, { line, column: 1 }, 0) ?? {
        kind: 'record',
        record: { file: this.file, line, action: pending.action, item: value },
      },
    );
  }

  private badJson(text: string, line: number, message: string, out: ReadEntry[]): void {
    if (this.currentMode === 'unknown' && opensSpreadValue(text)) {
      this.currentMode = 'document';
      out.push({ kind: 'issue', issue: spreadDocumentIssue(this.file, line) });
      return;
    }
    // The column where the line stops being JSON: V8 names an offset for some errors only, and from 0.
    const syntax = jsonSyntaxError(text, message);
    out.push({
      kind: 'issue',
      issue: {
        ...dataIssue(
          DATA_CODES.invalidJson,
          this.file,
          line,
          `This line is not JSON: ${excerpt(syntax.reason, 200)}. Each line of an NDJSON file must be one whole JSON value.`,
        ),
        column: syntax.offset + 1,
      },
    });
    const actionLike = looksLikeActionText(text);
    if (this.currentMode === 'unknown' && actionLike) this.currentMode = 'wire';
    if (this.currentMode !== 'wire') return;
    if (actionLike) {
      this.flushPending(out);
      this.waiting = { line, action: undefined };
    } else {
      // Taken as the awaited data line, or as a stray data line: either way nothing waits now.
      this.waiting = undefined;
    }
  }

  private flushPending(out: ReadEntry[]): void {
    const pending = this.waiting;
    this.waiting = undefined;
    if (pending?.action === undefined) return;
    out.push(
      this.issue(DATA_CODES.missingDataLine, pending.line, `The index action for _id "${excerpt(pending.action.id)}" is not followed by its data line.`),
    );
  }

  private issue(code: (typeof DATA_CODES)[keyof typeof DATA_CODES], line: number, message: string): ReadEntry {
    return { kind: 'issue', issue: dataIssue(code, this.file, line, message) };
  }
}
