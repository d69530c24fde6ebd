import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { builtScript } from '../../fs/built-script.js';
import type { CheckInputs, CheckOutcome } from './operations-check-types.js';
import { extractionOf, prepareOperations, type Prepared, type PrepareJob } from './operations-prepare.js';
import { preloadChecker, runOperationsCheck } from './operations-run.js';

/** What the operations worker is given to begin with. */
export type OperationsWorkerJob = { kind: 'prepare'; job: PrepareJob };
/** What it is asked once begun: the outcome for these schema inputs, answered under the same id. */
export type OperationsWorkerRequest = { kind: 'check'; id: number; inputs: CheckInputs };
/** What it says: what it prepared, an outcome (or why there is none), or that it failed as a whole. */
export type OperationsWorkerReply =
  | { kind: 'prepared'; prepared: Prepared }
  | { kind: 'checked'; id: number; outcome: CheckOutcome }
  | { kind: 'check-failed'; id: number; message: string }
  | { kind: 'failed'; message: string };

/** The operations check's work, begun before the schema to check against is known. */
export interface BegunOperations {
  prepared: Promise<Prepared>;
  /**
   * The outcome for `inputs`: checked on the worker (which has read, extracted and loaded
   * graphql meanwhile), or on this thread when there is no worker or it failed.
   */
  check(ready: Prepared, inputs: CheckInputs): Promise<CheckOutcome>;
  /** Stops the worker; nothing may be asked after. */
  close(): Promise<void>;
}

/**
 * Begins the check: on a worker thread when the build has one and the machine a second core,
 * so reading the documents, the parsers' load, extraction and validation all run while this
 * thread plans; else here. A worker that fails leaves its part to this thread.
 */
export function beginOperations(job: PrepareJob): BegunOperations {
  const lane = workerUrl().then((url) => (url === undefined ? undefined : new WorkerLane(url, { kind: 'prepare', job })));
  const prepared = lane.then((begun) => (begun === undefined ? prepareHere(job) : begun.prepared.catch(() => prepareHere(job))));
  const here = (ready: Prepared, inputs: CheckInputs): Promise<CheckOutcome> => runOperationsCheck(ready.read.texts, extractionOf(ready.read.texts), inputs);
  return {
    prepared,
    check: async (ready, inputs) => {
      const begun = await lane;
      return begun === undefined ? here(ready, inputs) : begun.check(inputs).catch(() => here(ready, inputs));
    },
    close: async () => {
      await (await lane.catch(() => undefined))?.close();
    },
  };
}

/** Prepares on this thread; unless the cache will likely answer, graphql loads while the plan waits on the service. */
async function prepareHere(job: PrepareJob): Promise<Prepared> {
  const ready = await prepareOperations(job);
  if (!ready.likelyHit) preloadChecker();
  return ready;
}

async function workerUrl(): Promise<URL | undefined> {
  return os.availableParallelism() > 1 ? builtScript(new URL('./operations-worker.js', import.meta.url)) : undefined;
}

interface Settle<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

class WorkerLane {
  readonly prepared: Promise<Prepared>;
  private readonly worker: Promise<Worker>;
  private readonly pending = new Map<number, Settle<CheckOutcome>>();
  private settlePrepared: Settle<Prepared> | undefined;
  private failure: Error | undefined;
  private nextId = 0;

  constructor(url: URL, job: OperationsWorkerJob) {
    this.prepared = new Promise((resolve, reject) => (this.settlePrepared = { resolve, reject }));
    // It may never be awaited (the lane closes first): that is no unhandled rejection.
    this.prepared.catch(() => undefined);
    this.worker = import('node:worker_threads').then(({ Worker }) => {
      const worker = new Worker(url, { workerData: job });
      worker.on('message', (reply: OperationsWorkerReply) => this.receive(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`operations worker exited with code ${code}`)));
      return worker;
    });
    this.worker.catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
  }

  /** Asks the worker for the outcome for `inputs`. */
  async check(inputs: CheckInputs): Promise<CheckOutcome> {
    if (this.failure !== undefined) throw this.failure;
    const worker = await this.worker;
    const id = this.nextId++;
    const answer = new Promise<CheckOutcome>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const request: OperationsWorkerRequest = { kind: 'check', id, inputs };
    worker.postMessage(request);
    return answer;
  }

  async close(): Promise<void> {
    await (await this.worker.catch(() => undefined))?.terminate();
  }

  private receive(reply: OperationsWorkerReply): void {
    if (reply.kind === 'prepared') this.settlePrepared?.resolve(reply.prepared);
    else if (reply.kind === 'failed') this.fail(new Error(`operations worker failed: ${reply.message}`));
    else {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.kind === 'checked') waiting?.resolve(reply.outcome);
      else waiting?.reject(new Error(`operations worker failed: ${reply.message}`));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.settlePrepared?.reject(error);
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
