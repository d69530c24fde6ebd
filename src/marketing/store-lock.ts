import { mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphformError } from '../diagnostics/errors.js';
import { AUTH_ERROR_CODES } from './codes.js';
import { checkStoreSafety } from './store-folder.js';

/** A lock older than this belongs to a process that died: a refresh takes a second or two. */
const STALE_MS = 60_000;
const RETRY_MS = 50;
const WAIT_MS = 20_000;

/**
 * Runs `work` holding `<store>.lock` (created with O_EXCL), so two graphform processes never
 * refresh with the same refresh token: the second waits, re-reads the store and finds the
 * rotated pair. A lock left by a crashed process is taken over once it is stale.
 */
export async function withStoreLock<T>(storePath: string, work: () => Promise<T>): Promise<T> {
  const lockPath = `${storePath}.lock`;
  // The store's folder: only its owner may list or enter it.
  await mkdir(path.dirname(storePath), { recursive: true, mode: 0o700 });
  await checkStoreSafety(storePath);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await tryCreate(lockPath)) break;
    if (await isStale(lockPath)) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new GraphformError(AUTH_ERROR_CODES.storeWriteFailed, `The token store ${storePath} is locked by another graphform process (${lockPath}).`, {
        details: { path: storePath },
        hint: `If no other graphform command is running, remove ${lockPath} and try again.`,
      });
    }
    await sleep(RETRY_MS);
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}

async function tryCreate(lockPath: string): Promise<boolean> {
  try {
    // Empty: its existence is the lock, and its age tells a crashed holder.
    const handle = await open(lockPath, 'wx', 0o600);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > STALE_MS;
  } catch {
    // Gone between the two calls: not stale, just free; the next try takes it.
    return false;
  }
}
