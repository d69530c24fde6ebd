import { parentPort, workerData } from 'node:worker_threads';
import { blockContext, type BlockSetup } from './block-context.js';
import { claimForWorker, type WorkerReply } from './block-lanes.js';
import { checkBlock, type BlockJob } from './check-block.js';

/**
 * A validation worker thread: checks the blocks of lines the main thread hands over, in
 * shared memory, and sends back each result. A failure is reported for the block that met
 * it; the main thread checks that block again itself.
 */
const port = parentPort;
if (port === null) throw new Error('block-worker runs only as a worker thread');
const context = blockContext(workerData as BlockSetup);
// Blocks come only once this is said (BlockLanes.start); a worker that cannot build its checker never says it, and gets none.
context.then(
  () => port.postMessage({ kind: 'ready' } satisfies WorkerReply),
  () => undefined,
);

port.on('message', (job: BlockJob) => {
  // The main thread takes back a block it needs before this thread comes to it.
  if (!claimForWorker(job)) {
    port.postMessage({ kind: 'skipped', seq: job.seq } satisfies WorkerReply);
    return;
  }
  context
    .then((ready) => {
      const result = checkBlock(job, ready);
      const reply: WorkerReply = { kind: 'result', result };
      // The block and its results are shared memory: only their views travel.
      port.postMessage(reply);
    })
    .catch((error: unknown) => {
      const reply: WorkerReply = { kind: 'failed', seq: job.seq, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(reply);
    });
});
