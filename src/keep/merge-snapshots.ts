import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PendingSnapshot } from '../state/types.js';
import { checkedSnapshot } from './restore-items.js';
import { SnapshotWriter } from './snapshot-file.js';
import { snapshotName } from './snapshot-paths.js';

/**
 * A new snapshot of a source completed by the one an interrupted apply left pending for the
 * same declarations: its items that the new read did not find (the interrupted update may
 * have deleted them, or part of them) are added, so no item the earlier read carried over
 * is lost, and none is pushed twice. Both were made for the same definition, so the earlier
 * one's lines need no change. The merged file replaces the new one. Items now in the
 * source's data files (`fromFiles`, `language\nid`) are left to them, as the new read
 * leaves them: pushed from both, the push would refuse the duplicate after the PUT.
 */
export async function mergePendingSnapshot(
  root: string,
  fresh: PendingSnapshot,
  owed: PendingSnapshot,
  sourceId: string,
  fromFiles: ReadonlySet<string> = new Set(),
): Promise<PendingSnapshot> {
  const freshFile = path.resolve(root, fresh.snapshot);
  const owedFile = await checkedSnapshot(root, owed, sourceId);
  const merged = `${freshFile}.merged`;
  await rm(merged, { force: true });
  const writer = await SnapshotWriter.create(merged);
  try {
    const seen = new Set<string>();
    for await (const pair of pairs(freshFile)) {
      seen.add(pair.key);
      await writer.add(pair.id, pair.language, pair.data);
    }
    for await (const pair of pairs(owedFile)) if (!seen.has(pair.key) && !fromFiles.has(pair.key)) await writer.add(pair.id, pair.language, pair.data);
    const info = await writer.finish();
    await rm(freshFile, { force: true });
    await rename(info.path, freshFile);
    return { snapshot: snapshotName(root, freshFile), hash: info.hash, items: info.items };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/** The action and data lines of a snapshot, as graphform writes them: `{"index":{"_id":…,"language_routing":…}}` then the data line. */
async function* pairs(file: string): AsyncGenerator<{ key: string; id: string; language: string; data: string }> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let action: { id: string; language: string } | undefined;
  for await (const line of lines) {
    if (line === '') continue;
    if (action === undefined) {
      const parsed = JSON.parse(line) as { index: { _id: string; language_routing: string } };
      action = { id: parsed.index._id, language: parsed.index.language_routing };
      continue;
    }
    yield { key: `${action.language}\n${action.id}`, id: action.id, language: action.language, data: line };
    action = undefined;
  }
}
