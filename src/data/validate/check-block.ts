import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { hasUtf8Bom } from '../../fs/utf8-text.js';
import { serializeAction } from '../push/serialize.js';
import { decodeLine } from '../read/line-chunks.js';
import { NdjsonState, SIMPLE_ACTION, simpleActionBytes, type NdjsonMode, type Pending } from '../read/ndjson-state.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { DataAction, ReadEntry } from '../types.js';
import { checkRecord, type RecordRulesContext } from './check-record.js';
import type { CleanLines } from './clean-lines.js';
import { DELETE_HASH, hashBytesInto } from './content-hash.js';
import { idHash } from './id-set.js';
import type { RecordKinds } from './record-kinds.js';
import { wireNamesOf } from './item-schema.js';
import { jsonBytes, type JsonBytes } from './json-bytes.js';

/** A block of whole lines of one NDJSON file, with what the lines before it left behind. */
export interface BlockJob {
  /** Order of the block in the pass: results are taken in this order. */
  seq: number;
  /** The file's name in diagnostics. */
  file: string;
  bytes: Uint8Array;
  firstLine: number;
  lineCount: number;
  /** Lines longer than the limit, left empty in `bytes`. */
  tooLong: number[];
  mode: NdjsonMode;
  pending: Pending | undefined;
  /** Room for what the block's records leave (resultBytes(lineCount) at least): written in place when shared. */
  results: ArrayBufferLike;
  /** For a block handed to a worker: which thread checks it (see BlockLanes.start), so exactly one does. */
  claim?: Int32Array;
}

/**
 * Per record: two 32-bit halves of its key's hash, the line (a float: files may pass 2^32
 * lines), two halves of its content hash, its content type and language (16 bits each) and
 * an error flag.
 */
export function resultBytes(lineCount: number): number {
  return lineCount * 29;
}

/**
 * What one block holds, in the form the pass merges: counts, the first diagnostics (in
 * reading order), and per record only its (language, _id) hash, line and whether it has an
 * error, in typed arrays over the job's (shared) `results`.
 */
export interface BlockResult {
  seq: number;
  /** The block's bytes, handed back for the next block to use. */
  bytes: Uint8Array;
  /** Records and problems read, as the validation summary counts items. */
  entries: number;
  deletes: number;
  invalid: number;
  /** At most maxErrors errors and maxErrors warnings; the rest are only counted. */
  diagnostics: Diagnostic[];
  omittedErrors: number;
  omittedWarnings: number;
  records: number;
  /** Two 32-bit halves per record. These five views share `job.results`. */
  hashes: Uint32Array;
  lines: Float64Array;
  /** Two 32-bit halves of the content hash per record (content-hash.ts); zeros unless the context hashes content. */
  contents: Uint32Array;
  /** Per record its content type and its language as RecordKinds numbers (0 unknown); zeros unless the context hashes content. */
  kinds: Uint16Array;
  /** 1 where the record has an error. */
  errors: Uint8Array;
  /**
   * Every line is one the send pass may pass on byte for byte: an action line exactly as
   * graphform writes it, a data line (sent as written), or an empty line between records;
   * no `\r`, no byte-order mark.
   */
  raw: boolean;
}

