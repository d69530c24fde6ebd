import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { builtScript } from '../../fs/built-script.js';
import type { BlockSetup } from './block-context.js';
import { checkBlock, type BlockContext, type BlockJob, type BlockResult } from './check-block.js';

/**
 * What a worker thread says: that it is ready for blocks (once), then for each block what
 * it found, or that it skipped it (the main thread had taken it back).
 */
export type WorkerReply =
  { kind: 'ready' } | { kind: 'result'; result: BlockResult } | { kind: 'skipped'; seq: number } | { kind: 'failed'; seq: number; message: string };

/** BlockJob.claim: no thread has begun the block; a worker has; the main thread has. */
const FREE = 0;
const WORKER = 1;
const HERE = 2;

/** Claims a block for the worker thread that is about to check it; false when the main thread took it back. */
export function claimForWorker(job: BlockJob): boolean {
  return job.claim === undefined || Atomics.compareExchange(job.claim, 0, FREE, WORKER) === FREE;
}

/** A block handed out: its result to come, and a way to check it here at once if no worker has begun it. */
export interface StartedBlock {
  result: Promise<BlockResult>;
  /**
   * When the block still waits in a worker's queue, checks it on this thread now (the
   * worker skips it when it comes to it) and returns the result; undefined otherwise.
   */
  takeBack(): BlockResult | undefined;
}

/** Blocks a worker holds at once: one being checked, one waiting, so it never idles between two. */
const DEPTH = 2;
/**
 * A worker's heap is kept small: it only ever holds a block of at most this many bytes (a
 * block with a longer line is checked on the main thread), so its live data is a few MiB,
 * and a small young generation and a low old-generation limit make it collect often
 * instead of growing. Without limits, each worker grew by tens of MiB over a gigabyte. A
 * block that still needs more (a line with hundreds of thousands of errors) ends its
 * worker, and is checked again on the main thread.
 */
export const WORKER_MAX_BLOCK_BYTES = 4 * 1024 * 1024;
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 32 };
/**
 * At most this many worker threads, whatever the machine: each costs a V8 heap and its own
 * copy of the validators, and memory stays within bounds on a large machine too.
 */
export const MAX_WORKERS = 4;

/**
 * Worker threads for validation: one fewer than the cores, as the main thread reads and
 * checks too; none on one core, where a worker would only take turns with this thread.
 */
export function defaultWorkerCount(): number {
  return Math.min(MAX_WORKERS, Math.max(0, os.availableParallelism() - 1));
}

/** The compiled worker script beside this module; absent when running from TypeScript sources. */
export async function builtWorkerUrl(): Promise<URL | undefined> {
  return builtScript(new URL('./block-worker.js', import.meta.url));
}

/**
 * Where blocks of lines are checked: worker threads while one has room, else the main
 * thread itself. Results come back in any order, each tagged with its block's `seq`; the
 * caller takes them in order.
 */
export class BlockLanes {
  private constructor(
    /** This thread's checker: its rules serve the entries read here too. */
    readonly local: BlockContext,
    private readonly workers: WorkerLane[],
  ) {}

  /**
   * Each worker builds its checker from `setup`; `local` builds this thread's, once the
   * workers are starting, so both start-ups overlap. With `workerUrl` undefined or
   * `workers` 0, every block is checked on this thread.
   */
  static async open(
    local: () => Promise<BlockContext>,
    setup: BlockSetup,
    workers: number,
    workerUrl: URL | undefined,
    waitForWorkers = false,
  ): Promise<BlockLanes> {
    const lanes: WorkerLane[] = [];
    if (workerUrl !== undefined && workers > 0) {
      const { Worker } = await import('node:worker_threads');
      for (let i = 0; i < workers; i++) lanes.push(new WorkerLane(new Worker(workerUrl, { workerData: setup, resourceLimits: WORKER_LIMITS })));
    }
    try {
      const opened = new BlockLanes(await local(), lanes);
      if (waitForWorkers) await Promise.all(lanes.map((lane) => lane.started));
      return opened;
    } catch (error) {
      await Promise.all(lanes.map((lane) => lane.close()));
      throw error;
    }
  }

