import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { acquireLocalLock, errorCode, forceUnlockLocal, ioError } from './local-lock.js';
import { parseState, serializeState } from './state-format.js';
import type { State, StateBackend, StateLock } from './types.js';

export interface LocalBackendOptions {
  /** Absolute path of the state file; the lock is `<path>.lock`. */
  path: string;
  /** How long lock() keeps retrying a held lock; 0 fails at once. */
  lockTimeoutMs: number;
  now: () => Date;
  who: string;
  pid: number;
  host: string;
  /** Pause between lock attempts. Default 200 ms. */
  retryIntervalMs?: number;
  /** Default crypto.randomUUID. */
  newLockId?: () => string;
}

/** State in a JSON file next to the project (DESIGN.md section 5). */
export function createLocalBackend(options: LocalBackendOptions): StateBackend {
  const file = options.path;
  const lockPath = `${file}.lock`;
  const newLockId = options.newLockId ?? randomUUID;
  return {
    description: file,
    async read(): Promise<State | undefined> {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw ioError('GF_STATE_READ', `cannot read the state file ${file}`, error);
      }
      return parseState(text, file);
    },
    write: (state: State) => writeAtomically(file, serializeState(state), options.pid),
    lock(info: { operation: string; who?: string }): Promise<StateLock> {
      const lockInfo = {
        id: newLockId(),
        who: info.who ?? options.who,
        pid: options.pid,
        host: options.host,
        operation: info.operation,
        createdAt: options.now().toISOString(),
      };
      return acquireLocalLock(lockInfo, {
        lockPath,
        where: file,
        timeoutMs: options.lockTimeoutMs,
        retryIntervalMs: options.retryIntervalMs ?? 200,
        now: options.now,
      });
    },
    forceUnlock: (lockId: string) => forceUnlockLocal(lockPath, lockId, file),
  };
}

/**
 * Write to a temporary file in the same folder, fsync it, rename it over the state:
 * a crash leaves either the old state or the new one, never half of one.
 */
async function writeAtomically(file: string, text: string, pid: number): Promise<void> {
  const folder = path.dirname(file);
  const temp = path.join(folder, `.${path.basename(file)}.${pid}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    await mkdir(folder, { recursive: true });
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw ioError('GF_STATE_WRITE', `cannot write the state file ${file}`, error);
  }
  await syncFolder(folder);
}

/** Makes the rename itself durable; not every platform can open a folder, which is fine. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic.
  }
}
