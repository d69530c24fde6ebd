import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { apply, dataPush, plan } from '../../src/workflows/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject } from '../helpers/graph-project.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * Switching `searchable` is a partial update (POST), which keeps the items, but it renames
 * the property's field in data lines (`Title` → `Title___searchable`): every item the
 * service holds keeps its value under the old name, which GraphQL no longer serves, and the
 * next full update would drop it for good. Not only the data: files, every item is read
 * before the POST and pushed again after it under the new name. The test checks the name
 * each value is stored under in the emulator's item store, so it holds whether or not the
 * service serves a value stored under another wire name.
 */
const declaration = (searchable: boolean): string =>
  [
    'id: blog',
    'label: Blog',
    'languages: [en]',
    'contentTypes:',
    '  Post:',
    '    contentType: []',
    '    properties:',
    `      Title: { type: String${searchable ? ', searchable: true' : ''} }`,
    '      Views: { type: Int }',
    // GraphQL does not give _rbac back: every item of this feed is public.
    'keep: { defaults: { _rbac: "r:Everyone:Read" } }',
    'data:',
    '  - ../data/posts.ndjson',
    '',
  ].join('\n');

const lines = (ids: readonly string[]): string =>
  ids
    .map(
      (id) =>
        `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Post"],"Status":"Published","_rbac":"r:Everyone:Read","Title":"post ${id}","Views":7}\n`,
    )
    .join('');

const DECLARED = ['p1', 'p2', 'p3'];
const FEED = Array.from({ length: 40 }, (_, i) => `f${i + 1}`);
/** Feed items with no Title: nothing of theirs is renamed, so they are left as they are. */
const BARE = ['b1', 'b2'];
const bare = BARE.map(
  (id) => `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Post"],"Status":"Published","_rbac":"r:Everyone:Read","Views":1}\n`,
).join('');

/** Per item, the keys its stored data line holds a Title under. */
async function storedTitleKeys(cwd: string): Promise<Map<string, string[]>> {
  const emulator = await startEmulator({ port: 0, dataDir: path.join(cwd, '.graphform/emulator') });
  try {
    const stored = emulator.inspect.items('blog')?.items ?? [];
    return new Map(stored.map((item) => [item._id, Object.keys(item.data as Record<string, unknown>).filter((key) => key.startsWith('Title'))]));
  } finally {
    await emulator.close();
  }
}

