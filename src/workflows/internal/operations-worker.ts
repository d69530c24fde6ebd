import { parentPort, workerData } from 'node:worker_threads';
import { blockingFileCalls } from '../../fs/file-calls.js';
import type { Extraction } from './operations-check-types.js';
import type { OperationsWorkerJob, OperationsWorkerReply, OperationsWorkerRequest } from './operations-lane.js';
import { extractionOf, prepareOperations, type Prepared } from './operations-prepare.js';
import { preloadChecker, runOperationsCheck } from './operations-run.js';

/**
 * The operations check's worker thread. It reads the documents and the cache and says what
 * it found; then, unless the cache will likely answer, it takes the GraphQL out of the code
 * files and loads graphql while the main thread plans, and checks against the schema inputs
 * the main thread sends as soon as its plan knows them. The main thread, busy planning,
 * loads no graphql and validates nothing.
 */
const port = parentPort;
if (port === null) throw new Error('operations-worker runs only as a worker thread');
const reply = (message: OperationsWorkerReply): void => port.postMessage(message);
const why = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

const job = workerData as OperationsWorkerJob;
// Blocking reads: this thread has nothing else to do meanwhile, and each thread-pool round trip would cost more than the call.
const prepared: Promise<Prepared> = prepareOperations(job.job, blockingFileCalls);
let extraction: Extraction | undefined;
const extractionFor = (ready: Prepared): Extraction => (extraction ??= extractionOf(ready.read.texts));

prepared.then(
  (ready) => {
    reply({ kind: 'prepared', prepared: ready });
    if (ready.likelyHit) return;
    extractionFor(ready);
    preloadChecker();
  },
  (error: unknown) => reply({ kind: 'failed', message: why(error) }),
);

// One check at a time: a second request (the plan's final inputs after an early guess) waits for the first.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: OperationsWorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const ready = await prepared;
      reply({ kind: 'checked', id: request.id, outcome: await runOperationsCheck(ready.read.texts, extractionFor(ready), request.inputs) });
    } catch (error) {
      reply({ kind: 'check-failed', id: request.id, message: why(error) });
    }
  });
});
