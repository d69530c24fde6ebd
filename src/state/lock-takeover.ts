import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { errorCode, ioError, readLock, tryCreate } from './lock-file.js';
import type { HolderStatus } from './process-identity.js';
import type { LockInfo } from './types.js';

/**
 * The marker of one turn at removing the dead lock `deadId`: generation 1, 2, … Only the
 * process that created a marker (O_EXCL) may remove that lock during its turn. The id is
 * hashed: it comes from a file and may hold any character.
 */
export function takeoverMarker(lockPath: string, deadId: string, generation: number): string {
  return `${lockPath}.takeover-${createHash('sha256').update(deadId).digest('hex').slice(0, 16)}.${generation}`;
}

/**
 * Removes the lock `dead`, whose holder is gone, if it is still the one in place; true when
 * this call removed it. Of several processes that found it dead, at most one removes it, and
 * none removes a lock another one created after it.
 *
 * Removing a file only if it is the one inspected is not one step on POSIX, so the removers
 * of one dead lock take turns. A remover creates the marker of generation 1 holding its own
 * identity; only its creator reads the lock again and unlinks it. During that turn the dead
 * lock cannot be replaced: its holder is gone, and every other remover stops at the marker.
 * A marker whose creator is gone too (killed inside those milliseconds) is passed by creating
 * the next generation, which again only one process can do; a marker whose creator lives, or
 * cannot be judged, sends the others back to retry. No clock decides, so a slow remover is
 * never taken for a dead one. Once the dead lock has gone it never comes back (ids are
 * unique): the markers are removed then, and a late remover finds another lock or none.
 */
export async function removeDeadLock(lockPath: string, dead: LockInfo, me: LockInfo, judge: (holder: LockInfo) => Promise<HolderStatus>): Promise<boolean> {
  let turn = 1;
  for (; !(await tryCreate(takeoverMarker(lockPath, dead.id, turn), me)); turn++) {
    const marker = await readLock(takeoverMarker(lockPath, dead.id, turn));
    // Absent: that turn just ended, so the dead lock is gone, or about to be; unreadable: cannot judge.
    if (marker.kind !== 'held' || (await judge(marker.holder)).kind !== 'gone') return false;
  }
  let deadLockGone = false;
  try {
    const now = await readLock(lockPath);
    if (now.kind === 'held' && now.holder.id === dead.id) {
      await unlink(lockPath).catch((error: unknown) => {
        if (errorCode(error) !== 'ENOENT') throw ioError('GF_STATE_LOCK_IO', `cannot remove the stale lock file ${lockPath}`, error);
      });
      deadLockGone = true;
      return true;
    }
    deadLockGone = now.kind !== 'unreadable';
    return false;
  } finally {
    // The earlier turns' markers may go only with the dead lock: while it stays, they keep later removers in line.
    for (let generation = deadLockGone ? 1 : turn; generation <= turn; generation++) await unlink(takeoverMarker(lockPath, dead.id, generation)).catch(() => undefined);
  }
}
