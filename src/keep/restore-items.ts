import { stat } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import type { PendingSnapshot } from '../state/types.js';
import { repushDeclaredData, type RepushOptions } from '../data/repush.js';
import type { PushSummary } from '../data/types.js';
import { snapshotHash } from './snapshot-file.js';

/**
 * The snapshot state names, checked to be the very file that was written (its sha256): a
 * snapshot that is gone or changed is never pushed in its place.
 */
export async function checkedSnapshot(root: string, snapshot: PendingSnapshot, sourceId: string): Promise<string> {
  const file = path.resolve(root, snapshot.snapshot);
  const exists = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!exists) {
    throw new GraphformError(
      'GF_KEEP_SNAPSHOT_MISSING',
      `the snapshot of the items of source ${sourceId} (${snapshot.snapshot}, ${snapshot.items} items) is gone, so they cannot be pushed again`,
      {
        hint: 'Restore the file from a backup and run `graphform apply` again; `graphform state show` names it.',
      },
    );
  }
  if ((await snapshotHash(file)) !== snapshot.hash) throw snapshotChangedError(snapshot.snapshot, sourceId);
  return file;
}

/**
 * A pending snapshot whose bytes are not those that were written (truncated, edited): its
 * items are pushed only from the original, or, when the user says so, from what it holds
 * with the rest forgotten. `shown` is the file as the user named it, when they did.
 */
export function snapshotChangedError(snapshot: string, sourceId: string, shown = snapshot): GraphformError {
  return new GraphformError(
    'GF_KEEP_SNAPSHOT_CHANGED',
    `the snapshot ${shown} of source ${sourceId} is not the file that was written (its sha256 differs), so it is not pushed`,
    {
      hint:
        `Put the original back (a backup) and run \`graphform data restore ${shown}\` or \`graphform apply\` again; ` +
        'the pending marker in state keeps every recorded item owed until then. ' +
        `To push what the file holds instead and forget the recorded items it no longer holds: \`graphform data restore ${shown} --forget-missing-items\`.`,
    },
  );
}

/**
 * After a full update: the snapshot of kept items (checked) and then the source's declared
 * `data:` files, in one push through the same validation and batching as `data push`.
 */
export async function restoreItems(options: RepushOptions & { snapshot: PendingSnapshot | undefined }): Promise<PushSummary | undefined> {
  const { snapshot, ...rest } = options;
  const root = path.resolve(options.cwd, options.root);
  const first = snapshot === undefined ? [] : [await checkedSnapshot(root, snapshot, options.declaration.id)];
  return repushDeclaredData({ ...rest, first });
}
