import { randomBytes } from 'node:crypto';
import { link, open, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError } from '../diagnostics/errors.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';
import { refusalMessage } from '../fs/project-file.js';
import { readRegularFile } from '../fs/read-regular-file.js';
import { parseLockInfo } from './lock-info.js';
import type { LockInfo } from './types.js';

/** What a lock file holds now: nothing, a holder, or something that cannot be read as one. */
export type LockRead = { kind: 'absent' } | { kind: 'held'; holder: LockInfo } | { kind: 'unreadable' };

/**
 * Creates a lock file whole: the holder is written to a private temp file, which is then
 * hard-linked to the path (link, like O_EXCL, fails when the path exists). A kill at any
 * point thus leaves no file or a complete one, whose holder can be judged; a file system
 * without hard links falls back to O_EXCL and a write. False when the path exists.
 */
export async function tryCreate(lockPath: string, info: LockInfo): Promise<boolean> {
  const { temp, text } = await writeTemp(lockPath, info);
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

/** The holder, written whole and synced to a private temp file beside the lock: what is then linked or renamed into place. */
export async function writeTemp(lockPath: string, info: LockInfo): Promise<{ temp: string; text: string }> {
  const text = `${JSON.stringify(info, null, 2)}\n`;
  const temp = `${lockPath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeSynced(temp, text);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw ioError('GF_STATE_LOCK_IO', `cannot write the lock file ${lockPath}`, error);
  }
  return { temp, text };
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

/** Far more than a holder's few fields; a larger file is not a lock graphform wrote. */
const MAX_LOCK_BYTES = 1 << 20;

/**
 * The lock file's holder. Waits briefly for a file another process is still writing (the
 * O_EXCL fallback). Only a regular file is read: a FIFO in the lock's place would block the
 * read, and with it every signal meant to stop the run; it is an error, not a holder.
 */
export async function readLock(lockPath: string): Promise<LockRead> {
  for (let attempt = 1; ; attempt++) {
    const read = await readRegularFile(lockPath, MAX_LOCK_BYTES);
    if (!read.ok) {
      if ('tooLarge' in read || read.refusal.kind === 'unreadable') return { kind: 'unreadable' };
      if (read.refusal.kind === 'missing') return { kind: 'absent' };
      throw new GraphformError('GF_NOT_A_FILE', `The state lock ${refusalMessage(lockPath, read.refusal)}.`, {
        details: { lockPath },
        hint: 'graphform creates its lock files itself: remove this one once no graphform run uses the state.',
      });
    }
    const text = read.bytes.toString('utf8');
    try {
      const holder = parseLockInfo(JSON.parse(text));
      if (holder !== undefined) return { kind: 'held', holder };
    } catch {
      // Another process created the file and is still writing it.
    }
    if (attempt === 5) return { kind: 'unreadable' };
    await sleep(20);
  }
}

/** The holder, or undefined when there is no readable lock. */
export async function readHolder(lockPath: string): Promise<LockInfo | undefined> {
  const read = await readLock(lockPath);
  return read.kind === 'held' ? read.holder : undefined;
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: unknown) => errorCode(error) !== 'ENOENT',
  );
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function ioError(code: GraphformErrorCode, what: string, error: unknown): GraphformError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GraphformError(code, `${what[0]?.toUpperCase() ?? ''}${what.slice(1)}: ${reason}`, { cause: error, details: { reason } });
}
