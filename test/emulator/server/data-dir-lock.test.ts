import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, nodeLockFiles, type LockFiles } from '../../../src/emulator/server/data-dir-lock.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

/** A lock left by a process that no longer exists (pid beyond any real one). */
const STALE = JSON.stringify({ pid: 2 ** 30, host: 'gone', createdAt: '2020-01-01T00:00:00.000Z' });
/** A lock held by a running process that is not this one. */
const LIVE = JSON.stringify({ pid: process.ppid, host: 'other', createdAt: '2030-01-01T00:00:00.000Z' });

/** The real file operations, with `before` run once just before the first move or removal of the lock file. */
function interleaved(lockPath: string, before: () => Promise<void>): LockFiles {
  let done = false;
  const once = async (path: string): Promise<void> => {
    if (done || path !== lockPath) return;
    done = true;
    await before();
  };
  return {
    ...nodeLockFiles,
    rename: async (from, to) => {
      await once(from);
      await nodeLockFiles.rename(from, to);
    },
    remove: async (path) => {
      await once(path);
      await nodeLockFiles.remove(path);
    },
  };
}

describe('data directory lock', () => {
  it('leaves a lock that another emulator took over between our stale check and our takeover', async () => {
    const dir = await makeTempDir();
    const lock = join(dir, 'emulator.lock');
    await writeFile(lock, STALE);
    // The other emulator saw the same stale lock, replaced it with its own, and runs on.
    const files = interleaved(lock, () => writeFile(lock, LIVE));
    await expect(lockDataDir(dir, files)).rejects.toMatchObject({ code: 'GF_EMULATOR_DATA_DIR_LOCKED' });
    expect(await readFile(lock, 'utf8')).toBe(LIVE);
    expect(await readdir(dir)).toEqual(['emulator.lock']);
  });

  it('lets one of two takeovers of the same stale lock win', async () => {
    const dir = await makeTempDir();
    const lock = join(dir, 'emulator.lock');
    await writeFile(lock, STALE);
    // The other emulator moved the stale lock away first, and has not written its own yet.
    const files = interleaved(lock, () => rename(lock, join(dir, 'emulator.lock.other')));
    const release = await lockDataDir(dir, files);
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    // Its own create now fails, as it must: the directory is ours.
    await expect(writeFile(lock, LIVE, { flag: 'wx' })).rejects.toMatchObject({ code: 'EEXIST' });
    await release();
  });

  it('gives the directory to one of two emulators of this process that start together on a stale lock', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'emulator.lock'), STALE);
    const outcomes = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    for (const o of outcomes) if (o.status === 'fulfilled') await o.value();
  });

  it('on release removes only its own lock', async () => {
    const dir = await makeTempDir();
    const lock = join(dir, 'emulator.lock');
    const release = await lockDataDir(dir);
    // Taken over by another emulator that judged ours stale (another host, say).
    await writeFile(lock, LIVE);
    await release();
    expect(await readFile(lock, 'utf8')).toBe(LIVE);
  });
});
