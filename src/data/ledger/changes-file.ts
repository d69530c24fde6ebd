import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { systemProcessProbe } from '../../state/process-probe.js';

/** Where the data step keeps the lines it sends: the project's local, git-ignored folder, like snapshots. */
export function changesFolder(root: string): string {
  return path.join(root, '.graphform', 'tmp');
}

/** `changes-<source>-<pid>-<random>.ndjson`: whose it was, so a leftover can be told from a file in use. */
const CHANGES_NAME = /^changes-[a-z0-9]+-(\d+)-[0-9a-f]+\.ndjson$/;

/**
 * Writes the changed items of a source to a file of their own (mode 0600: they may hold
 * drafts and restricted items), runs `use` on it and removes it. The file lives inside the
 * project's `.graphform/`, not the system's temp folder, where a run killed before it could
 * remove it would leave the items for any user of the machine; such leftovers are removed
 * here, by the next run.
 */
export async function withChangesFile<T>(root: string, sourceId: string, text: string, use: (file: string) => Promise<T>): Promise<T> {
  const folder = changesFolder(root);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // Made by something else before (mkdir keeps an existing folder's mode): no one else lists what is in it.
  await chmod(folder, 0o700);
  await removeLeftovers(folder);
  const file = path.join(folder, `changes-${sourceId}-${process.pid}-${randomBytes(4).toString('hex')}.ndjson`);
  try {
    await writeFile(file, text, { mode: 0o600, flag: 'wx' });
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Files of runs that are gone. A file whose process still runs may be in use: this run's
 * other sources (--parallelism), or another environment's apply in the same project.
 */
async function removeLeftovers(folder: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    const pid = CHANGES_NAME.exec(entry)?.[1];
    if (pid !== undefined && !systemProcessProbe.running(Number(pid))) await rm(path.join(folder, entry), { force: true });
  }
}
