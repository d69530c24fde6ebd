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
import { jsonSyntaxError } from '../../load/json-error-offset.js';

/** An action line waiting for its data line; no action when the action line itself was bad. */
export interface Pending {
  line: number;
  action: DataAction | undefined;
}

/**
 * `{"index":{"_id":"…","language_routing":"…"}}` (or delete) with non-empty values free of
 * quotes, backslashes and control characters: exactly graphform's own form of the line, and
 * what a valid action line almost always is. No part can match in two ways, so a long line
 * costs one pass.
 */
// eslint-disable-next-line no-control-regex -- a JSON string holds no raw control character: the class leaves them to JSON.parse
export const SIMPLE_ACTION = /^\{"(index|delete)":\{"_id":"([^"\\\x00-\x1f]+)","language_routing":"([^"\\\x00-\x1f]+)"\}\}$/;

const INDEX_HEAD = Buffer.from('{"index":{"_id":"');
const DELETE_HEAD = Buffer.from('{"delete":{"_id":"');
const MIDDLE = Buffer.from('","language_routing":"');
const TAIL = Buffer.from('"}}');

/**
 * SIMPLE_ACTION read from the line's UTF-8 bytes[start, end) instead of its text: the same
 * lines match (a byte of a multi-byte character is never a quote, a backslash or a control
 * character), and only the id and the language are decoded.
 */
export function simpleActionBytes(bytes: Buffer, start: number, end: number): DataAction | undefined {
  const kind = startsWith(bytes, start, INDEX_HEAD) ? 'index' : startsWith(bytes, start, DELETE_HEAD) ? 'delete' : undefined;
  if (kind === undefined) return undefined;
  const idStart = start + (kind === 'index' ? INDEX_HEAD.length : DELETE_HEAD.length);
  const idEnd = plainRun(bytes, idStart, end);
  if (idEnd === idStart || !startsWith(bytes, idEnd, MIDDLE)) return undefined;
  const languageStart = idEnd + MIDDLE.length;
  const languageEnd = plainRun(bytes, languageStart, end);
  if (languageEnd === languageStart || languageEnd + TAIL.length !== end || !startsWith(bytes, languageEnd, TAIL)) return undefined;
  return { kind, id: bytes.toString('utf8', idStart, idEnd), language: languageOf(bytes, languageStart, languageEnd) };
}

/** Languages read, kept: a push has a few, so lines reuse their string instead of each decoding its own. */
const languages: { bytes: Buffer; text: string }[] = [];
const MAX_LANGUAGES = 16;

function languageOf(bytes: Buffer, start: number, end: number): string {
  for (const known of languages) if (known.bytes.length === end - start && startsWith(bytes, start, known.bytes)) return known.text;
  const text = bytes.toString('utf8', start, end);
  if (languages.length < MAX_LANGUAGES) languages.push({ bytes: Buffer.from(bytes.subarray(start, end)), text });
  return text;
}

function startsWith(bytes: Buffer, at: number, expected: Buffer): boolean {
  for (let k = 0; k < expected.length; k++) if (bytes[at + k] !== expected[k]) return false;
  return true;
}

/** Where a run of bytes that are not a quote, a backslash or a control character ends. */
function plainRun(bytes: Buffer, at: number, end: number): number {
  let i = at;
  while (i < end) {
    const c = bytes[i] as number;
    if (c === 0x22 || c === 0x5c || c < 0x20) break;
    i++;
  }
  return i;
}

/** Undecided until the first line that parses (or looks like an action line) says which. */
export type NdjsonMode = 'unknown' | 'wire' | 'plain';

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
    if (text.trim() === '') return;
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
      out.push(this.issue(DATA_CODES.notAnObject, line, `A data line must be a JSON object, found ${describe(value)}.`));
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
