import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { keepMarker } from '../../src/apply/pending.js';
import { storeSnapshot } from '../../src/keep/remote-snapshot.js';
import { SnapshotWriter } from '../../src/keep/snapshot-file.js';
import { snapshotName } from '../../src/keep/snapshot-paths.js';
import { hashDefinition } from '../../src/model/hash.js';
import { createCompanionStore } from '../../src/state/companion-store.js';
import { withPending } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { generateItems, INITIAL_SHAPE, ndjson, newsYaml, RBAC, type NewsShape } from '../helpers/keep-news.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';
import { startTerraformHttpServer } from '../state/terraform-http-server.js';

const SHAPE: NewsShape = { ...INITIAL_SHAPE, data: undefined };
const RENAMED: NewsShape = { ...SHAPE, releaseName: 'Changelog', moved: ['{ from: ReleaseNote, to: Changelog }'] };

/**
 * Another runner's keeping apply stopped after state named its snapshot and before its PUT
 * went out: the snapshot is only beside the state. The next apply, on a runner without the
 * file, fetches it (to add what the new read misses), copies its own snapshot beside the
 * state, removes the copy it replaced once state names the new one, and, the items back,
 * the new copy too: nothing of the items stays on the state server.
 */
describe('a pending snapshot kept only beside http state, replaced by the next apply', () => {
  it('is fetched, merged, replaced and removed; every item is served under its new type', { timeout: 60_000 }, async () => {
    const emulator = await startTestEmulator();
    const server = await startTerraformHttpServer();
    const items = generateItems(40, 77, 'q');
    const dir = await makeProjectDir({
      'graphform.config.yaml': [
        'defaultEnvironment: ci',
        'environments:',
        '  ci:',
        `    graphUrl: ${emulator.url}`,
        '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
        // GraphQL does not serve _rbac: the keep step reads access with the single key.
        '    singleKey: "${env:GRAPH_SINGLE_KEY}"',
        `    state: { backend: http, address: "${server.base}/state", lockAddress: "${server.base}/lock" }`,
        '',
      ].join('\n'),
      'content-sources/news.yaml': newsYaml(SHAPE),
      'items.ndjson': ndjson(items),
    });
    const env = testHost(dir, {
      variables: { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret, GRAPH_SINGLE_KEY: emulator.singleKey },
    });
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['items.ndjson'] }, env)).summary.status).toBe('sent');

    await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml(RENAMED));
    const declared = (await graphform.validate({}, env)).declarations[0];
    if (declared === undefined) throw new Error('no declaration');
    const release = items.filter((i) => i.type === 'ReleaseNote').slice(0, 2);
    const writer = await SnapshotWriter.create(path.join(dir, '.graphform/snapshots/ci/news-20261127T120000000Z.ndjson'));
    for (const item of release)
      await writer.add(
        item.id,
        item.language,
        JSON.stringify({ ContentType: ['Changelog'], Language: { Name: item.language }, Status: item.status, _rbac: RBAC, ...item.values }),
      );
    const info = await writer.finish();
    const owed = await storeSnapshot(
      dir,
      { snapshot: snapshotName(dir, info.path), hash: info.hash, items: info.items, target: hashDefinition(declared.definition) },
      'news',
      createCompanionStore({ address: `${server.base}/state` }),
    );
    await rm(info.path);
    const state = JSON.parse(server.state ?? '') as State;
    server.state = JSON.stringify(withPending(state, 'news', keepMarker({ id: 'news' }, new Date(), owed)));
    const replaced = `/${owed.remote.name}-1`;
    expect(server.states.has(replaced)).toBe(true);

    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(
      server.seen.some((r) => r.method === 'GET' && r.url === replaced),
      'the pending snapshot was fetched from beside the state',
    ).toBe(true);
    expect(
      server.seen.some((r) => r.method === 'DELETE' && r.url === replaced),
      'the replaced copy was removed',
    ).toBe(true);
    const stored = server.seen.filter((r) => r.method === 'POST' && r.url !== replaced && r.url.includes('-graphform-snapshot-news-'));
    expect(stored.length, 'the new snapshot was copied beside the state').toBeGreaterThan(0);
    expect([...server.states.keys()], 'nothing of the items stays on the state server').toEqual(['/state']);
    const served = emulator.inspect.items('news', { limit: 1_000 })?.items ?? [];
    expect(served.map((i) => `${i.language_routing}/${i._id}/${i.contentType}`).sort()).toEqual(
      items.map((i) => `${i.language}/${i.id}/${i.type === 'ReleaseNote' ? 'Changelog' : i.type}`).sort(),
    );
    expect((JSON.parse(server.state ?? '') as State).sources.news?.pending).toBeUndefined();
  });
});
