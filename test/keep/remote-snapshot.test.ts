import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchSnapshot, removeStoredSnapshot, storeSnapshot } from '../../src/keep/remote-snapshot.js';
import { SnapshotWriter } from '../../src/keep/snapshot-file.js';
import { snapshotName } from '../../src/keep/snapshot-paths.js';
import { createCompanionStore } from '../../src/state/companion-store.js';
import type { PendingSnapshot } from '../../src/state/types.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTerraformHttpServer } from '../state/terraform-http-server.js';

const FILE = '.graphform/snapshots/ci/news-20261127T120000000Z.ndjson';

/** A snapshot of `count` items whose titles are random (so gzip cannot shrink them into one part). */
async function writeSnapshot(root: string, count: number): Promise<PendingSnapshot> {
  const writer = await SnapshotWriter.create(path.join(root, FILE));
  for (let i = 0; i < count; i++) {
    await writer.add(
      `n${i}`,
      'en',
      JSON.stringify({ ContentType: ['Article'], Language: { Name: 'en' }, Status: 'Published', Title: randomBytes(48).toString('hex') }),
    );
  }
  const info = await writer.finish();
  return { snapshot: snapshotName(root, info.path), hash: info.hash, items: info.items };
}

describe('a snapshot kept beside remote state', () => {
  it('is stored compressed in JSON parts beside the state, and a runner without the file fetches it back byte for byte, 0600', async () => {
    const server = await startTerraformHttpServer({ username: 'ci', password: 'state-pass-123' });
    const store = createCompanionStore({ address: `${server.base}/state`, username: 'ci', password: 'state-pass-123' });
    const root = await makeTempDir();
    const snapshot = await writeSnapshot(root, 400);

    const stored = await storeSnapshot(root, snapshot, 'news', store, 8 * 1024);
    const hex = snapshot.hash.slice('sha256:'.length, 'sha256:'.length + 16);
    expect(stored.remote.name).toBe(`state-graphform-snapshot-news-${hex}`);
    expect(stored.remote.parts, 'a snapshot larger than a part is cut into parts').toBeGreaterThan(2);
    const paths = [...server.states.keys()].filter((p) => p !== '/state').sort();
    expect(paths).toEqual(Array.from({ length: stored.remote.parts }, (_, i) => `/${stored.remote.name}-${i + 1}`).sort());
    let bytes = 0;
    for (let part = 1; part <= stored.remote.parts; part++) {
      const body = JSON.parse(server.states.get(`/${stored.remote.name}-${part}`) ?? '') as Record<string, unknown>;
      expect(body).toMatchObject({ graphformSnapshot: 1, serial: part, source: 'news', snapshot: snapshot.hash, part, last: part === stored.remote.parts });
      const compressed = Buffer.from(String(body.gzipBase64), 'base64');
      expect(compressed.length).toBeLessThanOrEqual(8 * 1024);
      bytes += compressed.length;
    }
    expect(stored.remote.bytes).toBe(bytes);
    expect(
      server.seen.every((r) => r.authorization === `Basic ${Buffer.from('ci:state-pass-123').toString('base64')}`),
      'the state credentials are used',
    ).toBe(true);

    const fresh = await makeTempDir();
    await fetchSnapshot(fresh, stored, 'news', store);
    expect(await readFile(path.join(fresh, FILE))).toEqual(await readFile(path.join(root, FILE)));
    expect((await stat(path.join(fresh, FILE))).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(path.join(fresh, FILE)))).toEqual([path.basename(FILE)]);

    await removeStoredSnapshot(stored.remote, store);
    expect([...server.states.keys()].filter((p) => p !== '/state')).toEqual([]);
  });

  it('a part that changed on the server is not fetched: GF_KEEP_SNAPSHOT_REMOTE, and no file appears', async () => {
    const server = await startTerraformHttpServer();
    const store = createCompanionStore({ address: `${server.base}/state` });
    const root = await makeTempDir();
    const stored = await storeSnapshot(root, await writeSnapshot(root, 200), 'news', store, 4 * 1024);
    const second = `/${stored.remote.name}-2`;
    const body = JSON.parse(server.states.get(second) ?? '') as { gzipBase64: string };
    const bytes = Buffer.from(body.gzipBase64, 'base64');
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    server.states.set(second, JSON.stringify({ ...body, gzipBase64: bytes.toString('base64') }));

    const fresh = await makeTempDir();
    const error = await rejection(fetchSnapshot(fresh, stored, 'news', store));
    expect(error.code).toBe('GF_KEEP_SNAPSHOT_REMOTE');
    expect(error.message).toContain('part 2 is damaged');
    expect(existsSync(path.join(fresh, FILE))).toBe(false);
    expect(await readdir(path.dirname(path.join(fresh, FILE)))).toEqual([]);

    server.states.delete(second);
    expect((await rejection(fetchSnapshot(fresh, stored, 'news', store))).message).toContain(`part 2 of ${stored.remote.parts} is gone`);
  });

  it('a server that refuses a part for its size (413) stops the store with a hint to lower state.snapshotPartBytes; the parts it took are removed', async () => {
    const server = await startTerraformHttpServer({ maxStateBytes: 12 * 1024 });
    const store = createCompanionStore({ address: `${server.base}/state` });
    const root = await makeTempDir();
    const snapshot = await writeSnapshot(root, 300);
    const error = await rejection(storeSnapshot(root, snapshot, 'news', store, 16 * 1024));
    expect(error.code).toBe('GF_KEEP_SNAPSHOT_REMOTE');
    expect(error.message).toContain('answered 413');
    expect(error.hint).toContain('state.snapshotPartBytes');
    expect([...server.states.keys()]).toEqual([]);
    // Below the limit, the same snapshot is stored.
    expect((await storeSnapshot(root, snapshot, 'news', store, 8 * 1024)).remote.parts).toBeGreaterThan(1);
  });

  it('a server without DELETE keeps a small tombstone in place of each part', async () => {
    const server = await startTerraformHttpServer({ noDelete: true });
    const store = createCompanionStore({ address: `${server.base}/state` });
    const root = await makeTempDir();
    const stored = await storeSnapshot(root, await writeSnapshot(root, 50), 'news', store);
    await removeStoredSnapshot(stored.remote, store);
    for (const [, body] of server.states) expect(JSON.parse(body)).toEqual({ graphformSnapshot: 1, serial: 0, removed: true });
  });
});
