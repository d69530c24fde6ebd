import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-file.js';
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
    write: (state: State) => writeAtomically(file, serializeState(state)),
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

/** Atomic (see writeFileAtomic): a crash leaves either the old state or the new one. */
async function writeAtomically(file: string, text: string): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
  } catch (error) {
    throw ioError('GF_STATE_WRITE', `cannot write the state file ${file}`, error);
  }
}