export interface BlockContext {
  rules: RecordRulesContext;
  /** The quick check of data lines, built on the same rules and validators. */
  clean: CleanLines;
  fields: PlainItemFields;
  maxErrors: number;
  maxLineBytes: number;
  /** Compute each record's content hash, type and language: a plan's comparison with what was last pushed needs them. */
  hashContent: boolean;
  kinds: RecordKinds;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Reads and checks every line of a block: the work the validation pass spreads over threads. */
export function checkBlock(job: BlockJob, context: BlockContext): BlockResult {
  const buffer = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  // One check for the whole block; lines are checked one by one only when it fails.
  const utf8 = isUtf8(buffer);
  const state = new NdjsonState(job.file, context.fields, { maxLineBytes: context.maxLineBytes, mode: job.mode, pending: job.pending });
  const tally = new BlockTally(job, context);
  const tooLong = job.tooLong.length === 0 ? undefined : new Set(job.tooLong);
  const out: ReadEntry[] = [];
  const json = jsonBytes(buffer);
  let raw = true;
  let line = job.firstLine;
  let start = 0;
  for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
    if (tooLong?.has(line) === true) {
      tally.at(start, start);
      state.tooLong(line, out);
      raw = false;
    } else {
      const plain = utf8 && line !== 1 && buffer[end - 1] !== CARRIAGE_RETURN;
      // Most lines are read from their bytes (readQuickly); the rest decoded in place, or by
      // decodeLine, which handles a `\r`, a BOM and bytes that are not UTF-8.
      tally.at(start, end);
      const quick = plain ? readQuickly(json, start, end, line, state, context, tally, out) : NOT_READ;
      if (quick === READ_RENAMED) raw = false;
      if (quick === NOT_READ) {
        const text = plain ? buffer.toString('utf8', start, end) : decodeLine(buffer.subarray(start, end), line, utf8);
        if (typeof text !== 'string') {
          state.notUtf8(text, out);
          raw = false;
        } else {
          state.line(text, line, out);
          raw = raw && (plain || (buffer[end - 1] !== CARRIAGE_RETURN && !(line === 1 && hasUtf8Bom(buffer.subarray(start, end))))) && sendsAsIs(text, line, state, out, context);
        }
      }
    }
    if (out.length > 0) {
      for (const entry of out) tally.add(entry);
      out.length = 0;
    }
    start = end + 1;
    line++;
  }
  return tally.result(raw);
}

const NOT_READ = 0;
const READ = 1;
/** Read, and clean, but under plain names the push renames (wire-names.ts): not sent as it is. */
const READ_RENAMED = 2;

/**
 * A line read from its bytes, as state.line would read its text, when it is one of the two
 * common kinds: an action line exactly as graphform writes it, or the data line an index
 * action waits for that the quick check finds nothing to say about (no string decoded, no
 * value built). Either goes on the wire as it is, unless it holds plain names the wire form
 * renames (READ_RENAMED). NOT_READ: read the line's text.
 */
function readQuickly(json: JsonBytes, start: number, end: number, line: number, state: NdjsonState, context: BlockContext, tally: BlockTally, out: ReadEntry[]): number {
  const awaited = state.pending?.action;
  if (awaited !== undefined) {
    const verdict = context.clean.accepts(json, start, end, awaited.language);
    if (verdict !== 'no') {
      state.takeAwaited();
      tally.clean(awaited, line);
      return verdict === 'wire' ? READ : READ_RENAMED;
    }
  }
  if (state.mode === 'plain') return NOT_READ;
  const action = simpleActionBytes(json.bytes, start, end);
  if (action === undefined) return NOT_READ;
  state.simpleActionLine(action, line, out);
  return READ;
}

/** Whether the line just read goes on the wire exactly as it is in the file. */
function sendsAsIs(text: string, line: number, state: NdjsonState, out: readonly ReadEntry[], context: BlockContext): boolean {
  // An empty line between records is skipped; one between an action and its data is not worth cutting around.
  if (text.length === 0) return state.pending === undefined;
  const waiting = state.pending;
  if (waiting?.line === line) return waiting.action !== undefined && isCanonical(text, waiting.action);
  const last = out[out.length - 1];
  if (last?.kind !== 'record' || last.record.line !== line) return false;
  // A data line goes as it is written (a valid JSON line means the same item to the service,
  // minified or not), unless it names a property by the plain name where the wire's differs.
  return last.record.action.kind === 'delete' ? isCanonical(text, last.record.action) : !needsRename(last.record.item, context);
}

/** The action line is exactly what graphform would send for it; the simple form (most lines) is that by construction. */
function isCanonical(text: string, action: DataAction): boolean {
  return SIMPLE_ACTION.test(text) || text === serializeAction(action);
}

function needsRename(item: Record<string, unknown> | undefined, context: BlockContext): boolean {
  if (item === undefined) return false;
  const names = wireNamesOf(context.rules.definition);
  if (!names.renames) return false;
  const types = item.ContentType;
  const typeName = Array.isArray(types) ? types[types.length - 1] : undefined;
  return typeof typeName === 'string' && names.needsRename(item, typeName);
}

