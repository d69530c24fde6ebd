import path from 'node:path';

/** Where snapshots of an environment are kept: the project's local, git-ignored data folder. */
export function snapshotFolder(root: string, environment: string): string {
  return path.join(root, '.graphform', 'snapshots', environment);
}

/** A new snapshot's path for a source: its id and the moment, so a later one never overwrites it. */
export function snapshotPath(root: string, environment: string, id: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return path.join(snapshotFolder(root, environment), `${id}-${stamp}.ndjson`);
}

/** How state names a snapshot: relative to the project folder, with forward slashes. */
export function snapshotName(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
