import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError } from '../diagnostics/errors.js';
import { exists, ioError, readHolder, readLock, tryCreate } from './lock-file.js';
import { lockHeldError } from './lock-info.js';
import { replaceDeadLock } from './lock-takeover.js';
import { holderStatus, type ProcessProbe } from './process-identity.js';
import { takeoverBlockedError, type TakeoverBlock } from './takeover-blocked.js';
import type { LockInfo, StateLock } from './types.js';

export interface LocalLockOptions {
  /** The lock file: `<state path>.lock`. */
  lockPath: string;
  /** The state file, for messages. */
  where: string;
  timeoutMs: number;
  retryIntervalMs: number;
  now: () => Date;
  /** This host's processes, to tell a dead holder; without it no lock is taken over. */
  probe?: ProcessProbe | undefined;
}

/**
 * Takes the lock file with O_EXCL (`wx`): exactly one process can create it. A lock whose
 * holder provably died on this host is replaced by this run's in one step (replaceDeadLock;
 * `takenOver` says whose it was); any other is retried until the timeout, then the holder
 * is named, or, for a dead holder's lock, the run taking it over or the marker that keeps
 * this one from doing so.
 */
export async function acquireLocalLock(info: LockInfo, options: LocalLockOptions): Promise<StateLock> {
  await mkdir(path.dirname(options.lockPath), { recursive: true }).catch((error: unknown) => {
    throw ioError('GF_STATE_LOCK_IO', `cannot create the folder of the lock file ${options.lockPath}`, error);
  });
  const deadline = performance.now() + Math.max(0, options.timeoutMs);
  const release = (): Promise<void> => releaseLocalLock(options.lockPath, info.id, options.where);
  /** Why the dead holder's lock was not replaced: another run is at it, or its marker cannot be read. */
  let blocked: TakeoverBlock | undefined;
  for (;;) {
    if (await tryCreate(options.lockPath, info)) return { id: info.id, info, release };
    const read = await readLock(options.lockPath);
    // Released since the attempt: try again at once, timeout or not.
    if (read.kind === 'absent') continue;
    const holder = read.kind === 'held' ? read.holder : undefined;
    if (holder !== undefined) {
      const judge = (someone: LockInfo): ReturnType<typeof holderStatus> => holderStatus(someone, info.host, options.probe);
      const status = await judge(holder);
      if (status.kind === 'gone') {
        const takeover = await replaceDeadLock(options.lockPath, holder, info, judge);
        if (takeover.replaced) return { id: info.id, info, release, takenOver: { holder, why: status.why } };
        blocked =
          takeover.by !== undefined
            ? { kind: 'taker', dead: holder, deadWhy: status.why, by: takeover.by }
            : takeover.unreadableMarker !== undefined
              ? { kind: 'unreadable-marker', dead: holder, deadWhy: status.why, marker: takeover.unreadableMarker }
              : undefined;
      }
    }
    const remaining = deadline - performance.now();
    if (remaining > 0) {
      await sleep(Math.min(options.retryIntervalMs, remaining));
      continue;
    }
    // The holder to name is the one in place now; while that is still the dead one, what keeps it there.
    const now = await readLock(options.lockPath);
    if (now.kind === 'absent') continue;
    if (now.kind === 'held' && blocked !== undefined && now.holder.id === blocked.dead.id) throw takeoverBlockedError(blocked, options.where);
    throw lockHeldError(now.kind === 'held' ? now.holder : holder, options.where, options.now());
  }
}

/** The notice a takeover prints: whose lock it was and how we know that run is gone. */
export function takeoverNotice(taken: { holder: LockInfo; why: string }, where: string): string {
  const { holder } = taken;
  const since = holder.createdAt === '' ? '' : ` since ${holder.createdAt}`;
  return (
    `Took over the state lock ${holder.id} at ${where} from ${holder.who} on ${holder.host} (pid ${holder.pid}, "${holder.operation}"${since}): ` +
    `${taken.why}, so that run is gone.`
  );
}

/**
 * `graphform state unlock <lockId>`: removes the lock only when the id names its holder,
 * and, unless forced, only when that holder is not provably still running on this host.
 * Resolves with what could be told about the holder.
 */
export async function forceUnlockLocal(
  lockPath: string,
  lockId: string,
  where: string,
  options: { host: string; force: boolean; probe?: ProcessProbe | undefined },
): Promise<string | undefined> {
  const holder = await readHolder(lockPath);
  let said: string | undefined;
  if (holder === undefined) {
    if (!(await exists(lockPath))) {
      throw new GraphformError('GF_STATE_NOT_LOCKED', `The state at ${where} is not locked; there is nothing to unlock.`, { details: { where, lockId } });
    }
    // An unreadable lock file names no holder: the user read the id elsewhere, trust it.
  } else if (holder.id !== lockId) {
    throw new GraphformError('GF_STATE_LOCK_MISMATCH', `The state at ${where} is locked with id ${holder.id}, not ${lockId}.`, {
      details: { where, lockId, holderId: holder.id, who: holder.who, host: holder.host, operation: holder.operation },
      hint: `Check that the run of ${holder.who} on ${holder.host} ("${holder.operation}") is gone, then run \`graphform state unlock ${holder.id}\``,
    });
  } else {
    const status = await holderStatus(holder, options.host, options.probe);
    if (status.kind === 'alive' && !options.force) {
      throw new GraphformError(
        'GF_STATE_LOCK_IN_USE',
        `The lock ${lockId} on the state at ${where} is held by a run that is still going: ${status.why} ("${holder.operation}" by ${holder.who}).`,
        {
          details: { where, lockId, who: holder.who, host: holder.host, pid: holder.pid, operation: holder.operation },
          hint:
            `Wait for it to finish, or stop it (Ctrl+C or kill ${holder.pid}: it releases the lock). ` +
            `Removing a lock in use lets another command write in the middle of it; if you must, run \`graphform state unlock --force ${lockId}\`.`,
        },
      );
    }
    said =
      status.kind === 'gone'
        ? `Its holder is gone: ${status.why}.`
        : status.kind === 'alive'
          ? `Its holder was still running (${status.why}); removed because of --force.`
          : `Whether its holder still runs is unknown: ${status.why}.`;
  }
  await unlink(lockPath).catch((error: unknown) => {
    throw ioError('GF_STATE_LOCK_IO', `cannot remove the lock file ${lockPath}`, error);
  });
  return said;
}

async function releaseLocalLock(lockPath: string, lockId: string, where: string): Promise<void> {
  const holder = await readHolder(lockPath);
  if (holder?.id !== lockId) {
    throw new GraphformError('GF_STATE_LOCK_LOST', `The lock ${lockId} on the state at ${where} was removed or taken over while this run held it.`, {
      details: { where, lockId },
      hint: 'Someone ran `graphform state unlock` on a lock that was still in use. Check the state with `graphform state list` and plan again.',
    });
  }
  await unlink(lockPath);
}
