// A validation worker that says it is ready and then dies at its first block: the pass must
// check that block (and every later one) on the main thread instead, with the same outcome.
import { parentPort } from 'node:worker_threads';

parentPort?.postMessage({ kind: 'ready' });
parentPort?.on('message', () => {
  throw new Error('simulated worker crash');
});
