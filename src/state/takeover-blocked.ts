import { GraphformError } from '../diagnostics/errors.js';
import type { LockInfo } from './types.js';

/**
 * Why a lock whose holder is gone was not taken over: another run is taking it over (its
 * marker names it, and it lives or cannot be judged), or the marker of that turn cannot be
 * read, so whether one is cannot be told.
 */
export type TakeoverBlock =
  { kind: 'taker'; dead: LockInfo; deadWhy: string; by: LockInfo } | { kind: 'unreadable-marker'; dead: LockInfo; deadWhy: string; marker: string };

/**
 * GF_STATE_LOCKED for a lock that is not held by a live run: never "wait for that run to
 * finish", its pid is gone. It names the run taking the lock over, which is what to wait
 * for, or the marker that cannot be read, which is what to remove.
 */
export function takeoverBlockedError(block: TakeoverBlock, where: string): GraphformError {
  const { dead } = block;
  const gone = `The state at ${where} is locked by a run that is gone (${dead.who} on ${dead.host}, "${dead.operation}": ${block.deadWhy})`;
  const unlock = `graphform state unlock ${dead.id}`;
  if (block.kind === 'taker') {
    const { by } = block;
    const pid = by.pid > 0 ? `pid ${by.pid}` : 'pid unknown';
    return new GraphformError('GF_STATE_LOCKED', `${gone}, and another run is taking the lock over: ${by.who} on ${by.host} (${pid}) for "${by.operation}".`, {
      // lockId: the lock about to be in place, the taker's.
      details: { where, lockId: by.id, replacing: dead.id, who: by.who, host: by.host, pid: by.pid, operation: by.operation, createdAt: by.createdAt },
      hint:
        'Wait for that run: the lock is about to be its, and it releases it when done ' +
        `(or raise state.lockTimeoutMs to wait here).\nIf ${pid} is gone as well, remove the stale lock with \`${unlock}\` and run again.`,
    });
  }
  return new GraphformError(
    'GF_STATE_LOCKED',
    `${gone}, but the marker of a run taking it over, ${block.marker}, cannot be read, so whether another run is taking the lock over cannot be told.`,
    {
      details: { where, lockId: dead.id, marker: block.marker },
      hint: `If no other graphform run is using this state, remove the stale lock with \`${unlock}\` (or the marker) and run again.`,
    },
  );
}