describe('a partial update that renames fields in data lines', () => {
  it('reads every item before it and pushes every item again under the new wire name, and the plan counts them', { timeout: 90_000 }, async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/blog.yaml': declaration(false),
      'data/posts.ndjson': lines(DECLARED),
      'feed/feed.ndjson': lines(FEED) + bare,
    });
    const env = testHost(cwd);
    expect((await apply({}, env)).ok).toBe(true);
    // Items from elsewhere: a feed graphform does not declare.
    expect((await dataPush({ source: 'blog', files: ['feed/feed.ndjson'] }, env)).summary.status).toBe('sent');
    const before = await storedTitleKeys(cwd);
    expect(before.size).toBe(DECLARED.length + FEED.length + BARE.length);
    expect(
      [...before].every(([id, keys]) => keys.join() === (BARE.includes(id) ? '' : 'Title')),
      'before the switch every item with a Title holds it under its plain name',
    ).toBe(true);

    await writeFile(path.join(cwd, 'content-sources/blog.yaml'), declaration(true));
    const planned = (await plan({}, env)).plan;
    const blog = planned.sources.find((s) => s.id === 'blog');
    expect(blog?.action).toBe('partial');
    expect(blog?.dataLoss, 'every item comes back under the new name: nothing is lost').toBe(false);
    expect(blog?.keep, 'the plan must count the items the partial update pushes again').toMatchObject({
      known: true,
      rename: true,
      deleted: DECLARED.length + FEED.length,
      fromData: DECLARED.length,
      kept: FEED.length,
      lost: 0,
    });

    const applied = await apply({}, env);
    expect(applied.ok).toBe(true);
    expect(applied.outcomes).toEqual([
      expect.objectContaining({
        id: 'blog',
        action: 'partial',
        status: 'applied',
        repush: expect.objectContaining({ status: 'sent', itemsSent: DECLARED.length + FEED.length }),
      }),
    ]);
    const state = JSON.parse(await readFile(path.join(cwd, '.graphform/state/local.json'), 'utf8')) as { sources: Record<string, { pending?: unknown }> };
    expect(state.sources.blog?.pending, 'the pending marker must be cleared once every item is served').toBeUndefined();

    const after = await storedTitleKeys(cwd);
    expect(after.size).toBe(DECLARED.length + FEED.length + BARE.length);
    const oldNames = [...after]
      .filter(([id, keys]) => keys.join() !== (BARE.includes(id) ? '' : 'Title___searchable'))
      .map(([id, keys]) => `${id}: ${keys.join(', ')}`);
    expect(oldNames, 'items still holding Title under the old wire name (GraphQL does not serve it)').toEqual([]);
    expect((await plan({}, env)).plan.sources.filter((s) => s.action !== 'none' || s.data !== undefined)).toEqual([]);
  });

  it('a re-push that fails after the POST is finished by the next apply from the snapshot state names', { timeout: 90_000 }, async () => {
    const emulator = await startTestEmulator();
    const withoutData = (searchable: boolean): string => declaration(searchable).replace(/data:\n.*\n/, '');
    // GraphQL does not serve _rbac back: the single key's read tells apply the items are public (without it their access is not known, a loss).
    const project = await graphProject(emulator, { 'content-sources/blog.yaml': withoutData(false) }, `    singleKey: ${emulator.singleKey}`);
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await rawRequest(emulator, { method: 'POST', target: '/api/content/v2/data?id=blog', contentType: 'text/plain', body: lines(FEED) })).status).toBe(
      200,
    );

    await project.write({ 'content-sources/blog.yaml': withoutData(true) });
    // Every data push fails: the POST types goes through, the items do not.
    emulator.faults.add({ method: 'POST', pathPrefix: '/api/content/v2/data', status: 503, count: 1_000 });
    const failed = await project.cli('apply', '--yes');
    expect(failed.code, failed.stderr).toBe(1);
    const pending = (await project.state()).sources.blog?.pending;
    expect(pending?.keep, 'the snapshot of the items read before the POST must be named in state').toMatchObject({ items: FEED.length });
    expect(emulator.inspect.definition('blog')).toMatchObject({ contentTypes: { Post: { properties: { Title: { searchable: true } } } } });
    expect(
      emulator.inspect.items('blog')?.items.every((item) => 'Title' in (item.data as Record<string, unknown>)),
      'the items still hold Title under the old name',
    ).toBe(true);

    emulator.faults.clear();
    const finished = await project.cli('apply', '--yes');
    expect(finished.code, finished.stderr).toBe(0);
    expect((await project.state()).sources.blog?.pending).toBeUndefined();
    const stored = emulator.inspect.items('blog')?.items ?? [];
    expect(stored).toHaveLength(FEED.length);
    const oldNames = stored
      .filter(
        (item) =>
          Object.keys(item.data as Record<string, unknown>)
            .filter((key) => key.startsWith('Title'))
            .join() !== 'Title___searchable',
      )
      .map((item) => item._id);
    expect(oldNames, 'items left under the old wire name after the second apply').toEqual([]);
  });

  it('with keep: false counts the items from elsewhere as lost, behind the gate, and counts nothing as deleted', { timeout: 60_000 }, async () => {
    const emulator = await startTestEmulator();
    const keepOff = (searchable: boolean): string =>
      declaration(searchable)
        .replace(/data:\n.*\n/, '')
        .replace(/keep: .*\n/, 'keep: false\n');
    const project = await graphProject(emulator, { 'content-sources/blog.yaml': keepOff(false) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await rawRequest(emulator, { method: 'POST', target: '/api/content/v2/data?id=blog', contentType: 'text/plain', body: lines(FEED) })).status).toBe(
      200,
    );

    await project.write({ 'content-sources/blog.yaml': keepOff(true) });
    const planned = await project.cli('plan', '--detailed-exitcode', '--format', 'json');
    expect(planned.code, planned.stderr).toBe(3);
    const blog = (
      JSON.parse(planned.stdout) as { sources: Array<{ id: string; action: string; dataLoss: boolean; keep?: unknown; deletes?: unknown }> }
    ).sources.find((s) => s.id === 'blog');
    expect(blog).toMatchObject({ action: 'partial', dataLoss: true, keep: { known: true, enabled: false, rename: true, lost: FEED.length } });
    expect(blog?.deletes, 'a partial update deletes nothing').toBeUndefined();
    const refused = await project.cli('apply', '--yes');
    expect(refused.code, refused.stderr).toBe(3);
    expect(emulator.inspect.definition('blog'), 'nothing was sent').toMatchObject({ contentTypes: { Post: { properties: { Title: { type: 'String' } } } } });
    expect(
      (emulator.inspect.definition('blog') as { contentTypes: { Post: { properties: { Title: { searchable?: boolean } } } } }).contentTypes.Post.properties
        .Title.searchable,
    ).not.toBe(true);
  });
});
