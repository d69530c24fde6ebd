import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DataAction, ReadEntry } from '../types.js';
import type { BlockContext, BlockJob, BlockResult } from './block-job.js';
import { checkRecord } from './check-record.js';
import { DELETE_HASH, hashBytesInto } from './content-hash.js';
import { idHash } from './id-set.js';

/**
 * What checkBlock keeps of a block's records, in the typed arrays over the job's (shared)
 * `results`: per record its key's hash, line, error flag and, when the context hashes
 * content, its content hash, type and language; and the block's first diagnostics.
 */
export class BlockTally {
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
    this.remember(record.action, record.line, hasError, record.item);
  }

  /** An index record whose data line the quick check took: what add() counts for one without a diagnostic. */
  clean(action: DataAction, line: number): void {
    this.entries++;
    this.remember(action, line, false, undefined);
  }

  /** `item` is the record's parsed item; undefined for a line the quick check took, whose type it found. */
  private remember(action: DataAction, line: number, hasError: boolean, item: Record<string, unknown> | undefined): void {
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
    const { kinds, clean } = this.context;
    this.kinds[at * 2] = action.kind === 'delete' ? 0 : item === undefined ? kinds.typeNamed(clean.lastTypeName) : kinds.typeOf(item.ContentType);
    this.kinds[at * 2 + 1] = kinds.languageOf(action.language);
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
