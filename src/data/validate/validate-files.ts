import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import type { SourceDeclaration } from '../../model/types.js';
import { DATA_CODES } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { readDataFile, readDataRecords } from '../read/read-data-file.js';
import type { DataFile, DataRecord, ProgressReporter, ProgressSnapshot, ValidationSummary } from '../types.js';
import { checkRecord, type RecordRulesContext } from './check-record.js';
import { DiagnosticCollector } from './diagnostic-collector.js';
import { IdHashSet, idHash, idHashKey } from './id-set.js';
import { createItemValidators } from './item-validators.js';

export interface ValidationPassOptions {
  declaration: SourceDeclaration;
  files: readonly DataFile[];
  totalBytes: number;
  fields: PlainItemFields;
  maxErrors: number;
  /** Problems found before reading (missing files), counted with the rest. */
  initialIssues?: readonly Diagnostic[];
  progress?: ProgressReporter | undefined;
}

export interface ValidationPass {
  summary: ValidationSummary;
  /** `file:line` of every record that repeats an earlier (language, _id): left out by --skip-invalid. */
  duplicates: Set<string>;
  rules: RecordRulesContext;
}

export function locationKey(record: { file: string; line: number }): string {
  return `${record.file}:${record.line}`;
}

/** First pass: reads every file once, checks every record, remembers nothing per item but a hash. */
export async function runValidationPass(options: ValidationPassOptions): Promise<ValidationPass> {
  const { declaration } = options;
  const rules: RecordRulesContext = {
    sourceId: declaration.id, definition: declaration.definition, validators: await createItemValidators(declaration.definition, [options.fields.idField, options.fields.languageField]),
  };
  const collector = new DiagnosticCollector(options.maxErrors);
  collector.addAll(options.initialIssues ?? []);
  const seen = new IdHashSet(4096);
  const suspects = new Map<string, boolean>();
  const suspectHashes = new Set<string>();
  const snapshot: ProgressSnapshot = { phase: 'validate', items: 0, totalItems: undefined, bytes: 0, totalBytes: options.totalBytes, batches: 0, failedBatches: 0 };
  let items = 0;
  let deletes = 0;
  let invalid = 0;
  let bytesBefore = 0;

  for (const file of options.files) {
    const counter = { bytesRead: 0 };
    for await (const chunk of readDataFile(file, options.fields, counter)) {
      for (const entry of chunk) {
        items++;
        if (entry.kind === 'issue') {
          collector.add(entry.issue);
          if (entry.issue.severity === 'error') invalid++;
          continue;
        }
        const record = entry.record;
        if (record.action.kind === 'delete') deletes++;
        const diagnostics = checkRecord(record, rules);
        collector.addAll(diagnostics);
        const hasError = diagnostics.some((d) => d.severity === 'error');
        if (hasError) invalid++;
        const hash = idHash(record.action.language, record.action.id);
        if (!seen.add(hash)) {
          suspectHashes.add(idHashKey(hash));
          suspects.set(locationKey(record), hasError);
        }
      }
      snapshot.items = items;
      snapshot.bytes = bytesBefore + counter.bytesRead;
      options.progress?.update(snapshot);
    }
    bytesBefore += counter.bytesRead;
  }
  options.progress?.done(snapshot);

  const duplicates = new Set<string>();
  if (suspectHashes.size > 0) {
    for (const { record, first } of await confirmDuplicates(options.files, options.fields, suspectHashes)) {
      duplicates.add(locationKey(record));
      collector.add(
        dataIssue(
          DATA_CODES.duplicateId,
          record.file,
          record.line,
          `_id "${excerpt(record.action.id)}" in language "${excerpt(record.action.language)}" appears more than once in this push (first at ${first}); batches are sent in parallel, so which one wins is not defined.`,
          '',
        ),
      );
      if (suspects.get(locationKey(record)) === false) invalid++;
    }
  }

  const summary: ValidationSummary = {
    files: options.files.length,
    items,
    deletes,
    invalidItems: invalid,
    errors: collector.errors,
    warnings: collector.warnings,
    diagnostics: collector.diagnostics(),
    omittedErrors: collector.omittedErrors,
    omittedWarnings: collector.omittedWarnings,
  };
  return { summary, duplicates, rules };
}

/** Re-reads the files looking only at ids whose hash repeated, to tell real duplicates from hash collisions. */
async function confirmDuplicates(files: readonly DataFile[], fields: PlainItemFields, hashes: Set<string>): Promise<{ record: DataRecord; first: string }[]> {
  const firstSeen = new Map<string, string>();
  const found: { record: DataRecord; first: string }[] = [];
  for (const file of files) {
    for await (const record of readDataRecords(file, fields)) {
      if (!hashes.has(idHashKey(idHash(record.action.language, record.action.id)))) continue;
      const key = `${record.action.language}\u0000${record.action.id}`;
      const first = firstSeen.get(key);
      if (first === undefined) firstSeen.set(key, locationKey(record));
      else found.push({ record, first });
    }
  }
  return found;
}
