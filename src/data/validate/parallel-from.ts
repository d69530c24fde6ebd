/**
 * A worker costs about 100 ms before it checks a line (starting Node in the thread, loading
 * the modules) and its first blocks run unoptimized, while this thread checks about 300 MB/s
 * with the quick check (CleanLines). Measured on the quiet 2-core machine (`data push`
 * into a drain-only server, in-process seconds, median of 5): one thread alone was faster
 * at 32 MB (0.23 s against 0.27 s) and 48 MB (0.29 against 0.33), even at 64 MB (0.35
 * against 0.37), and slower at 100 MB (0.50 against 0.46) and 200 MB (0.92 against 0.72):
 * workers start from 64 MiB.
 */
export const PARALLEL_FROM_BYTES = 64 * 1024 * 1024;
