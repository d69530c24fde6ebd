import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Extracted } from '../../operations/extract.js';
import { builtScript } from '../../fs/built-script.js';
import type { DocumentText } from './operation-documents.js';
import type { Extraction } from './operations-check-types.js';
import { codeFiles, extractCode, prepareOperations, type Prepared, type PrepareJob } from './operations-prepare.js';

/** What the operations worker is asked: to prepare, and to extract unless the cache will likely answer. */
export type OperationsWorkerJob = { kind: 'prepare'; job: PrepareJob };
/** What it says: what it prepared, then the code files' GraphQL (in the order of codeFiles), or that it failed. */
export type OperationsWorkerReply =
  { kind: 'prepared'; prepared: Prepared } | { kind: 'extracted'; results: Extracted[] } | { kind: 'failed'; message: string };

/** The operations check's work before the schema is known, begun. */
export interface BegunOperations {
  prepared: Promise<Prepared>;
  /**
   * The extraction for what was prepared: the one begun with it, or, when the cache was likely
   * to answer and did not, one on this thread (oxc's parse is a few milliseconds, less than a
   * worker's start).
   */
  extraction(prepared: Prepared): Promise<Extraction>;
  /** Stops the worker; nothing may be asked after. */
  close(): Promise<void>;
}

/**
 * Begins the check's preparation: on a worker thread when the build has one and the machine
 * a second core, so reading the documents and the parser's load and parse run while this thread
 * plans; else here. A worker that fails leaves its part to this thread.
 */
export function beginOperations(job: PrepareJob): BegunOperations {
  const lane = workerUrl().then((url) => (url === undefined ? undefined : new WorkerLane(url, { kind: 'prepare', job })));
  const prepared = lane.then((begun) => (begun === undefined ? prepareOperations(job) : begun.prepared.catch(() => prepareOperations(job))));
  return {
    prepared,
    extraction: async (ready) => {
      const code = codeFiles(ready.read.texts);
      const begun = ready.likelyHit ? undefined : await lane;
      return { results: async () => byFile(code, begun === undefined ? await extractCode(code) : await begun.extracted.catch(() => extractCode(code))) };
    },
    close: async () => {
      await (await lane.catch(() => undefined))?.close();
    },
  };
}

async function byFile(code: readonly DocumentText[], results: readonly Extracted[]): Promise<ReadonlyMap<string, Extracted>> {
  const each = results.length === code.length ? results : await extractCode(code);
  return new Map(code.map(({ file }, index) => [file, each[index] as Extracted]));
}

async function workerUrl(): Promise<URL | undefined> {
  return os.availableParallelism() > 1 ? builtScript(new URL('./operations-worker.js', import.meta.url)) : undefined;
}

class WorkerLane {
  readonly prepared: Promise<Prepared>;
  readonly extracted: Promise<Extracted[]>;
  private readonly worker: Promise<Worker>;

  constructor(url: URL, job: OperationsWorkerJob) {
    let settlePrepared: { resolve: (prepared: Prepared) => void; reject: (error: Error) => void } | undefined;
    let settleExtracted: { resolve: (results: Extracted[]) => void; reject: (error: Error) => void } | undefined;
    this.prepared = new Promise((resolve, reject) => (settlePrepared = { resolve, reject }));
    this.extracted = new Promise((resolve, reject) => (settleExtracted = { resolve, reject }));
    // Either may never be awaited (the cache answers): that is no unhandled rejection.
    this.prepared.catch(() => undefined);
    this.extracted.catch(() => undefined);
    const fail = (error: Error): void => {
      settlePrepared?.reject(error);
      settleExtracted?.reject(error);
    };
    this.worker = import('node:worker_threads').then(({ Worker }) => {
      const worker = new Worker(url, { workerData: job });
      worker.on('message', (reply: OperationsWorkerReply) => {
        if (reply.kind === 'prepared') settlePrepared?.resolve(reply.prepared);
        else if (reply.kind === 'extracted') settleExtracted?.resolve(reply.results);
        else fail(new Error(`operations worker failed: ${reply.message}`));
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`operations worker exited with code ${code}`)));
      return worker;
    });
    this.worker.catch(fail);
  }

  async close(): Promise<void> {
    await (await this.worker.catch(() => undefined))?.terminate();
  }
}
