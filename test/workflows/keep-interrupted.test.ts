import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { keepMarker } from '../../src/apply/pending.js';
import { SnapshotWriter } from '../../src/keep/snapshot-file.js';
import { snapshotName } from '../../src/keep/snapshot-paths.js';
import { hashDefinition } from '../../src/model/hash.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { withPending } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const SOURCE = (type: string, moved: boolean): string =>
  [
    'id: news',
    'label: News',
    'languages: [en]',
    'contentTypes:',
    `  ${type}:`,
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    'keep:',
    '  defaults: { _rbac: "r:Everyone:Read" }',
    ...(moved ? ['moved:', '  - { from: Note, to: Changelog }'] : []),
    '',
  ].join('\n');

const line = (id: string, type: string): string =>
  `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["${type}"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Title":"${id}"}\n`;

/**
 * An apply that read the items back and named its snapshot in state, then stopped where
 * it is not known whether its PUT went out (a service that had deleted the items but still
 * answered the old definition, as an emulator killed in the middle of the PUT can leave it).
 * The next apply of the same declarations reads again, finds fewer items, and carries over
 * the pending snapshot's items it misses: none is lost.
 */
describe('a keeping apply that stopped after its read', () => {
  it('finishes with the pending snapshot items the new read misses', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/news.yaml': SOURCE('Note', false),
      'feed.ndjson': line('n1', 'Note') + line('n2', 'Note'),
    });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');

    // The rename is declared; the interrupted apply had read both items back into a snapshot named in state…
    await writeFile(path.join(dir, 'content-sources/news.yaml'), SOURCE('Changelog', true));
    const declared = (await graphform.validate({}, env)).declarations[0];
    if (declared === undefined) throw new Error('no declaration');
    const writer = await SnapshotWriter.create(path.join(dir, '.graphform/snapshots/local/news-20261127T120000000Z.ndjson'));
    for (const id of ['n1', 'n2'])
      await writer.add(id, 'en', `{"ContentType":["Changelog"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Title":"${id}"}`);
    const info = await writer.finish();
    const backend = createLocalBackend({
      path: path.join(dir, '.graphform/state/local.json'),
      lockTimeoutMs: 0,
      now: () => new Date(),
      who: 'test',
      pid: process.pid,
      host: 'test',
    });
    const state = (await backend.read()) as State;
    const owed = { snapshot: snapshotName(dir, info.path), hash: info.hash, items: info.items, target: hashDefinition(declared.definition) };
    await backend.write(withPending(state, 'news', keepMarker({ id: 'news' }, new Date(), owed)));
    // …and the service lost the items to a PUT whose definition it did not keep.
    const purged = await graphform.dataPurge({ source: 'news', allLanguages: true }, env);
    expect(purged.purged).toBe(true);

    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(applied.outcomes[0]?.repush?.itemsSent).toBe(2);
    const { plan } = await graphform.plan({}, env);
    expect(plan.summary).toMatchObject({ full: 0, partial: 0, pending: 0 });
  });
});
