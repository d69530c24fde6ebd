import type { StateBackend } from './types.js';

/**
 * Runs `work` while holding the state lock, and releases it afterwards. When `work`
 * fails, its error is the one reported, even if releasing fails too.
 */
export async function withStateLock<T>(backend: StateBackend, operation: string, work: () => Promise<T>): Promise<T> {
  const lock = await backend.lock({ operation });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await lock.release().catch(() => undefined);
    throw error;
  }
  await lock.release();
  return result;
}
