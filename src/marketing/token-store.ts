import { mkdir, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { writeFileAtomic } from '../fs/atomic-file.js';
import { readWholeFile } from '../fs/read-whole-file.js';
import { isRecord } from '../model/is-record.js';
import { AUTH_ERROR_CODES } from './codes.js';
import { checkStoreSafety } from './store-folder.js';
import { withStoreLock } from './store-lock.js';
import type { StoredTokens } from './types.js';

const FORMAT_VERSION = 1;
const REQUIRED = ['issuer', 'clientId', 'accessToken', 'tokenType', 'accessExpiresAt', 'refreshIssuedAt'] as const;
/** A server may issue no refresh token or ID token: when present, they are strings. */
const OPTIONAL = ['refreshToken', 'idToken'] as const;

/**
 * The token store: one JSON file, mode 0600 in a 0700 folder, holding one token pair per
 * (issuer, client id). Every write replaces the file atomically, so a crash leaves the old
 * pair or the new one. A file others can read is refused, never silently fixed: the user
 * should know their tokens were exposed.
 */
export interface TokenStore {
  readonly path: string;
  read(issuer: string, clientId: string): Promise<StoredTokens | undefined>;
  save(tokens: StoredTokens): Promise<void>;
  /** True when there was a pair to remove. */
  remove(issuer: string, clientId: string): Promise<boolean>;
  /** Runs `work` holding the store's lock (read, refresh and save as one step). */
  locked<T>(work: () => Promise<T>): Promise<T>;
}

export function openTokenStore(file: string): TokenStore {
  return {
    path: file,
    async read(issuer, clientId) {
      return (await readEntries(file)).find((entry) => entry.issuer === issuer && entry.clientId === clientId);
    },
    async save(tokens) {
      const others = (await readEntries(file)).filter((entry) => !(entry.issuer === tokens.issuer && entry.clientId === tokens.clientId));
      await writeEntries(file, [...others, tokens]);
    },
    async remove(issuer, clientId) {
      const entries = await readEntries(file);
      const kept = entries.filter((entry) => !(entry.issuer === issuer && entry.clientId === clientId));
      if (kept.length === entries.length) return false;
      if (kept.length === 0) await unlink(file);
      else await writeEntries(file, kept);
      return true;
    },
    locked: (work) => withStoreLock(file, work),
  };
}

async function readEntries(file: string): Promise<StoredTokens[]> {
  await checkStoreSafety(file);
  let mode: number;
  try {
    const stats = await stat(file);
    if (!stats.isFile()) throw invalid(file, 'it is not a regular file');
    mode = stats.mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Windows has no group/other bits to check; its ACLs are the profile folder's.
  if (os.platform() !== 'win32' && (mode & 0o077) !== 0) {
    const shown = (mode & 0o777).toString(8).padStart(4, '0');
    throw new GraphformError(
      AUTH_ERROR_CODES.storePermissions,
      `The token store ${file} can be read or written by other users (mode ${shown}); graphform will not use tokens others may have seen.`,
      {
        details: { path: file, mode: shown },
        hint: `Run: chmod 600 ${file}\nIf other users could read it, also run \`graphform auth logout\` and log in again to get new tokens.`,
      },
    );
  }
  // Read as the regular file just checked: one put in its place since (a FIFO) is refused, not waited on.
  const bytes = await readWholeFile(file, { shown: `The token store ${file}`, maxBytes: 16 << 20, code: AUTH_ERROR_CODES.storeInvalid, hint: STORE_HINT });
  if (bytes === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid(file, 'it is not JSON');
  }
  if (!isRecord(parsed) || parsed.formatVersion !== FORMAT_VERSION || !Array.isArray(parsed.tokens)) {
    throw invalid(file, `it is not a version ${FORMAT_VERSION} token store`);
  }
  return parsed.tokens.map((entry, index) => {
    if (
      !isRecord(entry) ||
      REQUIRED.some((key) => typeof entry[key] !== 'string') ||
      OPTIONAL.some((key) => entry[key] !== undefined && typeof entry[key] !== 'string')
    )
      throw invalid(file, `entry ${index + 1} lacks a field`);
    return entry as unknown as StoredTokens;
  });
}

async function writeEntries(file: string, entries: readonly StoredTokens[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await checkStoreSafety(file);
  const sorted = [...entries].sort((a, b) => (a.issuer === b.issuer ? compare(a.clientId, b.clientId) : compare(a.issuer, b.issuer)));
  await writeFileAtomic(file, `${JSON.stringify({ formatVersion: FORMAT_VERSION, tokens: sorted }, null, 2)}\n`, 0o600);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function invalid(file: string, why: string): GraphformError {
  // Never quote the file: it holds tokens.
  return new GraphformError(AUTH_ERROR_CODES.storeInvalid, `The token store ${file} cannot be used: ${why}.`, {
    details: { path: file },
    hint: STORE_HINT,
  });
}

const STORE_HINT = 'Move it away (or delete it) and run `graphform auth login` again.';
