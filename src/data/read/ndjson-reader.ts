import { DATA_CODES } from '../codes.js';
import type { DataAction, DataFile, ReadCounter, ReadEntry } from '../types.js';
import { isActionShape, looksLikeActionText, parseActionLine } from './action-line.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import type { EncodingProblem } from '../../fs/utf8-text.js';
import { dataIssue, encodingIssue } from './issue.js';
import { describe, parseJson } from './json-values.js';
import { readLineChunks } from './line-chunks.js';
import { isMinifiedJson } from '../push/serialize.js';
import { formatBytes, formatCount } from '../progress/format-progress.js';
import { plainItemEntry, type PlainItemFields } from './plain-item.js';
import { isRecord } from '../../model/is-record.js';

/** An action line waiting for its data line; no action when the action line itself was bad. */
interface Pending {
  line: number;
  action: DataAction | undefined;
}

export interface NdjsonReadOptions {
  /** The file passed validation: a minified data line after its action line is kept as text, unparsed. */
  trusted: boolean;
  /** A longer line is reported (GF_DATA_LINE_TOO_LONG) instead of read. */
  maxLineBytes: number;
}

/**
 * Reads NDJSON line by line. The first non-blank line decides the form of the whole file:
 * an action line means the service's wire form (action line + data line pairs, `delete`
 * alone), anything else means plain items whose action lines are generated.
 * Yields the entries of each chunk of lines together, to keep per-item overhead low.
 */
export async function* readNdjson(file: DataFile, fields: PlainItemFields, counter: ReadCounter, options: NdjsonReadOptions): AsyncGenerator<ReadEntry[]> {
  const state = new NdjsonState(file.display, fields, options.trusted);
  for await (const chunk of readLineChunks(file, counter, options.maxLineBytes)) {
    const out: ReadEntry[] = [];
    chunk.lines.forEach((text, i) => {
      if (typeof text === 'string') state.line(text, chunk.firstLine + i, out);
      else if (text.problem === 'too-long') state.tooLong(chunk.firstLine + i, options.maxLineBytes, out);
      else state.notUtf8(text, out);
    });
    if (out.length > 0) yield out;
  }
  const out: ReadEntry[] = [];
  state.end(out);
  if (out.length > 0) yield out;
}

class NdjsonState {
  private mode: 'unknown' | 'wire' | 'plain' = 'unknown';
  private pending: Pending | undefined;

  constructor(
    private readonly file: string,
    private readonly fields: PlainItemFields,
    /** The file passed validation: a minified data line after its action line is kept as text, unparsed. */
    private readonly trusted: boolean,
  ) {}

  line(text: string, line: number, out: ReadEntry[]): void {
    if (text.trim() === '') return;
    const action = this.pending?.action;
    if (this.trusted && action !== undefined && isMinifiedJson(text)) {
      this.pending = undefined;
      out.push({ kind: 'record', record: { file: this.file, line, action, dataLine: text } });
      return;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) {
      this.badJson(text, line, parsed.message, out);
      return;
    }
    const value = parsed.value;
    if (this.mode === 'unknown') this.mode = isActionShape(value) ? 'wire' : 'plain';
    if (this.mode === 'plain') {
      out.push(
        isActionShape(value)
          ? this.issue(DATA_CODES.unexpectedAction, line, 'An action line in a file of plain items: the first line has no action line, so every line must be a plain item. Use one form per file.')
          : plainItemEntry(value, this.file, line, this.fields),
      );
      return;
    }
    if (isActionShape(value)) this.actionLine(value, line, out);
    else this.dataLine(value, line, out);
  }

  end(out: ReadEntry[]): void {
    this.flushPending(out);
  }

  /**
   * A line too long to read. In the wire form it is taken as the awaited data line (an
   * action line is never that long), so its action is not reported a second time.
   */
  tooLong(line: number, maxLineBytes: number, out: ReadEntry[]): void {
    out.push(
      this.issue(
        DATA_CODES.lineTooLong,
        line,
        `This line is longer than ${formatBytes(maxLineBytes)} (${formatCount(maxLineBytes)} bytes), the longest line graphform reads: it was not read. Keep each item under that size.`,
      ),
    );
    this.pending = undefined;
  }

  /** A line that is not UTF-8: not read, and like a line too long it ends what was awaited. */
  notUtf8(problem: EncodingProblem, out: ReadEntry[]): void {
    out.push({ kind: 'issue', issue: encodingIssue(this.file, problem) });
    this.pending = undefined;
  }

  private actionLine(value: Record<string, unknown>, line: number, out: ReadEntry[]): void {
    this.flushPending(out);
    const parsed = parseActionLine(value, this.file, line);
    if (!parsed.ok) {
      out.push({ kind: 'issue', issue: parsed.issue });
      // A bad index action still owns the data line after it: do not report that line again.
      if (parsed.kind !== 'delete') this.pending = { line, action: undefined };
      return;
    }
    if (parsed.action.kind === 'delete') out.push({ kind: 'record', record: { file: this.file, line, action: parsed.action } });
    else this.pending = { line, action: parsed.action };
  }

  private dataLine(value: unknown, line: number, out: ReadEntry[]): void {
    const pending = this.pending;
    this.pending = undefined;
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
      out.push(this.issue(DATA_CODES.notAnObject, line, `A data line must be a JSON object, found ${describe(value)}.`));
      return;
    }
    out.push({ kind: 'record', record: { file: this.file, line, action: pending.action, item: value } });
  }

  private badJson(text: string, line: number, message: string, out: ReadEntry[]): void {
    out.push(this.issue(DATA_CODES.invalidJson, line, `This line is not JSON: ${excerpt(message, 200)}.`));
    const actionLike = looksLikeActionText(text);
    if (this.mode === 'unknown' && actionLike) this.mode = 'wire';
    if (this.mode !== 'wire') return;
    if (actionLike) {
      this.flushPending(out);
      this.pending = { line, action: undefined };
    } else {
      // Taken as the awaited data line, or as a stray data line: either way nothing waits now.
      this.pending = undefined;
    }
  }

  private flushPending(out: ReadEntry[]): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending?.action === undefined) return;
    out.push(
      this.issue(
        DATA_CODES.missingDataLine,
        pending.line,
        `The index action for _id "${excerpt(pending.action.id)}" is not followed by its data line.`,
      ),
    );
  }

  private issue(code: (typeof DATA_CODES)[keyof typeof DATA_CODES], line: number, message: string): ReadEntry {
    return { kind: 'issue', issue: dataIssue(code, this.file, line, message) };
  }
}
