import { createHash } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { ioError, readLock, tryCreate, writeTemp } from './lock-file.js';
import type { HolderStatus } from './process-identity.js';
import type { LockInfo } from './types.js';

/**
 * The marker of one turn at replacing the dead lock `deadId`: generation 1, 2, … Only the
 * process that created a marker (O_EXCL) may replace that lock during its turn. The id is
 * hashed: it comes from a file and may hold any character.
 */
export function takeoverMarker(lockPath: string, deadId: string, generation: number): string {
  return `${lockPath}.takeover-${createHash('sha256').update(deadId).digest('hex').slice(0, 16)}.${generation}`;
}

/**
 * Replaces the lock `dead`, whose holder is gone, with `me` if it is still the one in place;
 * `replaced` when this call did, and the lock is now `me`'s. Of several processes that found it
 * dead, at most one replaces it, and none replaces a lock another one created after it.
 *
 * Replacing a file only if it is the one inspected is not one step on POSIX, so the takers
 * of one dead lock take turns. A taker creates the marker of generation 1 holding its own
 * identity; only its creator reads the lock again and renames its own lock file over it, in
 * one step, so there is no moment without a lock for a newcomer to fill. During that turn
 * the dead lock cannot change: its holder is gone, and every other taker stops at the marker.
 * A marker whose creator is gone too (killed inside those milliseconds) is passed by creating
 * the next generation, which again only one process can do; a marker whose creator lives, or
 * cannot be judged, sends the others back to retry. No clock decides, so a slow taker is
 * never taken for a dead one. Once the dead lock has gone it never comes back (ids are
 * unique): the markers are removed then, and a late taker finds another lock or none.
 * When another taker is at work, it is named in `by`: the lock is about to be its; a marker
 * that cannot be read is named in `unreadableMarker`.
 */
export async function replaceDeadLock(
  lockPath: string,
  dead: LockInfo,
  me: LockInfo,
  judge: (holder: LockInfo) => Promise<HolderStatus>,
): Promise<{ replaced: boolean; by?: LockInfo; unreadableMarker?: string }> {
  let turn = 1;
  for (; !(await tryCreate(takeoverMarker(lockPath, dead.id, turn), me)); turn++) {
    const markerPath = takeoverMarker(lockPath, dead.id, turn);
    const marker = await readLock(markerPath);
    // Absent: that turn just ended, so the dead lock is gone, or about to be; unreadable: cannot judge.
    if (marker.kind === 'unreadable') return { replaced: false, unreadableMarker: markerPath };
    if (marker.kind !== 'held') return { replaced: false };
    if ((await judge(marker.holder)).kind !== 'gone') return { replaced: false, by: marker.holder };
  }
  let deadLockGone = false;
  try {
    const now = await readLock(lockPath);
    if (now.kind === 'held' && now.holder.id === dead.id) {
      const { temp } = await writeTemp(lockPath, me);
      await rename(temp, lockPath).catch(async (error: unknown) => {
        await unlink(temp).catch(() => undefined);
        throw ioError('GF_STATE_LOCK_IO', `cannot replace the stale lock file ${lockPath}`, error);
      });
      deadLockGone = true;
      return { replaced: true };
    }
    deadLockGone = now.kind !== 'unreadable';
    return { replaced: false };
  } finally {
    // The earlier turns' markers may go only with the dead lock: while it stays, they keep later takers in line.
    for (let generation = deadLockGone ? 1 : turn; generation <= turn; generation++)
      await unlink(takeoverMarker(lockPath, dead.id, generation)).catch(() => undefined);
  }
}
