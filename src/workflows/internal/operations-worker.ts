import { parentPort, workerData } from 'node:worker_threads';
import type { OperationsWorkerJob, OperationsWorkerReply } from './operations-lane.js';
import { codeFiles, extractCode, prepareOperations } from './operations-prepare.js';

/**
 * The operations check's worker thread: reads the documents and the cache on this thread's
 * own idle event loop (on the main thread, busy planning, 200 files took as long as the plan)
 * and says what it found; then, unless the cache will likely answer, loads the parser and
 * takes the GraphQL out of the code files while the main thread plans.
 */
const port = parentPort;
if (port === null) throw new Error('operations-worker runs only as a worker thread');
const reply = (message: OperationsWorkerReply): void => port.postMessage(message);
const failed = (error: unknown): void => reply({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });

async function run(job: OperationsWorkerJob): Promise<void> {
  const prepared = await prepareOperations(job.job);
  reply({ kind: 'prepared', prepared });
  if (!prepared.likelyHit) reply({ kind: 'extracted', results: await extractCode(codeFiles(prepared.read.texts)) });
}

run(workerData as OperationsWorkerJob).catch(failed);
