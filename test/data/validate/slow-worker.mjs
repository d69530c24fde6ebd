// A validation worker that is slow to begin each block (as one the system gives little
// time): the main thread takes back blocks it needs before this one comes to them, which
// this worker then skips. The outcome must be the same as checking every block once.
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { blockContext } from '../../../dist/data/validate/block-context.js';
import { claimForWorker } from '../../../dist/data/validate/block-lanes.js';
import { checkBlock } from '../../../dist/data/validate/check-block.js';

const context = await blockContext(workerData);
parentPort?.postMessage({ kind: 'ready' });
parentPort?.on('message', async (job) => {
  await sleep(150);
  if (!claimForWorker(job)) {
    parentPort?.postMessage({ kind: 'skipped', seq: job.seq });
    return;
  }
  parentPort?.postMessage({ kind: 'result', result: checkBlock(job, context) });
});
