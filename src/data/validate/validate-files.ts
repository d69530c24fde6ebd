import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceDeclaration } from '../../model/types.js';
import { openFileReader } from '../read/file-bytes.js';
import { DEFAULT_MAX_LINE_BYTES } from '../read/line-splitter.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { dataFormatOf, readDataFile, readFailure } from '../read/read-data-file.js';
import type { DataFile, ProgressReporter, ProgressSnapshot, ReadCounter, ValidationSummary } from '../types.js';
import { blockSetup, contextFor } from './block-context.js';
import { PARALLEL_FROM_BYTES } from './parallel-from.js';
import { BlockLanes, builtWorkerUrl, defaultWorkerCount, WORKER_MAX_BLOCK_BYTES } from './block-lanes.js';
import type { BlockContext } from './check-block.js';
import type { RecordRulesContext } from './check-record.js';
import { locationKey, reportDuplicates } from './duplicates.js';
import { cutNdjsonBlocks, type NdjsonBlocksOptions, type NdjsonBlocksOutcome } from './ndjson-blocks.js';
import { BlockPipeline } from './block-pipeline.js';
import { PassTally, type RecordSink } from './pass-tally.js';
import { fieldPositions } from './field-positions.js';

export { locationKey };

/** How the pass spreads NDJSON over threads. */
export interface ParallelOptions {
  /** Worker threads; 0 checks everything on this thread. */
  workers: number;
  /** The worker script; by default the compiled one beside this module, when there is one. */
  workerUrl?: URL | undefined;
  /** Below this many bytes of NDJSON no worker starts: starting one would cost more than it saves. */
  fromBytes: number;
  /**
   * Wait until every worker is ready before the first block. By default this thread checks
   * blocks while the workers start, and a small input may be done before they are: tests
   * that must see blocks reach the workers wait.
   */
  waitForWorkers?: boolean;
}

/** Reads are this large: a block is the lines one read completes, the line carried from the read before included. */
const READ_BYTES = 2 * 1024 * 1024;

export interface ValidationPassOptions {
  declaration: SourceDeclaration;
  files: readonly DataFile[];
  totalBytes: number;
  fields: PlainItemFields;
  maxErrors: number;
  /** Problems found before reading (missing files), counted with the rest. */
  initialIssues?: readonly Diagnostic[];
  progress?: ProgressReporter | undefined;
  /** The longest line read (default 16 MiB). */
  maxLineBytes?: number;
  parallel?: ParallelOptions;
  /** Where worker threads start when `parallel` is not given (default PARALLEL_FROM_BYTES). */
  workersFromBytes?: number | undefined;
  /** Sees every record with its content hash (a plan's comparison with what was last pushed); hashing is skipped without one. */
  records?: RecordSink | undefined;
}

export interface ValidationPass {
  summary: ValidationSummary;
  /** `file:line` of every record that repeats an earlier (language, _id): left out by --skip-invalid. */
  duplicates: Set<string>;
  rules: RecordRulesContext;
  /**
   * Files without a problem whose every line goes on the wire as it is (wire form,
   * canonical action lines, minified data lines): the send pass cuts their bytes into
   * batches without reading a line of JSON.
   */
  rawFiles: ReadonlySet<DataFile>;
}

/** An NDJSON file read straight into block memory and handed over block by block. */
async function cutFile(file: DataFile, counter: ReadCounter, options: NdjsonBlocksOptions): Promise<NdjsonBlocksOutcome> {
  const input = await openFileReader(file, counter);
  try {
    return await cutNdjsonBlocks((target, offset, length) => input.read(target, offset, length), options);
  } finally {
    await input.close();
  }
}

/**
 * First pass: reads every file once, checks every record, remembers nothing per item but a
 * hash. NDJSON files are cut into blocks of lines checked on worker threads (and on this
 * one), merged back in reading order, so the summary is the same as reading line by line.
 */
