import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { appendLines, writeFileAtomic } from '../fs/atomic-file.js';
import { refusalMessage } from '../fs/project-file.js';
import { formatLimit, readRegularFile } from '../fs/read-regular-file.js';
import { decodeUtf8 } from '../fs/utf8-text.js';
import { acquireLocalLock, forceUnlockLocal } from './local-lock.js';
import { ioError } from './lock-file.js';
import type { ProcessProbe } from './process-identity.js';
import { formatError, parseState, serializeState } from './state-format.js';
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
  /** This host's processes: records the holder's start and tells a dead holder's lock, which is then taken over. */
  probe?: ProcessProbe;
}

/** More than any real state (or journal) holds; a bigger file is not state, and is not read whole. */
export const MAX_STATE_BYTES = 256 << 20;

/**
 * State in a JSON file next to the project (docs/state-and-safety.md "State"), with an append-only
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
    async lock(info: { operation: string; who?: string }): Promise<StateLock> {
      // The start time tells this process from a later one given the same pid (see holderStatus).
      const pidStart = await options.probe?.start(options.pid);
      const lockInfo = {
        id: newLockId(),
        who: info.who ?? options.who,
        pid: options.pid,
        host: options.host,
        operation: info.operation,
        createdAt: options.now().toISOString(),
        ...(pidStart === undefined ? {} : { pidStart }),
      };
      return acquireLocalLock(lockInfo, {
        lockPath,
        where: file,
        timeoutMs: options.lockTimeoutMs,
        retryIntervalMs: options.retryIntervalMs ?? 200,
        now: options.now,
        probe: options.probe,
      });
    },
    forceUnlock: (lockId: string, unlock?: { force?: boolean }) =>
      forceUnlockLocal(lockPath, lockId, file, { host: options.host, force: unlock?.force === true, probe: options.probe }),
  };
}

/**
 * The file's text, or undefined when there is none. Only a regular file is opened (state.path
 * naming a FIFO or /dev/zero would hang or fill memory), at most MAX_STATE_BYTES are read, and
 * text that is not UTF-8 is refused by position: nothing of what it holds is quoted.
 */
async function readIfThere(file: string): Promise<string | undefined> {
  const read = await readRegularFile(file, MAX_STATE_BYTES);
  if (!read.ok) {
    if ('tooLarge' in read) {
      throw new GraphformError(
        'GF_STATE_TOO_LARGE',
        `The state file ${file} is larger than ${formatLimit(read.limit)}, more than any state graphform writes; it was not read.`,
        {
          details: { where: file },
          hint: 'Check that state.path names the state file, not something else.',
        },
      );
    }
    if (read.refusal.kind === 'missing') return undefined;
    const code = read.refusal.kind === 'unreadable' ? 'GF_STATE_READ' : 'GF_NOT_A_FILE';
    throw new GraphformError(code, `Cannot read the state: ${refusalMessage(file, read.refusal)}.`, {
      details: { where: file },
      hint: 'state.path must name a regular file (or a path where graphform may create one).',
    });
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) throw formatError(file, `is not UTF-8 text (line ${decoded.problem.line}, column ${decoded.problem.column})`);
  return decoded.text;
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
