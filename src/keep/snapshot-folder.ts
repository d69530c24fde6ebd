import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { escapeUnprintable } from '../diagnostics/excerpt.js';
import { isWithin, projectRoot } from '../fs/project-file.js';

/**
 * Makes the folder a snapshot is written to, refusing one that is, or would be, outside the
 * project once links are resolved: the push reads project files only from inside the
 * project, so a snapshot written through a link out of it would be refused after the PUT
 * had emptied the source. Checked before anything is made (a link higher up would have
 * `mkdir` create folders outside) and once more after.
 */
export async function makeSnapshotFolder(root: string, folder: string, sourceId: string): Promise<void> {
  const project = await projectRoot(root);
  const absolute = path.resolve(project.path, folder);
  const outside = (real: string): GraphformError =>
    new GraphformError(
      'GF_KEEP_SNAPSHOT_OUTSIDE_PROJECT',
      `the snapshot folder ${escapeUnprintable(path.relative(project.path, absolute) || '.')} of source ${sourceId} leads to ${escapeUnprintable(real)}, ` +
        `outside the project folder ${escapeUnprintable(project.path)}; a snapshot there could not be pushed back, so nothing was written or sent`,
      {
        details: { source: sourceId, folder: absolute, real },
        hint: 'Remove the link (graphform makes the folder itself, inside the git-ignored .graphform/), then apply again.',
      },
    );
  if (!isWithin(project.path, absolute)) throw outside(absolute);
  const existing = await nearestExisting(absolute);
  if (!isWithin(project.real, existing)) throw outside(existing);
  await mkdir(absolute, { recursive: true, mode: 0o700 });
  const real = await realpath(absolute);
  if (!isWithin(project.real, real)) throw outside(real);
}

/** The real path of `folder`, or of the nearest folder above it that exists, with the rest appended. */
async function nearestExisting(folder: string): Promise<string> {
  const missing: string[] = [];
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      return path.join(await realpath(at), ...missing);
    } catch {
      if (path.dirname(at) === at) return folder;
      missing.unshift(path.basename(at));
    }
  }
}
