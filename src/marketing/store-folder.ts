import { lstat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Stats } from 'node:fs';
import { GraphformError } from '../diagnostics/errors.js';
import { AUTH_ERROR_CODES } from './codes.js';

/**
 * Refuses a token store that others could tamper with: its folder must be a real folder
 * (not a link, which could point anywhere), owned by this user and writable by nobody else
 * (whoever can write it can swap the credentials file); the file, when there, must be a
 * regular file of this user's that nobody else can read or write. A missing folder or file
 * is fine: graphform creates them 0700 and 0600. Never silently fixed: the user should know.
 */
export async function checkStoreSafety(storePath: string): Promise<void> {
  // Windows has no owner/mode bits to check; its ACLs are the profile folder's.
  if (os.platform() === 'win32') return;
  const folder = path.dirname(storePath);
  const folderStats = await lstatIfThere(folder);
  if (folderStats !== undefined) {
    if (folderStats.isSymbolicLink()) {
      throw unsafe(
        folder,
        'is a symbolic link, which could point at a folder others can write',
        `Replace the link with a real folder: rm ${folder} && mkdir -m 700 ${folder}`,
      );
    }
    if (!folderStats.isDirectory()) throw unsafe(folder, 'is not a folder', `Move ${folder} away so graphform can create the folder.`);
    if (!ownedByMe(folderStats))
      throw unsafe(
        folder,
        `belongs to another user (uid ${folderStats.uid})`,
        `Use a folder of your own: chown ${process.getuid?.() ?? ''} ${folder}, or set XDG_CONFIG_HOME.`,
      );
    if ((folderStats.mode & 0o022) !== 0) throw unsafe(folder, `can be written by other users (mode ${modeOf(folderStats)})`, `Run: chmod 700 ${folder}`);
  }
  const fileStats = await lstatIfThere(storePath);
  if (fileStats === undefined) return;
  if (!fileStats.isFile())
    throw unsafe(
      storePath,
      fileStats.isSymbolicLink() ? 'is a symbolic link' : 'is not a regular file',
      `Move it away and run \`graphform auth login\` again.`,
    );
  if (!ownedByMe(fileStats)) {
    throw unsafe(
      storePath,
      `belongs to another user (uid ${fileStats.uid})`,
      `Move it away and run \`graphform auth login\` again; if it held your tokens, log out from the platform to revoke them.`,
    );
  }
}

function ownedByMe(stats: Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || stats.uid === uid;
}

async function lstatIfThere(file: string): Promise<Stats | undefined> {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function modeOf(stats: Stats): string {
  return (stats.mode & 0o777).toString(8).padStart(4, '0');
}

function unsafe(where: string, why: string, hint: string): GraphformError {
  return new GraphformError(AUTH_ERROR_CODES.storePermissions, `The token store ${where} ${why}; graphform will not keep or use tokens there.`, {
    details: { path: where },
    hint,
  });
}
