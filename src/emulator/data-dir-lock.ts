import { hostname } from 'node:os';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';

/** Data directories held by emulators of this process (a lock file alone cannot tell them apart). */
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
    hint: 'Stop the other emulator, or give this one another --data-dir.',
  });
}

/**
 * One emulator per data directory: two writing the same journals would corrupt them. The
 * lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  if (heldHere.has(dir)) throw lockedError(dir, 'in this process');
  const path = join(dir, 'emulator.lock');
  const content = JSON.stringify({ pid: process.pid, host: hostname(), createdAt: new Date().toISOString() });
  for (let tries = 0; ; tries++) {
    try {
      await writeFile(path, content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw lockedError(dir, 'lock file just re-created');
        throw error;
      }
      const pid = await readPid(path);
      if (pid !== undefined && pid !== process.pid && alive(pid)) throw lockedError(dir, `pid ${pid}`);
      await rm(path, { force: true });
    }
  }
  heldHere.add(dir);
  return async () => {
    heldHere.delete(dir);
    await rm(path, { force: true });
  };
}

async function readPid(path: string): Promise<number | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    const pid = typeof value === 'object' && value !== null ? (value as { pid?: unknown }).pid : undefined;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
