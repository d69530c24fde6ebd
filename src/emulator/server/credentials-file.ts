import { join } from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { writeFileAtomic } from '../../fs/atomic-file.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import { isRecord } from '../graph/own.js';
import { ensureDataDir } from './data-dir.js';
import { generateCredentials, generateSingleKey } from './options.js';
import type { EmulatorCredentials } from '../types.js';

/** What credentials.json keeps: the graph service's AppKey and secret, and the GraphQL read key. */
export interface StoredCredentials {
  credentials: EmulatorCredentials;
  singleKey: string;
}

/**
 * The credentials of an emulator with a data directory, kept in `credentials.json` there
 * (mode 0600) so a config pointing at it stays valid across restarts. A file from before
 * the GraphQL endpoint gets a read key added, and keeps its AppKey and secret.
 */
export async function loadOrCreateCredentials(dataDir: string): Promise<StoredCredentials> {
  const path = join(dataDir, 'credentials.json');
  // A regular file only, of the size of a few keys: a FIFO in its place would block the start for good.
  const bytes = await readWholeFile(path, {
    shown: `The emulator credentials file ${path}`,
    maxBytes: 1 << 20,
    code: 'GF_EMULATOR_CORRUPT_DATA',
    hint: REMOVE_HINT,
  });
  const text = bytes?.toString('utf8');
  if (text === undefined) {
    await ensureDataDir(dataDir);
    return save(path, { credentials: generateCredentials(), singleKey: generateSingleKey() });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Reported below with the same message as a wrong shape.
  }
  if (
    isRecord(value) &&
    typeof value.appKey === 'string' &&
    typeof value.secret === 'string' &&
    (value.singleKey === undefined || typeof value.singleKey === 'string')
  ) {
    const credentials = { appKey: value.appKey, secret: value.secret };
    return typeof value.singleKey === 'string' ? { credentials, singleKey: value.singleKey } : save(path, { credentials, singleKey: generateSingleKey() });
  }
  throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator credentials file ${path} is damaged`, { hint: REMOVE_HINT });
}

const REMOVE_HINT = 'Remove it to have new credentials generated, or pass --app-key and --secret.';

async function save(path: string, stored: StoredCredentials): Promise<StoredCredentials> {
  await writeFileAtomic(path, `${JSON.stringify({ ...stored.credentials, singleKey: stored.singleKey }, null, 2)}\n`, 0o600);
  return stored;
}
