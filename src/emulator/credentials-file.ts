import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { writeFileAtomic } from '../fs/atomic-file.js';
import { generateCredentials } from './options.js';
import type { EmulatorCredentials } from './types.js';

/**
 * The credentials of an emulator with a data directory, kept in `credentials.json` there
 * (mode 0600) so a config pointing at it stays valid across restarts.
 */
export async function loadOrCreateCredentials(dataDir: string): Promise<EmulatorCredentials> {
  const path = join(dataDir, 'credentials.json');
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined) {
    await mkdir(dataDir, { recursive: true });
    const credentials = generateCredentials();
    await writeFileAtomic(path, `${JSON.stringify(credentials, null, 2)}\n`, 0o600);
    return credentials;
  }
  try {
    const value = JSON.parse(text) as Partial<EmulatorCredentials>;
    if (typeof value.appKey === 'string' && typeof value.secret === 'string') return { appKey: value.appKey, secret: value.secret };
  } catch {
    // Reported below with the same message as a wrong shape.
  }
  throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator credentials file ${path} is damaged`, {
    hint: 'Remove it to have new credentials generated, or pass --app-key and --secret.',
  });
}
