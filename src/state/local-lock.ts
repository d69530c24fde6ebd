import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError } from '../diagnostics/errors.js';
import { lockHeldError, parseLockInfo } from './lock-info.js';
import { holderStatus, type ProcessProbe } from './process-identity.js';
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

/** A takeover guard older than this was left by a process killed inside it: a takeover takes milliseconds. */
const STALE_GUARD_MS = 10_000;

/**
 * Takes the lock file with O_EXCL (`wx`): exactly one process can create it. A lock whose
 * holder provably died on this host is taken over (the lock records who took it over from
 * whom in `takenOver`); any other is retried until the timeout, then the holder is named.
 */
export async function acquireLocalLock(info: LockInfo, options: LocalLockOptions): Promise<StateLock> {
  await mkdir(path.dirname(options.lockPath), { recursive: true }).catch((error: unknown) => {
    throw ioError('GF_STATE_LOCK_IO', `cannot create the folder of the lock file ${options.lockPath}`, error);
  });
  const deadline = performance.now() + Math.max(0, options.timeoutMs);
  let takenOver: { holder: LockInfo; why: string } | undefined;
  for (;;) {
    if (await tryCreate(options.lockPath, info)) {
      const release = (): Promise<void> => releaseLocalLock(options.lockPath, info.id, options.where);
      return takenOver === undefined ? { id: info.id, info, release } : { id: info.id, info, release, takenOver };
    }
    const holder = await readHolder(options.lockPath);
    if (holder !== undefined) {
      const status = await holderStatus(holder, info.host, options.probe);
      if (status.kind === 'gone' && (await removeDeadLock(options.lockPath, holder.id))) {
        takenOver = { holder, why: status.why };
        continue;
      }
    }
    const remaining = deadline - performance.now();
    if (remaining <= 0) throw lockHeldError(holder ?? (await readHolder(options.lockPath)), options.where, options.now());
    await sleep(Math.min(options.retryIntervalMs, remaining));
  }
}

/** The notice a takeover prints: whose lock it was and how we know that run is gone. */
export function takeoverNotice(taken: { holder: LockInfo; why: string }, where: string): string {
  const { holder } = taken;
  const since = holder.createdAt === '' ? '' : ` since ${holder.createdAt}`;
  return `Took over the state lock ${holder.id} at ${where} from ${holder.who} on ${holder.host} (pid ${holder.pid}, "${holder.operation}"${since}): ${taken.why}, so that run is gone.`;
}

/**
 * Removes the lock `deadId` when it is still the one in place. Two processes that both
 * found it dead must not both remove "the lock": the second would remove the first's new
 * one. So removal happens only inside a guard file created with O_EXCL, after reading the
 * lock again: whoever comes second finds another id (or none) and removes nothing.
 */
async function removeDeadLock(lockPath: string, deadId: string): Promise<boolean> {
  const guard = `${lockPath}.takeover`;
  try {
    const handle = await open(guard, 'wx');
    await handle.close();
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw ioError('GF_STATE_LOCK_IO', `cannot create ${guard}`, error);
    await removeStaleGuard(guard);
    return false;
  }
  try {
    if ((await readHolder(lockPath))?.id !== deadId) return false;
    await unlink(lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw ioError('GF_STATE_LOCK_IO', `cannot remove the stale lock file ${lockPath}`, error);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

async function removeStaleGuard(guard: string): Promise<void> {
  const info = await stat(guard).catch(() => undefined);
  if (info !== undefined && Date.now() - info.mtimeMs > STALE_GUARD_MS) await unlink(guard).catch(() => undefined);
}

/**
 * `graphform state unlock <lockId>`: removes the lock only when the id names its holder,
 * and, unless forced, only when that holder is not provably still running on this host.
 * Resolves with what could be told about the holder.
 */
export async function forceUnlockLocal(lockPath: string, lockId: string, where: string, options: { host: string; force: boolean; probe?: ProcessProbe | undefined }): Promise<string | undefined> {
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
      throw new GraphformError('GF_STATE_LOCK_IN_USE', `The lock ${lockId} on the state at ${where} is held by a run that is still going: ${status.why} ("${holder.operation}" by ${holder.who}).`, {
        details: { where, lockId, who: holder.who, host: holder.host, pid: holder.pid, operation: holder.operation },
        hint: `Wait for it to finish, or stop it (Ctrl+C or kill ${holder.pid}: it releases the lock). Removing a lock in use lets another command write in the middle of it; if you must, run \`graphform state unlock --force ${lockId}\`.`,
      });
    }
    said = status.kind === 'gone' ? `Its holder is gone: ${status.why}.` : status.kind === 'alive' ? `Its holder was still running (${status.why}); removed because of --force.` : `Whether its holder still runs is unknown: ${status.why}.`;
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

/**
 * Creates the lock file whole: the holder is written to a private temp file, which is then
 * hard-linked to the lock path (link, like O_EXCL, fails when the path exists). A kill at
 * any point thus leaves no lock or a complete one, whose holder can be judged; a file
 * system without hard links falls back to O_EXCL and a write.
 */
async function tryCreate(lockPath: string, info: LockInfo): Promise<boolean> {
  const text = `${JSON.stringify(info, null, 2)}\n`;
  const temp = `${lockPath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeSynced(temp, text);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw ioError('GF_STATE_LOCK_IO', `cannot write the lock file ${lockPath}`, error);
  }
  try {
    await link(temp, lockPath);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') return createExclusive(lockPath, text);
    throw ioError('GF_STATE_LOCK_IO', `cannot create the lock file ${lockPath}`, error);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function createExclusive(lockPath: string, text: string): Promise<boolean> {
  try {
    await writeSynced(lockPath, text);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    await unlink(lockPath).catch(() => undefined);
    throw ioError('GF_STATE_LOCK_IO', `cannot create the lock file ${lockPath}`, error);
  }
}

/** The holder, or undefined when there is no readable lock. Waits briefly for a half-written file. */
async function readHolder(lockPath: string): Promise<LockInfo | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    let text: string;
    try {
      text = await readFile(lockPath, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const holder = parseLockInfo(JSON.parse(text));
      if (holder !== undefined) return holder;
    } catch {
      // Another process created the file and is still writing it.
    }
    await sleep(20);
  }
  return undefined;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: unknown) => errorCode(error) !== 'ENOENT',
  );
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function ioError(code: string, what: string, error: unknown): GraphformError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GraphformError(code, `${what[0]?.toUpperCase() ?? ''}${what.slice(1)}: ${reason}`, { cause: error, details: { reason } });
}
