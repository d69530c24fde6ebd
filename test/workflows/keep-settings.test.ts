import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { generateItems, INITIAL_SHAPE, key, LOCAL_CONFIG, ndjson, newsYaml, rbacOf, readServed, RBAC } from '../helpers/keep-news.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * The keep step's settings end to end. The other path of "what cannot be read back is never
 * guessed": an emulator told to serve `_rbac` too (itemFields), and a source with no
 * keep.defaults: every item keeps the access it had, read back, restricted ones included;
 * none is made public, none counts as lost. And `keep: false` on an environment: every item
 * not in a data file counts as lost, behind the gate.
 */
describe('keep settings', () => {
  it('carries each item over with its own _rbac and Status, without keep.defaults', { timeout: 60_000 }, async () => {
    await expectOwnAccessKept(undefined);
  });

  it('keeps the Status and _rbac GraphQL serves back over keep.defaults: no draft published, no restricted item made public', { timeout: 60_000 }, async () => {
    await expectOwnAccessKept('{ defaults: { Status: Published, _rbac: "r:Everyone:Read" } }');
  });

  it('keep: false on the environment loses every item not in a data file, and says so', { timeout: 60_000 }, async () => {
    const shape = { ...INITIAL_SHAPE, data: undefined };
    const items = generateItems(20, 11);
    const config = ['defaultEnvironment: local', 'environments:', '  local:', '    emulator: { dataDir: .graphform/emulator }', '    keep: false', ''].join(
      '\n',
    );
    const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/news.yaml': newsYaml(shape), 'feed.ndjson': ndjson(items) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');
    await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml({ ...shape, teaser: false }));
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.keep).toMatchObject({ known: true, enabled: false, lost: items.length, kept: 0, lostBy: { 'keep-off': items.length } });
    expect(plan.summary.dataLoss).toBe(true);
    expect(await graphform.apply({}, env)).toMatchObject({ applied: false, refused: 'data-loss' });
  });
});

/**
 * Items pushed with their own access (every third readable by editors only) and status
 * (drafts among them), to an emulator that serves `_rbac` and `Status` back; then a rename
 * that needs a full update. Every item must be served afterwards with the access and status
 * it had, whatever `keep` (its defaults are only for fields GraphQL does not serve).
 */
async function expectOwnAccessKept(keep: string | undefined): Promise<void> {
  const shape = { ...INITIAL_SHAPE, keep, data: undefined };
  const items = generateItems(60, 7);
  const restricted = new Set(items.filter((_, i) => i % 3 === 0).map((item) => key(item.language, item.id)));
  expect(items.some((item) => item.status === 'Draft')).toBe(true);
  const lines = ndjson(items)
    .split('\n')
    .map((line, i, all) => {
      if (i % 2 === 0 || line === '') return line;
      const action = JSON.parse(all[i - 1] ?? '{}') as { index: { _id: string; language_routing: string } };
      return restricted.has(key(action.index.language_routing, action.index._id)) ? line.replace(`"_rbac":"${RBAC}"`, '"_rbac":"r:Editors:Read"') : line;
    })
    .join('\n');
  const dir = await makeProjectDir({
    'graphform.config.yaml': LOCAL_CONFIG(', itemFields: [Status, _rbac]'),
    'content-sources/news.yaml': newsYaml(shape),
    'feed.ndjson': lines,
  });
  const env = testHost(dir);
  expect((await graphform.apply({}, env)).ok).toBe(true);
  expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');

  const renamed = { ...shape, releaseName: 'Changelog' as const, moved: ['{ from: ReleaseNote, to: Changelog }'] };
  await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml(renamed));
  const { plan } = await graphform.plan({}, env);
  expect(plan.sources[0]?.keep).toMatchObject({ known: true, lost: 0, kept: items.length, unreadable: ['RolesWithReadAccess'] });
  expect(plan.summary.dataLoss).toBe(false);
  const applied = await graphform.apply({}, env);
  expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);

  const served = await readServed(dir, renamed);
  expect(served.items.size).toBe(items.length);
  for (const item of items) {
    const got = served.items.get(key(item.language, item.id));
    const own = restricted.has(key(item.language, item.id)) ? 'r:Editors:Read' : rbacOf(item);
    expect(got?.rbac, `${item.id}: the _rbac GraphQL served back must win over keep.defaults (a restricted item made public)`).toBe(own);
    expect(got?.status, `${item.id}: the Status GraphQL served back must win over keep.defaults (a draft published)`).toBe(item.status);
    expect(got?.type).toBe(item.type === 'ReleaseNote' ? 'Changelog' : item.type);
  }
}
