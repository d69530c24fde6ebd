import { withStateLock } from '../state/with-lock.js';
import type { StateBackend } from '../state/types.js';
import type { CommandContext } from './context.js';
import { noInterrupts, type InterruptTrap } from './interrupts.js';

/**
 * Runs `work` holding the state lock, with SIGINT and SIGTERM caught for its whole length:
 * `work` sees the trap's signal and stops taking new work, and the lock is released however
 * it ends. Without this, Ctrl+C or a pipeline's SIGTERM would leave a stale lock behind.
 */
export async function withGuardedLock<T>(ctx: CommandContext, backend: StateBackend, operation: string, work: (trap: InterruptTrap) => Promise<T>): Promise<T> {
  const trap = ctx.io.trapInterrupts?.() ?? noInterrupts();
  try {
    return await withStateLock(backend, operation, () => work(trap), (text) => ctx.err(ctx.colorErr().yellow(`Notice: ${text}`)));
  } finally {
    trap.release();
  }
}
