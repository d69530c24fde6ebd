import { parentPort, workerData } from 'node:worker_threads';
import { blockContext, type BlockSetup } from './block-context.js';
import type { WorkerReply } from './block-lanes.js';
import { checkBlock, type BlockJob } from './check-block.js';

/**
 * A validation worker thread: checks the blocks of lines the main thread hands over and
 * sends back each result with the block's memory, its typed arrays transferred rather than copied. A failure is
 * reported for the block that met it; the main thread ends the pass.
 */
const port = parentPort;
if (port === null) throw new Error('block-worker runs only as a worker thread');
const context = blockContext(workerData as BlockSetup);

port.on('message', (job: BlockJob) => {
  context
    .then((ready) => {
      const result = checkBlock(job, ready);
      const reply: WorkerReply = { ok: true, result };
      // hashes, lines and errors share one buffer: it goes back once.
      port.postMessage(reply, [result.bytes.buffer, result.hashes.buffer]);
    })
    .catch((error: unknown) => {
      const reply: WorkerReply = { ok: false, seq: job.seq, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(reply);
    });
});
