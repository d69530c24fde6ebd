import { mkdir } from 'node:fs/promises';
import { GraphformError } from '../../diagnostics/errors.js';

/**
 * Creates the emulator's data folder (and its parents) unless it exists. A file in its place
 * (or on its path) is the caller's mistake, said as one, not as mkdir's EEXIST or ENOTDIR.
 */
export async function ensureDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    throw new GraphformError('GF_EMULATOR_BAD_OPTIONS', `The emulator's data folder ${dataDir} is a file, or lies under one: it must be a folder.`, {
      hint: 'Give a folder, or a path that does not exist yet (the emulator creates it).',
      cause: error,
    });
  }
}
