/**
 * The data endpoint's reading of NDJSON, pair by pair. An action line is an object with
 * exactly one key, `index` or `delete`, whose value is an object. `index` takes the next
 * line as its data line; `delete` stands alone. Where an action is expected and something
 * else comes, the line is dropped without an error, as the real service does; a line that
 * is not JSON (or not UTF-8) fails the whole request with its line number.
 */
import { isRecord } from './own.js';

/**
 * An `index` op holds its data line (`raw`) until the request ends: the request is applied
 * all or nothing, after its last line. The parsed value is not kept.
 */
export type ParsedOp =
  | { kind: 'index'; line: number; dataLine: number; lang: string; id: string; raw: string; type: string | undefined; problem: string | undefined }
  | { kind: 'delete'; line: number; lang: string; id: string };

export interface ParsedBatch {
  ops: ParsedOp[];
  /** Lines dropped silently: data lines without their action line, actions without data. */
  dropped: number;
  /** Set when the request must fail with 400; nothing of it is applied. */
  error: string | undefined;
}

type Obj = Record<string, unknown>;

function actionOf(value: unknown): { kind: 'index' | 'delete'; target: Obj } | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  const kind = keys[0];
  if (keys.length !== 1 || (kind !== 'index' && kind !== 'delete')) return undefined;
  const target = value[kind];
  return isRecord(target) ? { kind, target } : undefined;
}

function itemId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** What makes a data line unindexable whatever the schema says (the service answers 200 and skips it). */
function describeData(data: Obj): { type: string | undefined; problem: string | undefined } {
  const types = data.ContentType;
  const valid = Array.isArray(types) && types.length > 0 && types.every((t) => typeof t === 'string');
  const type = valid ? (types[types.length - 1] as string) : undefined;
  if (type === undefined) return { type, problem: 'ContentType is not a non-empty array of content type names' };
  if (data._rbac !== undefined && typeof data._rbac !== 'string') return { type, problem: '_rbac is not a string' };
  return { type, problem: undefined };
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const MAX_SNIPPET = 160;

export class DataBatchParser {
  private readonly ops: ParsedOp[] = [];
  private dropped = 0;
  private error: string | undefined;
  private pending: { line: number; lang: string; id: string } | undefined;

  /** Feeds one line (bytes between newlines). */
  line(bytes: Buffer, lineNo: number): void {
    if (this.error !== undefined) return;
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      this.fail(`line ${lineNo} is not valid UTF-8`);
      return;
    }
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    text = text.trim();
    if (text === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.fail(`line ${lineNo} is not valid JSON: ${why.length > MAX_SNIPPET ? `${why.slice(0, MAX_SNIPPET)}…` : why}`);
      return;
    }
    if (this.pending !== undefined) {
      const action = this.pending;
      this.pending = undefined;
      if (!isRecord(value)) {
        this.dropped += 2;
        return;
      }
      const { type, problem } = describeData(value);
      this.ops.push({ kind: 'index', line: action.line, dataLine: lineNo, lang: action.lang, id: action.id, raw: text, type, problem });
      return;
    }
    const action = actionOf(value);
    if (action === undefined) {
      this.dropped++;
      return;
    }
    const id = itemId(action.target._id);
    const lang = action.target.language_routing;
    if (id === undefined || typeof lang !== 'string' || lang === '') {
      this.fail(`line ${lineNo}: a ${action.kind} action needs _id (a string or number) and language_routing (a language code)`);
      return;
    }
    if (action.kind === 'delete') this.ops.push({ kind: 'delete', line: lineNo, lang, id });
    else this.pending = { line: lineNo, lang, id };
  }

  tooLong(lineNo: number, maxLineBytes: number): void {
    this.fail(`line ${lineNo} is longer than ${maxLineBytes} bytes`);
  }

  finish(): ParsedBatch {
    if (this.pending !== undefined) {
      this.pending = undefined;
      this.dropped++;
    }
    return { ops: this.error === undefined ? this.ops : [], dropped: this.dropped, error: this.error };
  }

  private fail(message: string): void {
    this.error ??= message;
    this.ops.length = 0;
  }
}
