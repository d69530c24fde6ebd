import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { NdjsonMode, Pending } from '../read/ndjson-state.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { RecordRulesContext } from './check-record.js';
import type { CleanLines } from './clean-lines.js';
import type { RecordKinds } from './record-kinds.js';

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
