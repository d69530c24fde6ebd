import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError } from '../diagnostics/errors.js';
import { lockHeldError, parseLockInfo } from './lock-info.js';
import type { LockInfo, StateLock } from './types.js';

export interface LocalLockOptions {
  /** The lock file: `<state path>.lock`. */
  lockPath: string;
  /** The state file, for messages. */
  where: string;
  timeoutMs: number;
  retryIntervalMs: number;
  now: () => Date;
}

/**
 * Takes the lock file with O_EXCL (`wx`): exactly one process can create it. Retries
 * until the timeout, then fails with the holder named.
 */
export async function acquireLocalLock(info: LockInfo, options: LocalLockOptions): Promise<StateLock> {
  await mkdir(path.dirname(options.lockPath), { recursive: true }).catch((error: unknown) => {
    throw ioError('GF_STATE_LOCK_IO', `cannot create the folder of the lock file ${options.lockPath}`, error);
  });
  const deadline = performance.now() + Math.max(0, options.timeoutMs);
  for (;;) {
    if (await tryCreate(options.lockPath, info)) {
      return { id: info.id, info, release: () => releaseLocalLock(options.lockPath, info.id, options.where) };
    }
    const remaining = deadline - performance.now();
    if (remaining <= 0) throw lockHeldError(await readHolder(options.lockPath), options.where, options.now());
    await sleep(Math.min(options.retryIntervalMs, remaining));
  }
}

/** `graphform state unlock <lockId>`: removes the lock only when the id names its holder. */
export async function forceUnlockLocal(lockPath: string, lockId: string, where: string): Promise<void> {
  const holder = await readHolder(lockPath);
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
  }
  await unlink(lockPath).catch((error: unknown) => {
    throw ioError('GF_STATE_LOCK_IO', `cannot remove the lock file ${lockPath}`, error);
  });
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

async function tryCreate(lockPath: string, info: LockInfo): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw ioError('GF_STATE_LOCK_IO', `cannot create the lock file ${lockPath}`, error);
  }
  try {
    await handle.writeFile(`${JSON.stringify(info, null, 2)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(lockPath).catch(() => undefined);
    throw ioError('GF_STATE_LOCK_IO', `cannot write the lock file ${lockPath}`, error);
  }
  await handle.close();
  return true;
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
