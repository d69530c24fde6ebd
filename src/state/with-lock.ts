import { takeoverNotice } from './local-lock.js';
import type { StateBackend } from './types.js';

/**
 * Runs `work` while holding the state lock, and releases it afterwards. When `work`
 * fails, its error is the one reported, even if releasing fails too. A lock taken over
 * from a dead holder is announced through `notice` (the user should know a run died).
 */
export async function withStateLock<T>(backend: StateBackend, operation: string, work: () => Promise<T>, notice?: (text: string) => void): Promise<T> {
  const lock = await backend.lock({ operation });
  if (lock.takenOver !== undefined) notice?.(takeoverNotice(lock.takenOver, backend.description));
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
