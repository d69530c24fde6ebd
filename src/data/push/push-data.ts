import path from 'node:path';
import type { DataConfig } from '../../config/types.js';
import type { GraphClient } from '../../graph/types.js';
import type { SourceDeclaration } from '../../model/types.js';
import { checkDataFiles } from '../files/data-files.js';
import type { PlainItemFields } from '../read/plain-item.js';
import type { DataFile, ProgressReporter, PushSummary, ValidationSummary } from '../types.js';
import type { RecordSink } from '../validate/pass-tally.js';
import { runValidationPass, type ValidationPass } from '../validate/validate-files.js';
import { wireNamesOf } from '../validate/item-schema.js';
import { checkDataConfig } from './data-config-check.js';
import { sendPass } from './send-pass.js';

export interface PushDataOptions {
  client: GraphClient;
  declaration: SourceDeclaration;
  /** Data files; relative paths resolve against `cwd`. */
  files: readonly string[];
  /** Inputs that are not files (see DataFile.entries), read after `files`. */
  inputs?: readonly DataFile[];
  config: DataConfig;
  /** Leave invalid items out and send the rest, instead of sending nothing. */
  skipInvalid: boolean;
  /** How many errors (and, separately, warnings) to keep in the summary. */
  maxErrors: number;
  /** Validate and cut batches, but send nothing. */
  dryRun: boolean;
  progress?: ProgressReporter;
  /** Milliseconds, for the summary's timings; defaults to Date.now. */
  now?: () => number;
  /** Folder relative paths resolve against, and diagnostics are relative to. */
  cwd?: string;
  /** Aborted by an interrupt: no new batch starts, the batches in flight finish. */
  stop?: AbortSignal;
  /**
   * The project folder, when `files` are a source's declared `data:` files
   * (resolveDataFiles' `projectRoot`): each must lie inside it once links are resolved.
   * Undefined for files a user named: those are read where they are.
   */
  projectRoot?: string | undefined;
  /** Bytes of NDJSON from which validation uses worker threads (default PARALLEL_FROM_BYTES). */
  workersFromBytes?: number | undefined;
  /** Sees every record the validation pass reads, with its content hash (the fingerprint of what was pushed). */
  records?: RecordSink | undefined;
}

export type ValidateDataOptions = Pick<
  PushDataOptions,
  'declaration' | 'files' | 'inputs' | 'config' | 'maxErrors' | 'progress' | 'cwd' | 'projectRoot' | 'workersFromBytes' | 'records'
>;

/**
 * Validates every item, then (when all are valid, or with skipInvalid) streams them to the
 * service in batches. Two passes over the files keep memory flat: nothing is sent before
 * the whole input is known to be valid.
 */
export async function pushData(options: PushDataOptions): Promise<PushSummary> {
  checkDataConfig(options.config);
  const now = options.now ?? Date.now;
  const started = now();
  const prepared = await prepare(options);
  const pass = await runValidationPass(prepared);
  const validated = now();
  const validation = pass.summary;
  const eligible = validation.items - validation.invalidItems;
  if (validation.errors > 0 && !options.skipInvalid) {
    return summarize(
      options.declaration.id,
      'invalid',
      validation,
      { itemsSent: 0, itemsSkipped: 0, itemsNotSent: eligible, batches: 0, bytes: 0, failedBatches: [] },
      started,
      validated,
      now(),
    );
  }
  if (options.stop?.aborted === true && !options.dryRun) {
    return summarize(
      options.declaration.id,
      'stopped',
      validation,
      { itemsSent: 0, itemsSkipped: 0, itemsNotSent: eligible, batches: 0, bytes: 0, failedBatches: [] },
      started,
      validated,
      now(),
    );
  }
  const sent = await sendPass({
    client: options.client,
    sourceId: options.declaration.id,
    files: prepared.files,
    fields: prepared.fields,
    limits: { maxBytes: options.config.batchMaxBytes, maxItems: options.config.batchMaxItems },
    concurrency: options.config.concurrency,
    dryRun: options.dryRun,
    recheck: options.skipInvalid && validation.errors > 0 ? pass : undefined,
    rawFiles: pass.rawFiles,
    wire: wireNamesOf(options.declaration.definition),
    totalItems: eligible,
    progress: options.progress,
    stop: options.stop,
  });
  const status = options.dryRun ? 'dry-run' : sent.failedBatches.length > 0 ? 'failed' : sent.stopped ? 'stopped' : 'sent';
  return summarize(options.declaration.id, status, validation, { ...sent, itemsNotSent: eligible - sent.itemsSent }, started, validated, now());
}

/** Checks the files and every item without sending anything. */
export async function validateDataFiles(options: ValidateDataOptions): Promise<ValidationSummary> {
  return (await validateDataFilesRead(options)).summary;
}

/** validateDataFiles, with the files as read (their size and time when validated): a second read picks records out of them. */
export async function validateDataFilesRead(options: ValidateDataOptions): Promise<{ summary: ValidationSummary; files: DataFile[]; fields: PlainItemFields }> {
  checkDataConfig(options.config);
  const prepared = await prepare(options);
  return { summary: (await runValidationPass(prepared)).summary, files: prepared.files, fields: prepared.fields };
}

async function prepare(options: ValidateDataOptions): Promise<Parameters<typeof runValidationPass>[0] & { files: DataFile[] }> {
  const cwd = options.cwd ?? path.resolve('.');
  const checked = await checkDataFiles(options.files, cwd, options.projectRoot);
  const fields: PlainItemFields = { idField: options.config.idField, languageField: options.config.languageField };
  return {
    declaration: options.declaration,
    files: [...checked.files, ...(options.inputs ?? [])],
    totalBytes: checked.totalBytes,
    fields,
    maxErrors: options.maxErrors,
    initialIssues: checked.issues,
    progress: options.progress,
    workersFromBytes: options.workersFromBytes,
    records: options.records,
  };
}

interface SendCounts {
  itemsSent: number;
  itemsSkipped: number;
  itemsNotSent: number;
  batches: number;
  bytes: number;
  failedBatches: PushSummary['failedBatches'];
}

function summarize(
  sourceId: string,
  status: PushSummary['status'],
  validation: ValidationSummary,
  counts: SendCounts,
  started: number,
  validated: number,
  ended: number,
): PushSummary {
  const seconds = Math.max(0, ended - started) / 1000;
  const rate = (n: number): number => (seconds > 0 ? n / seconds : 0);
  return {
    sourceId,
    status,
    validation,
    ...counts,
    seconds,
    validateSeconds: Math.max(0, validated - started) / 1000,
    itemsPerSecond: rate(counts.itemsSent),
    megabytesPerSecond: rate(counts.bytes / (1024 * 1024)),
  };
}

export type { ValidationPass };
