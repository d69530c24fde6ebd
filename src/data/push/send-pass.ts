import type { GraphClient } from '../../graph/types.js';
import { assertUnchanged } from '../files/data-files.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { openFileReader, type FileReader } from '../read/file-bytes.js';
import { readDataFile, readFailure } from '../read/read-data-file.js';
import type { DataFile, FailedBatch, ProgressReporter, ProgressSnapshot } from '../types.js';
import { checkRecord } from '../validate/check-record.js';
import { locationKey, type ValidationPass } from '../validate/validate-files.js';
import { Batcher, type Batch, type BatchLimits } from './batcher.js';
import { RawBatchReader, type ReadInto } from './raw-batches.js';
import { SendPool } from './send-pool.js';
import { serializeRecord } from './serialize.js';
import { stoppedEarly } from './stopped-early.js';
import type { WireNames } from '../wire-names.js';

export interface SendPassOptions {
  client: GraphClient;
  sourceId: string;
  files: readonly DataFile[];
  fields: PlainItemFields;
  limits: BatchLimits;
  concurrency: number;
  dryRun: boolean;
  /** With --skip-invalid and errors found: check each record again and leave out the invalid. */
  recheck: ValidationPass | undefined;
  /** The source's wire names: every other file's items are sent under them (wire-names.ts). */
  wire?: WireNames | undefined;
  /** Files whose bytes go on the wire as they are (ValidationPass.rawFiles). */
  rawFiles: ReadonlySet<DataFile>;
  totalItems: number;
  progress: ProgressReporter | undefined;
  /** Aborted by an interrupt: reading stops, no new batch starts, those in flight finish. */
  stop?: AbortSignal | undefined;
}

export interface SendPassResult {
  itemsSent: number;
  itemsSkipped: number;
  batches: number;
  bytes: number;
  failedBatches: FailedBatch[];
  /** An interrupt stopped it before every item was sent. */
  stopped: boolean;
}

/**
 * Second pass: read → batch → send, never more than `concurrency` batches ahead. A file
 * the validation pass found sendable as it is (rawFiles) is cut into records straight from
 * its bytes; any other is read record by record and serialized. Whatever stops it (a file
 * that changed, a read that failed), the batches in flight finish and are counted before
 * it returns or throws.
 */
export async function sendPass(options: SendPassOptions): Promise<SendPassResult> {
  const snapshot: ProgressSnapshot = { phase: 'send', items: 0, totalItems: options.totalItems, bytes: 0, totalBytes: undefined, batches: 0, failedBatches: 0 };
  const batcher = new Batcher(options.limits);
  const pool = new SendPool(
    options.concurrency,
    async (batch: Batch) => {
      try {
        return await options.client.pushData(options.sourceId, batch.body);
      } finally {
        batcher.recycle(batch);
      }
    },
    () => {
      snapshot.items = pool.itemsSent;
      snapshot.bytes = pool.bytesSent;
      snapshot.batches = pool.batchesSent;
      snapshot.failedBatches = pool.failures.length;
      options.progress?.update(snapshot);
    },
  );
  const dry = { items: 0, batches: 0, bytes: 0 };
  const deliver = async (batch: Batch | undefined): Promise<boolean> => {
    if (batch === undefined) return true;
    if (!options.dryRun) {
      // An interrupt that comes while the batch waits for a free slot stops it there: no new
      // batch starts after the signal. The reader sees the interrupt at its next check.
      await pool.slot();
      if (options.stop?.aborted !== true) return pool.submit(batch);
      batcher.recycle(batch);
      return true;
    }
    dry.items += batch.items;
    dry.batches++;
    dry.bytes += batch.body.length;
    batcher.recycle(batch);
    return true;
  };
  const skipped = { items: 0 };
  let stop: { error: unknown } | undefined;
  let interrupted = false;
  try {
    interrupted = !(await sendFiles(options, batcher, deliver, skipped));
  } catch (error) {
    stop = { error };
  } finally {
    await pool.drain();
    if (!options.dryRun) options.progress?.done(snapshot);
  }
  const result: SendPassResult = options.dryRun
    ? { itemsSent: dry.items, itemsSkipped: skipped.items, batches: dry.batches, bytes: dry.bytes, failedBatches: [], stopped: false }
    : {
        itemsSent: pool.itemsSent,
        itemsSkipped: skipped.items,
        batches: pool.batchesSent + pool.failures.length,
        bytes: pool.bytesSent,
        failedBatches: [...pool.failures].sort((a, b) => a.batch - b.batch),
        stopped: interrupted && pool.failures.length === 0,
      };
  if (stop !== undefined) throw stoppedEarly(stop.error, { sourceId: options.sourceId, dryRun: options.dryRun, ...result });
  return result;
}

