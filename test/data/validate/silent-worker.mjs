// A validation worker that never says it is ready (as one still loading its modules): it
// must get no block, or the pass would wait for it for ever.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  throw new Error('a block reached a worker that never said it was ready');
});
