import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DataLedger } from '../../state/types.js';
import { resolveDataFiles } from '../files/declared-files.js';
import { validateDataFilesRead } from '../push/push-data.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { DECLARED_DATA_MAX_ERRORS, type DeclaredDataOptions } from '../repush.js';
import type { DataFile, DataRecord, ValidationSummary } from '../types.js';
import { recordKinds } from '../validate/record-kinds.js';
import { DataDiff, type DataDiffOutcome, type DiffRecord } from './data-diff.js';
import { EMPTY_LEDGER_TABLE, encodeLedger, entryLine, readLedger, tableRow, type LedgerRow, type LedgerTable } from './ledger-codec.js';
import { readRecordsAt } from './records-at.js';

/** A source's declared data compared with its ledger, with what it takes to read records back out of the files. */
export interface DeclaredDiff {
  /** The files read, as diagnostics name them. */
  files: string[];
  read: DataFile[];
  fields: PlainItemFields;
  validation: ValidationSummary;
  outcome: DataDiffOutcome;
  /** The ledger compared with; empty when state has none (every declared item is new). */
  ledger: LedgerTable;
  /** Whether state had a ledger for the source (one that failed its check counts as none). */
  hadLedger: boolean;
  /** What is wrong with the ledger state holds, when it failed its check and is compared as none. */
  damaged?: string;
  /** The ledger as state held it (the object itself): a diff is reused only against the very same one. */
  from: DataLedger | undefined;
  /** Patterns of `data:` that matched no file (GF_DATA_NO_FILES_MATCHED warnings, also in validation). */
  unmatched: Diagnostic[];
}

/**
 * Reads a source's declared `data:` files once, validating every item exactly as a push
 * does and comparing each with the ledger of what graphform last pushed: items added,
 * changed, deleted (removed from the files), and unchanged. Sends nothing.
 */
export async function diffDeclaredData(options: DeclaredDataOptions & { ledger: DataLedger | undefined }): Promise<DeclaredDiff> {
  const { declaration } = options;
  const { table: ledger, damaged } = ledgerTable(options.ledger);
  const hadLedger = options.ledger !== undefined && ledger !== EMPTY_LEDGER_TABLE;
  const known = damaged === undefined ? {} : { damaged };
  const diff = new DataDiff(recordKinds(declaration.definition), ledger);
  if (declaration.data.length === 0) {
    const fields = { idField: options.config.idField, languageField: options.config.languageField };
    const validation: ValidationSummary = {
      files: 0,
      items: 0,
      deletes: 0,
      invalidItems: 0,
      errors: 0,
      warnings: 0,
      diagnostics: [],
      omittedErrors: 0,
      omittedWarnings: 0,
    };
    return { files: [], read: [], fields, validation, outcome: diff.outcome(), ledger, hadLedger, ...known, from: options.ledger, unmatched: [] };
  }
  const resolved = await resolveDataFiles(declaration, { cwd: options.cwd, root: options.root });
  const checked = await validateDataFilesRead({
    declaration,
    files: resolved.files,
    config: options.config,
    maxErrors: options.maxErrors ?? DECLARED_DATA_MAX_ERRORS,
    cwd: options.cwd,
    projectRoot: resolved.projectRoot,
    workersFromBytes: options.workersFromBytes,
    records: diff,
  });
  const validation =
    resolved.issues.length === 0
      ? checked.summary
      : { ...checked.summary, warnings: checked.summary.warnings + resolved.issues.length, diagnostics: [...resolved.issues, ...checked.summary.diagnostics] };
  return {
    files: resolved.files.map((file) => path.relative(options.cwd, file) || file),
    read: checked.files,
    fields: checked.fields,
    validation,
    outcome: diff.outcome(),
    ledger,
    hadLedger,
    ...known,
    from: options.ledger,
    unmatched: resolved.issues,
  };
}

/**
 * The ledger to compare with. One that fails its check counts as none: every declared item is
 * sent once more, never deleted (a ledger out of order would match no declared item).
 */
function ledgerTable(ledger: DataLedger | undefined): { table: LedgerTable; damaged?: string } {
  if (ledger === undefined) return { table: EMPTY_LEDGER_TABLE };
  try {
    return { table: readLedger(ledger) };
  } catch (error) {
    return { table: EMPTY_LEDGER_TABLE, damaged: error instanceof Error ? error.message : String(error) };
  }
}

/** The records of the files at these diff records, keyed `file:line`. */
export async function recordsOf(diff: DeclaredDiff, records: readonly DiffRecord[]): Promise<Map<string, DataRecord>> {
  const wanted = new Map<string, Set<number>>();
  for (const record of records) {
    const lines = wanted.get(record.file) ?? new Set<number>();
    lines.add(record.line);
    wanted.set(record.file, lines);
  }
  const found = await readRecordsAt(diff.read, wanted, diff.fields);
  return new Map(found.map((record) => [`${record.file}:${record.line}`, record]));
}

/** "b12 (en)" for each diff record found in the files. */
export function recordNames(records: readonly DiffRecord[], found: ReadonlyMap<string, DataRecord>): string[] {
  return records.flatMap((record) => {
    const read = found.get(`${record.file}:${record.line}`);
    return read === undefined ? [] : [`${read.action.id} (${read.action.language})`];
  });
}

/**
 * The ledger once every added, changed and delete record is pushed and the removed entries
 * deleted: the unchanged rows and one per pushed record, named by its action. After a push
 * that deletes nothing (`data push`), `keepRemoved` keeps the entries no file declares any
 * more: those items are still on the service, and the next plan still deletes them.
 */
export function nextLedger(diff: DeclaredDiff, pushed: ReadonlyMap<string, DataRecord>, keepRemoved = false): DataLedger {
  const { outcome } = diff;
  const rows: LedgerRow[] = [...outcome.unchanged, ...(keepRemoved ? outcome.removed : [])].map((i) => tableRow(diff.ledger, i));
  for (const record of [...outcome.added, ...outcome.changed, ...outcome.deleteLines]) {
    const read = pushed.get(`${record.file}:${record.line}`);
    if (read === undefined) throw new Error(`the record at ${record.file}:${record.line} could not be read back for the ledger`);
    const line = entryLine({ language: read.action.language, id: read.action.id, type: read.action.kind === 'delete' ? '' : record.type });
    // The pass hashed the key from this very action.
    rows.push({ keyA: record.keyA, keyB: record.keyB, content: record.contentA, line });
  }
  return encodeLedger(rows);
}
