import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ReadEntry } from '../types.js';
import type { BlockResult } from './check-block.js';
import { checkRecord, type RecordRulesContext } from './check-record.js';
import { DiagnosticCollector } from './diagnostic-collector.js';
import { DELETE_HASH, textHash } from './content-hash.js';
import { IdHashSet, idHash, idHashKey } from './id-set.js';
import type { RecordKinds } from './record-kinds.js';

/**
 * Sees every record of a pass in reading order, by its key's hash, its content hash, type and
 * language (RecordKinds numbers) and where it is: what a plan compares with what was last pushed.
 */
export interface RecordSink {
  readonly kinds: RecordKinds;
  record(keyA: number, keyB: number, contentA: number, contentB: number, type: number, language: number, file: string, line: number): void;
}

/**
 * The validation pass's running totals, fed in reading order: entries read on this thread
 * one by one, or whole blocks checked elsewhere. Per record it keeps only a 64-bit hash of
 * (language, _id); a repeated hash makes the record a suspect, confirmed afterwards.
 */
export class PassTally {
  readonly collector: DiagnosticCollector;
  items = 0;
  deletes = 0;
  invalid = 0;
  /** `file:line` of each record whose hash was seen before → whether it has an error of its own. */
  readonly suspects = new Map<string, boolean>();
  readonly suspectHashes = new Set<string>();
  private readonly seen = new IdHashSet(4096);

  constructor(
    maxErrors: number,
    initialIssues: readonly Diagnostic[],
    private readonly sink?: RecordSink,
  ) {
    this.collector = new DiagnosticCollector(maxErrors);
    this.collector.addAll(initialIssues);
  }

  entry(entry: ReadEntry, rules: RecordRulesContext): void {
    this.items++;
    if (entry.kind === 'issue') {
      this.collector.add(entry.issue);
      if (entry.issue.severity === 'error') this.invalid++;
      return;
    }
    const record = entry.record;
    if (record.action.kind === 'delete') this.deletes++;
    const diagnostics = checkRecord(record, rules);
    this.collector.addAll(diagnostics);
    const hasError = diagnostics.some((d) => d.severity === 'error');
    if (hasError) this.invalid++;
    const [a, b] = idHash(record.action.language, record.action.id);
    this.remember(a, b, record.file, record.line, hasError);
    if (this.sink === undefined) return;
    const { kinds } = this.sink;
    const [c, d] = record.action.kind === 'delete' ? DELETE_HASH : textHash(record.dataLine ?? JSON.stringify(record.item ?? null));
    const type = record.action.kind === 'delete' ? 0 : kinds.typeOf(record.item?.ContentType);
    this.sink.record(a, b, c, d, type, kinds.languageOf(record.action.language), record.file, record.line);
  }

  block(result: BlockResult, file: string): void {
    this.items += result.entries;
    this.deletes += result.deletes;
    this.invalid += result.invalid;
    this.collector.addAll(result.diagnostics);
    this.collector.omit(result.omittedErrors, result.omittedWarnings);
    const { hashes, lines, errors, contents, kinds } = result;
    for (let i = 0; i < result.records; i++) this.remember(hashes[i * 2] ?? 0, hashes[i * 2 + 1] ?? 0, file, lines[i] ?? 0, errors[i] === 1);
    const sink = this.sink;
    if (sink === undefined) return;
    for (let i = 0; i < result.records; i++) {
      sink.record(
        hashes[i * 2] ?? 0,
        hashes[i * 2 + 1] ?? 0,
        contents[i * 2] ?? 0,
        contents[i * 2 + 1] ?? 0,
        kinds[i * 2] ?? 0,
        kinds[i * 2 + 1] ?? 0,
        file,
        lines[i] ?? 0,
      );
    }
  }

  private remember(a: number, b: number, file: string, line: number, hasError: boolean): void {
    if (this.seen.addPair(a, b)) return;
    this.suspectHashes.add(idHashKey([a, b]));
    this.suspects.set(`${file}:${line}`, hasError);
  }
}
