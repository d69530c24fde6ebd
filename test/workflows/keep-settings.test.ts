import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { generateItems, INITIAL_SHAPE, key, LOCAL_CONFIG, ndjson, newsYaml, readServed, RBAC } from '../helpers/keep-news.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testEnvironment } from '../helpers/workflow-environment.js';

/**
 * The keep step's settings end to end. The other path of "what cannot be read back is never
 * guessed": an emulator told to serve `_rbac` too (itemFields), and a source with no
 * keep.defaults: every item keeps the access it had, read back, restricted ones included;
 * none is made public, none counts as lost. And `keep: false` on an environment: every item
 * not in a data file counts as lost, behind the gate.
 */
describe('keep settings', () => {
  it('carries each item over with its own _rbac and Status, without keep.defaults', { timeout: 60_000 }, async () => {
    const shape = { ...INITIAL_SHAPE, keep: undefined, data: undefined };
    const items = generateItems(60, 7);
    // Every third item is readable by editors only.
    const restricted = new Set(items.filter((_, i) => i % 3 === 0).map((item) => key(item.language, item.id)));
    const lines = ndjson(items)
      .split('\n')
      .map((line, i, all) => {
        if (i % 2 === 0 || line === '') return line;
        const action = JSON.parse(all[i - 1] ?? '{}') as { index: { _id: string; language_routing: string } };
        return restricted.has(key(action.index.language_routing, action.index._id)) ? line.replace(`"_rbac":"${RBAC}"`, '"_rbac":"r:Editors:Read"') : line;
      })
      .join('\n');
    const dir = await makeProjectDir({ 'graphform.config.yaml': LOCAL_CONFIG(', itemFields: [Status, _rbac]'), 'content-sources/news.yaml': newsYaml(shape), 'feed.ndjson': lines });
    const env = testEnvironment(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');

    const renamed = { ...shape, releaseName: 'Changelog' as const, moved: ['{ from: ReleaseNote, to: Changelog }'] };
    await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml(renamed));
    const { plan } = await graphform.plan({}, env);
    const keep = plan.sources[0]?.keep;
    expect(keep).toMatchObject({ known: true, lost: 0, kept: items.length, unreadable: ['RolesWithReadAccess'] });
    expect(plan.summary.dataLoss).toBe(false);
    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);

    const served = await readServed(dir, renamed);
    expect(served.items.size).toBe(items.length);
    for (const item of items) {
      const got = served.items.get(key(item.language, item.id));
      expect(got?.rbac, item.id).toBe(restricted.has(key(item.language, item.id)) ? 'r:Editors:Read' : RBAC);
      expect(got?.status, item.id).toBe(item.status);
      expect(got?.type).toBe(item.type === 'ReleaseNote' ? 'Changelog' : item.type);
    }
  });

  it('keep: false on the environment loses every item not in a data file, and says so', { timeout: 60_000 }, async () => {
    const shape = { ...INITIAL_SHAPE, data: undefined };
    const items = generateItems(20, 11);
    const config = ['defaultEnvironment: local', 'environments:', '  local:', '    emulator: { dataDir: .graphform/emulator }', '    keep: false', ''].join('\n');
    const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/news.yaml': newsYaml(shape), 'feed.ndjson': ndjson(items) });
    const env = testEnvironment(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');
    await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml({ ...shape, teaser: false }));
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.keep).toMatchObject({ known: true, enabled: false, lost: items.length, kept: 0, lostBy: { 'keep-off': items.length } });
    expect(plan.summary.dataLoss).toBe(true);
    expect(await graphform.apply({}, env)).toMatchObject({ applied: false, refused: 'data-loss' });
  });
});