class BlockTally {
  private entries = 0;
  private deletes = 0;
  private invalid = 0;
  private readonly diagnostics: Diagnostic[] = [];
  private errorsKept = 0;
  private warningsKept = 0;
  private omittedErrors = 0;
  private omittedWarnings = 0;
  private records = 0;
  private readonly hashes: Uint32Array;
  private readonly lines: Float64Array;
  private readonly contents: Uint32Array;
  private readonly kinds: Uint16Array;
  private readonly errors: Uint8Array;
  private readonly bytes: Uint8Array;
  /** The line being read: every record read comes from it (a data line, a delete's action line, a plain item). */
  private lineStart = 0;
  private lineEnd = 0;

  constructor(
    private readonly job: BlockJob,
    private readonly context: BlockContext,
  ) {
    // A record takes at least one line. The views are laid out so the floats stay aligned.
    const most = job.lineCount;
    this.hashes = new Uint32Array(job.results, 0, most * 2);
    this.lines = new Float64Array(job.results, most * 8, most);
    this.contents = new Uint32Array(job.results, most * 16, most * 2);
    this.kinds = new Uint16Array(job.results, most * 24, most * 2);
    this.errors = new Uint8Array(job.results, most * 28, most);
    this.bytes = job.bytes;
  }

  /** The bytes of the line read next. */
  at(start: number, end: number): void {
    this.lineStart = start;
    this.lineEnd = end;
  }

  add(entry: ReadEntry): void {
    this.entries++;
    if (entry.kind === 'issue') {
      this.keep(entry.issue);
      if (entry.issue.severity === 'error') this.invalid++;
      return;
    }
    const record = entry.record;
    if (record.action.kind === 'delete') this.deletes++;
    let hasError = false;
    for (const diagnostic of checkRecord(record, this.context.rules)) {
      this.keep(diagnostic);
      hasError ||= diagnostic.severity === 'error';
    }
    if (hasError) this.invalid++;
    this.remember(record.action, record.line, hasError, record.action.kind === 'index' ? this.context.kinds.typeOf(record.item?.ContentType) : 0);
  }

  /** An index record whose data line the quick check took: what add() counts for one without a diagnostic. */
  clean(action: DataAction, line: number): void {
    this.entries++;
    this.remember(action, line, false, this.context.kinds.typeNamed(this.context.clean.lastTypeName));
  }

  private remember(action: DataAction, line: number, hasError: boolean, type: number): void {
    const [a, b] = idHash(action.language, action.id);
    const at = this.records++;
    this.hashes[at * 2] = a;
    this.hashes[at * 2 + 1] = b;
    this.lines[at] = line;
    this.errors[at] = hasError ? 1 : 0;
    if (!this.context.hashContent) return;
    if (action.kind === 'delete') {
      this.contents[at * 2] = DELETE_HASH[0];
      this.contents[at * 2 + 1] = DELETE_HASH[1];
    } else hashBytesInto(this.bytes, this.lineStart, this.lineEnd, this.contents, at * 2);
    this.kinds[at * 2] = type;
    this.kinds[at * 2 + 1] = this.context.kinds.languageOf(action.language);
  }

  result(raw: boolean): BlockResult {
    return {
      seq: this.job.seq,
      bytes: this.job.bytes,
      entries: this.entries,
      deletes: this.deletes,
      invalid: this.invalid,
      diagnostics: this.diagnostics,
      omittedErrors: this.omittedErrors,
      omittedWarnings: this.omittedWarnings,
      records: this.records,
      hashes: this.hashes,
      lines: this.lines,
      contents: this.contents,
      kinds: this.kinds,
      errors: this.errors,
      raw,
    };
  }

  private keep(diagnostic: Diagnostic): void {
    // The pass keeps the first maxErrors of each severity: later ones of this block never make it.
    if (diagnostic.severity === 'error') {
      if (this.errorsKept++ < this.context.maxErrors) this.diagnostics.push(diagnostic);
      else this.omittedErrors++;
    } else if (this.warningsKept++ < this.context.maxErrors) this.diagnostics.push(diagnostic);
    else this.omittedWarnings++;
  }
}
