/**
 * With the quick check (CleanLines) one thread checks about 300 MB/s, and a worker costs
 * about 200 ms of CPU before it helps (starting Node, loading the modules, optimizing the
 * code again), besides two messages per block. On the shared 2-core machine one thread
 * alone was faster at 100 MB (0.8 s against 1.2 s for the whole push), as fast at 300 MB,
 * and slower at 1 GB (7.1 s against 5.6 s): workers start from 256 MiB.
 */
export const PARALLEL_FROM_BYTES = 256 * 1024 * 1024;
