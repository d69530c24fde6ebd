import { randomBytes } from 'node:crypto';
import { link, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { GraphformError, isGraphformError } from '../../diagnostics/errors.js';
import { readWholeFile } from '../../fs/read-whole-file.js';

/** The file operations the lock needs; tests pass versions that let another emulator act in between. */
export interface LockFiles {
  /** Creates the file; fails with EEXIST when it exists. */
  create(path: string, content: string): Promise<void>;
  read(path: string): Promise<string>;
  /** Moves `from` to `to`; fails with ENOENT when `from` is gone. */
  rename(from: string, to: string): Promise<void>;
  /** Gives `existing` the name `path` too; fails with EEXIST when `path` exists. */
  link(existing: string, path: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export const nodeLockFiles: LockFiles = {
  create: (path, content) => writeFile(path, content, { flag: 'wx' }),
  read: readLockFile,
  rename,
  link,
  remove: (path) => rm(path, { force: true }),
};

/** The lock file's text, read only when it is a regular file: a FIFO in its place would block the start for good. */
async function readLockFile(path: string): Promise<string> {
  const bytes = await readWholeFile(path, {
    shown: `The emulator's lock file ${path}`,
    maxBytes: 1 << 20,
    code: 'GF_EMULATOR_DATA_DIR_LOCKED',
    hint: 'Remove it once no emulator uses this `dataDir`.',
  });
  if (bytes === undefined) throw Object.assign(new Error(`${path} does not exist`), { code: 'ENOENT' });
  return bytes.toString('utf8');
}

/** Data directories held, or being locked, by emulators of this process (a pid cannot tell them apart). */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(dir: string, holder: string): GraphformError {
  return new GraphformError('GF_EMULATOR_DATA_DIR_LOCKED', `Another emulator is using ${dir} (${holder})`, {
    details: { dataDir: dir },
    hint: 'Stop the other emulator, or give this one another `dataDir`.',
  });
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * One emulator per data directory: two writing the same journals would corrupt them. The
 * lock file holds the owner's pid; a lock whose process is gone is taken over. The release
 * removes the lock only while it is still this emulator's.
 */
export async function lockDataDir(dataDir: string, files: LockFiles = nodeLockFiles): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  if (heldHere.has(dir)) throw lockedError(dir, 'in this process');
  // Claimed before the first await, so two emulators of this process never race each other.
  heldHere.add(dir);
  const path = join(dir, 'emulator.lock');
  const content = JSON.stringify({ pid: process.pid, host: hostname(), createdAt: new Date().toISOString(), nonce: randomBytes(8).toString('hex') });
  try {
    await acquire(dir, path, content, files);
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
  return async () => {
    heldHere.delete(dir);
    if ((await readOrUndefined(path, files)) === content) await files.remove(path);
  };
}

async function acquire(dir: string, path: string, content: string, files: LockFiles): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await files.create(path, content);
      return;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      if (tries > 0) throw lockedError(dir, 'lock file just re-created');
    }
    const seen = await readOrUndefined(path, files);
    // Gone meanwhile: its owner released it, or another emulator is taking it over. Try once more.
    if (seen === undefined) continue;
    const pid = pidOf(seen);
    if (pid !== undefined && pid !== process.pid && alive(pid)) throw lockedError(dir, `pid ${pid}`);
    await takeOver(dir, path, seen, files);
  }
}

/**
 * Moves the stale lock aside under a unique name, so of several emulators taking it over
 * only one can move it. If what was moved is not the stale lock that was read (another
 * emulator replaced it in between), it goes back, without overwriting, and this one gives up.
 */
async function takeOver(dir: string, path: string, stale: string, files: LockFiles): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await files.rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readOrUndefined(aside, files);
  if (moved !== stale) {
    await putBack(aside, path, files);
    throw lockedError(dir, `pid ${String(pidOf(moved ?? ''))}, which took over the stale lock first`);
  }
  await files.remove(aside);
}

/** Puts a live lock moved aside by mistake back in place, unless yet another lock is there now. */
async function putBack(aside: string, path: string, files: LockFiles): Promise<void> {
  try {
    await files.link(aside, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    await files.remove(aside);
  }
}

function pidOf(text: string): number | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const pid = typeof value === 'object' && value !== null ? (value as { pid?: unknown }).pid : undefined;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function readOrUndefined(path: string, files: LockFiles): Promise<string | undefined> {
  try {
    return await files.read(path);
  } catch (error) {
    // A lock file that is not one (a FIFO, a folder) is said as such, not retried as if gone.
    if (isGraphformError(error)) throw error;
    return undefined;
  }
}