export async function runValidationPass(options: ValidationPassOptions): Promise<ValidationPass> {
  const { declaration, fields, maxErrors } = options;
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const isNdjson = (file: DataFile): boolean => file.entries === undefined && dataFormatOf(file.path) === 'ndjson';
  const ndjsonBytes = options.files.filter(isNdjson).reduce((sum, file) => sum + (file.size ?? 0), 0);
  const parallel = options.parallel ?? { workers: defaultWorkerCount(), fromBytes: options.workersFromBytes ?? PARALLEL_FROM_BYTES };
  const workers = ndjsonBytes >= parallel.fromBytes ? parallel.workers : 0;
  const setup = blockSetup(declaration.id, declaration.definition, fields, maxErrors, maxLineBytes, options.records !== undefined, declaration.moved);
  const local = (): Promise<BlockContext> => contextFor(setup, declaration.definition);
  const lanes = await BlockLanes.open(
    local,
    setup,
    workers,
    workers === 0 ? undefined : (parallel.workerUrl ?? (await builtWorkerUrl())),
    parallel.waitForWorkers,
  );
  const { rules } = lanes.local;

  const tally = new PassTally(maxErrors, options.initialIssues ?? [], options.records);
  const rawFiles = new Set<DataFile>();
  const snapshot: ProgressSnapshot = {
    phase: 'validate',
    items: 0,
    totalItems: undefined,
    bytes: 0,
    totalBytes: options.totalBytes,
    batches: 0,
    failedBatches: 0,
  };
  let bytesBefore = 0;
  const counter = { bytesRead: 0 };
  const report = (): void => {
    snapshot.items = tally.items;
    snapshot.bytes = bytesBefore + counter.bytesRead;
    options.progress?.update(snapshot);
  };
  const pipeline = new BlockPipeline(lanes, tally, rules, WORKER_MAX_BLOCK_BYTES, report);
  try {
    for (const file of options.files) {
      bytesBefore += counter.bytesRead;
      counter.bytesRead = 0;
      if (isNdjson(file)) {
        pipeline.startFile();
        const outcome = await cutFile(file, counter, {
          file: file.display,
          fields,
          maxLineBytes,
          buffers: pipeline.buffers,
          readBytes: READ_BYTES,
          results: pipeline.results,
          submit: (job) => pipeline.submit(file.display, job),
        }).catch((error: unknown) => Promise.reject(readFailure(file, error)));
        pipeline.endFile(outcome.tail, outcome.wire, (verdict) => {
          if (verdict.asIs && verdict.errors === 0 && file.size !== undefined) rawFiles.add(file);
        });
      } else {
        // Read here, in order: whatever is in flight is taken first.
        await pipeline.drain();
        for await (const chunk of readDataFile(file, fields, counter, { maxLineBytes })) {
          for (const entry of chunk) tally.entry(entry, rules);
          report();
        }
      }
    }
    await pipeline.drain();
  } finally {
    await lanes.close();
  }
  options.progress?.done(snapshot);

  const duplicates = await reportDuplicates(options.files, fields, tally);
  for (const file of rawFiles) if ([...duplicates].some((key) => key.startsWith(`${file.display}:`))) rawFiles.delete(file);
  const { collector } = tally;
  // The pass puts an item's diagnostics at its first line; the few kept are moved to their fields.
  collector.moveTo(await fieldPositions(collector.keptInReadingOrder(), { files: options.files, fields, rules, maxItemBytes: maxLineBytes }));
  const summary: ValidationSummary = {
    files: options.files.length,
    items: tally.items,
    deletes: tally.deletes,
    invalidItems: tally.invalid,
    errors: collector.errors,
    warnings: collector.warnings,
    diagnostics: collector.diagnostics(),
    omittedErrors: collector.omittedErrors,
    omittedWarnings: collector.omittedWarnings,
  };
  return { summary, duplicates, rules, rawFiles };
}
