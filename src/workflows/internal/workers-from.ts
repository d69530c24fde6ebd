import { PARALLEL_FROM_BYTES } from '../../data/validate/parallel-from.js';

/**
 * Where data validation starts worker threads: GRAPHFORM_WORKERS_FROM_MIB, when it is a
 * number of MiB (0: always workers), else the library's default.
 */
export function workersFromBytes(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.GRAPHFORM_WORKERS_FROM_MIB?.trim() ?? '';
  const mib = text === '' ? Number.NaN : Number(text);
  return Number.isFinite(mib) && mib >= 0 ? mib * 1024 * 1024 : PARALLEL_FROM_BYTES;
}