  /**
   * How many blocks may be started and not yet taken. Blocks checked here are done at once
   * but wait behind the workers' in the order of the file: room for several of them keeps
   * this thread checking while the oldest block is still with a worker (slow at first,
   * before its code is optimized).
   */
  get ahead(): number {
    return this.workers.length === 0 ? 1 : this.workers.length * DEPTH + 4;
  }

  /**
   * Starts checking a block: on a worker thread while one has room, else (every worker
   * busy or still starting, or a line too long for a worker's small heap) now, on this
   * thread. A worker gets no block before it says it is ready: one handed to a worker
   * still loading its modules would hold up every block after it in the order they are
   * taken, and this thread would wait instead of checking. A block whose worker fails (out
   * of its memory, say) is checked again here: its bytes are shared memory, still
   * readable, and that worker gets no more blocks.
   */
  async start(job: BlockJob): Promise<StartedBlock> {
    if (this.workers.length === 0 || job.bytes.length > WORKER_MAX_BLOCK_BYTES) return this.here(job);
    // Let finished workers report first, so their room is seen.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let lane: WorkerLane | undefined;
    for (const worker of this.workers) if (worker.ready && worker.load < DEPTH && (lane === undefined || worker.load < lane.load)) lane = worker;
    if (lane === undefined) return this.here(job);
    // Exactly one thread checks the block: whichever claims it first (see takeBack).
    const claim = new Int32Array(new SharedArrayBuffer(4));
    let takenBack: BlockResult | undefined;
    const result = lane.send({ ...job, claim }).catch(() => {
      // Skipped (taken back), or the worker failed: then this thread checks the block, and only once.
      if (takenBack !== undefined) return takenBack;
      Atomics.store(claim, 0, HERE);
      return checkBlock(job, this.local);
    });
    return {
      result,
      takeBack: () => {
        if (Atomics.compareExchange(claim, 0, FREE, HERE) !== FREE) return undefined;
        takenBack = checkBlock(job, this.local);
        return takenBack;
      },
    };
  }

  private here(job: BlockJob): StartedBlock {
    return { result: Promise.resolve(checkBlock(job, this.local)), takeBack: () => undefined };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((lane) => lane.close()));
  }
}

class WorkerLane {
  private readonly waiting = new Map<number, { resolve: (result: BlockResult) => void; reject: (error: Error) => void }>();
  private failure: Error | undefined;
  private isReady = false;
  private settleStarted: () => void = () => undefined;
  /** Settles once the worker is ready for blocks, or has failed. */
  readonly started = new Promise<void>((resolve) => (this.settleStarted = resolve));

  /** The pass closes every lane it opens (validate-files, in a finally): a worker never outlives its pass. */
  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'ready') {
        this.isReady = true;
        this.settleStarted();
        return;
      }
      const seq = reply.kind === 'result' ? reply.result.seq : reply.seq;
      const entry = this.waiting.get(seq);
      this.waiting.delete(seq);
      if (reply.kind === 'result') entry?.resolve(reply.result);
      else entry?.reject(new Error(reply.kind === 'skipped' ? 'taken back by the main thread' : `validation worker failed: ${reply.message}`));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`validation worker exited with code ${code}`)));
  }

  get load(): number {
    return this.waiting.size;
  }

  /** Ready for blocks: started, and not failed. */
  get ready(): boolean {
    return this.isReady && this.failure === undefined;
  }

  send(job: BlockJob): Promise<BlockResult> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const result = new Promise<BlockResult>((resolve, reject) => this.waiting.set(job.seq, { resolve, reject }));
    // Shared memory goes as it is: the block and its results stay readable here.
    this.worker.postMessage(job);
    return result;
  }

  async close(): Promise<void> {
    this.waiting.clear();
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.settleStarted();
    for (const entry of this.waiting.values()) entry.reject(this.failure);
    this.waiting.clear();
  }
}
