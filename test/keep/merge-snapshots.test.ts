import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergePendingSnapshot } from '../../src/keep/merge-snapshots.js';
import { SnapshotWriter } from '../../src/keep/snapshot-file.js';
import { snapshotName } from '../../src/keep/snapshot-paths.js';
import type { PendingSnapshot } from '../../src/state/types.js';
import { makeTempDir } from '../helpers/temp-dir.js';

async function snapshot(root: string, name: string, items: Array<[string, string, string]>): Promise<PendingSnapshot> {
  const writer = await SnapshotWriter.create(path.join(root, '.graphform/snapshots/local', name));
  for (const [id, language, title] of items)
    await writer.add(id, language, JSON.stringify({ ContentType: ['Page'], Language: { Name: language }, Title: title }));
  const info = await writer.finish();
  return { snapshot: snapshotName(root, info.path), hash: info.hash, items: info.items };
}

describe('mergePendingSnapshot', () => {
  it('adds the pending snapshot items the new read misses, each (language, _id) once, the new read winning', async () => {
    const root = await makeTempDir('graphform-merge-');
    const owed = await snapshot(root, 'news-1.ndjson', [
      ['a', 'en', 'old a'],
      ['b', 'en', 'old b'],
      ['b', 'sv', 'old b sv'],
    ]);
    const fresh = await snapshot(root, 'news-2.ndjson', [['a', 'en', 'new a']]);
    const merged = await mergePendingSnapshot(root, fresh, owed, 'news');
    expect(merged).toMatchObject({ snapshot: fresh.snapshot, items: 3 });
    const text = await readFile(path.join(root, merged.snapshot), 'utf8');
    expect(text.match(/"Title":"[^"]+"/g)).toEqual(['"Title":"new a"', '"Title":"old b"', '"Title":"old b sv"']);
    expect(merged.hash).not.toBe(fresh.hash);
  });

  it('leaves the pending items now in the data files to them: pushed from both, the push would refuse the duplicate', async () => {
    const root = await makeTempDir('graphform-merge-');
    const owed = await snapshot(root, 'news-1.ndjson', [
      ['a', 'en', 'old a'],
      ['b', 'en', 'old b'],
      ['c', 'en', 'old c'],
    ]);
    const fresh = await snapshot(root, 'news-2.ndjson', [['a', 'en', 'new a']]);
    const merged = await mergePendingSnapshot(root, fresh, owed, 'news', new Set(['en\nb']));
    const text = await readFile(path.join(root, merged.snapshot), 'utf8');
    expect(text.match(/"Title":"[^"]+"/g)).toEqual(['"Title":"new a"', '"Title":"old c"']);
    expect(merged.items).toBe(2);
  });

  it('refuses a pending snapshot that is not the file state names', async () => {
    const root = await makeTempDir('graphform-merge-');
    const owed = await snapshot(root, 'news-1.ndjson', [['a', 'en', 'x']]);
    const fresh = await snapshot(root, 'news-2.ndjson', []);
    await expect(mergePendingSnapshot(root, fresh, { ...owed, hash: 'sha256:0' }, 'news')).rejects.toMatchObject({ code: 'GF_KEEP_SNAPSHOT_CHANGED' });
  });
});
