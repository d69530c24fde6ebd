import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { appendLines, writeFileAtomic } from '../fs/atomic-file.js';
import { acquireLocalLock, errorCode, forceUnlockLocal, ioError } from './local-lock.js';
import { parseState, serializeState } from './state-format.js';
import { journalLine, replayJournal, serializeJournalLine } from './state-journal.js';
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

/**
 * State in a JSON file next to the project (DESIGN.md section 5), with an append-only
 * journal beside it (`<path>.journal`) so apply's write after each source stays cheap.
 */
export function createLocalBackend(options: LocalBackendOptions): StateBackend {
  const file = options.path;
  const lockPath = `${file}.lock`;
  const newLockId = options.newLockId ?? randomUUID;
  const journalPath = `${file}.journal`;
  /** What this process last wrote, while its writes follow on from each other. */
  let written: State | undefined;
  const rewrite = async (state: State): Promise<void> => {
    await writeAtomically(file, serializeState(state));
    // The file now holds everything the journal did; a crash before this removal is harmless (replay skips old serials).
    await rm(journalPath, { force: true });
    written = state;
  };
  return {
    description: file,
    async read(): Promise<State | undefined> {
      const text = await readIfThere(file);
      if (text === undefined) return undefined;
      const base = parseState(text, file);
      const journal = await readIfThere(journalPath);
      return journal === undefined ? base : replayJournal(base, journal, file);
    },
    /**
     * The first write of a session rewrites the whole file (folding in any journal a crash
     * left); each later one that follows on from it only appends its changes to the journal.
     * flush() folds the journal into the file again.
     */
    async write(state: State): Promise<void> {
      if (written !== undefined && written.lineage === state.lineage && state.serial === written.serial + 1) {
        try {
          await appendLines(journalPath, [serializeJournalLine(journalLine(written, state))]);
        } catch (error) {
          throw ioError('GF_STATE_WRITE', `cannot append to the state journal ${journalPath}`, error);
        }
        written = state;
        return;
      }
      await rewrite(state);
    },
    async flush(): Promise<void> {
      if (written !== undefined && (await readIfThere(journalPath)) !== undefined) await rewrite(written);
    },
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

async function readIfThere(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw ioError('GF_STATE_READ', `cannot read the state file ${file}`, error);
  }
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