/** What reading one file hands its records to. */
interface Sink {
  batcher: Batcher;
  limits: BatchLimits;
  /** False once sending has stopped (a batch failed). */
  deliver: (batch: Batch | undefined) => Promise<boolean>;
  interrupted: () => boolean;
}

/** How reading one file ended: to its end, at an interrupt, or at a failed batch. */
type FileOutcome = 'read' | 'interrupted' | 'failed';

/** False when an interrupt stopped it before the end. */
async function sendFiles(options: SendPassOptions, batcher: Batcher, deliver: Sink['deliver'], skipped: { items: number }): Promise<boolean> {
  const sink: Sink = { batcher, limits: options.limits, deliver, interrupted: () => options.stop?.aborted === true && !options.dryRun };
  for (const file of options.files) {
    await assertUnchanged(file);
    const outcome = options.rawFiles.has(file) ? await sendRaw(file, sink) : await sendRecords(file, options, sink, skipped);
    if (outcome !== 'read') return outcome === 'failed';
    // The reader stopped at the validated size; a file rewritten in place is caught here.
    await assertUnchanged(file, 'after-read');
  }
  if (sink.interrupted()) return false;
  await deliver(batcher.flush());
  return true;
}

/** A file checked to go as it is: read straight into the batches' buffers and cut there into records, no line decoded or parsed. */
async function sendRaw(file: DataFile, sink: Sink): Promise<FileOutcome> {
  const reader = new RawBatchReader(file.display, sink.batcher, sink.limits);
  let input: FileReader | undefined;
  try {
    input = await openFileReader(file, { bytesRead: 0 });
    const read: ReadInto = (target, offset, length) => (input as FileReader).read(target, offset, length);
    for (let closed = await reader.next(read); closed !== undefined; closed = await reader.next(read)) {
      for (const batch of closed) {
        if (sink.interrupted()) return 'interrupted';
        if (!(await sink.deliver(batch))) return 'failed';
      }
    }
  } catch (error) {
    throw readFailure(file, error);
  } finally {
    await reader.settle();
    await input?.close();
  }
  return 'read';
}

/** Any other file: record by record, serialized; with --skip-invalid, the invalid ones left out. */
async function sendRecords(file: DataFile, options: SendPassOptions, sink: Sink, skipped: { items: number }): Promise<FileOutcome> {
  // Validated input (nothing to re-check) can pass minified data lines through unparsed.
  const trusted = options.recheck === undefined;
  for await (const chunk of readDataFile(file, options.fields, undefined, { trusted })) {
    for (const entry of chunk) {
      if (entry.kind === 'issue') {
        if (entry.issue.severity === 'error') skipped.items++;
        continue;
      }
      const record = entry.record;
      if (options.recheck !== undefined && isInvalid(record, options.recheck)) {
        skipped.items++;
        continue;
      }
      if (sink.interrupted()) return 'interrupted';
      if (!(await sink.deliver(sink.batcher.add(serializeRecord(record, options.wire), { file: record.file, line: record.line })))) return 'failed';
    }
  }
  return 'read';
}

function isInvalid(record: Parameters<typeof checkRecord>[0], pass: ValidationPass): boolean {
  return pass.duplicates.has(locationKey(record)) || checkRecord(record, pass.rules).some((d) => d.severity === 'error');
}
