import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import * as graphform from '../../src/index.js';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { generateItems, INITIAL_SHAPE, key, newsYaml, type NewsItem, type NewsShape } from '../helpers/keep-news.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * Access kept as it was, on a service stand-in that serves Status but not `_rbac` back
 * (the emulator's default). Items of three kinds are pushed by another system: public
 * (published, readable by everyone), restricted (published, editors only) and drafts. A
 * type rename needs a full update; the keep step cannot read `_rbac`, so with the single key
 * it asks which items the public sees.
 */

const PUBLIC = 'r:Everyone:Read';
const EDITORS = 'r:Editors:Read';

let running: RunningEmulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

interface World {
  dir: string;
  env: ReturnType<typeof testHost>;
  emulator: RunningEmulator;
  items: NewsItem[];
  restricted: Set<string>;
  shape: NewsShape;
}

/** The _rbac an item was pushed with. */
function rbacOf(world: Pick<World, 'restricted'>, item: NewsItem): string {
  return item.status === 'Published' && !world.restricted.has(key(item.language, item.id)) ? PUBLIC : EDITORS;
}

async function setUp(keep: string, withSingleKey: boolean): Promise<World> {
  const emulator = await startEmulator({ port: 0 });
  running = emulator;
  const config = [
    'defaultEnvironment: test',
    'environments:',
    '  test:',
    `    graphUrl: ${emulator.url}`,
    '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
    ...(withSingleKey ? ['    singleKey: "${env:GRAPH_SINGLE_KEY}"'] : []),
    '',
  ].join('\n');
  const shape: NewsShape = { ...INITIAL_SHAPE, keep, data: undefined };
  const items = generateItems(60, 17, 'k');
  const restricted = new Set(items.filter((item, i) => item.status === 'Published' && i % 3 === 0).map((item) => key(item.language, item.id)));
  const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/news.yaml': newsYaml(shape) });
  const variables = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret, GRAPH_SINGLE_KEY: emulator.singleKey };
  const env = testHost(dir, { variables });
  const world: World = { dir, env, emulator, items, restricted, shape };
  expect((await graphform.apply({}, env)).ok).toBe(true);
  // Another system pushes the items, straight to the service.
  const body = items
    .map(
      (item) =>
        `${JSON.stringify({ index: { _id: item.id, language_routing: item.language } })}\n${JSON.stringify({ ContentType: [item.type], Language: { Name: item.language }, Status: item.status, _rbac: rbacOf(world, item), ...item.values })}\n`,
    )
    .join('');
  const pushed = await rawRequest(emulator, { method: 'POST', target: '/api/content/v2/data?id=news', body, contentType: 'text/plain' });
  expect(pushed.status, pushed.text).toBe(200);
  const kinds = items.map((item) => (item.status === 'Draft' ? 'draft' : rbacOf(world, item) === PUBLIC ? 'public' : 'restricted'));
  for (const kind of ['public', 'restricted', 'draft']) expect(kinds, `the items hold no ${kind} one`).toContain(kind);
  return world;
}

/** `language\n_id` of every item the single key sees, across the types of `shape`. */
async function seenBySingleKey(world: World, shape: NewsShape): Promise<string[]> {
  const seen: string[] = [];
  for (const type of ['Article', shape.releaseName]) {
    for (const language of shape.languages) {
      const query = `{ page: ${type}(limit: 100, locale: [${language}]) { total(all: true) items { _id } } }`;
      const response = await rawRequest(world.emulator, {
        method: 'POST',
        target: '/content/v2',
        body: JSON.stringify({ query }),
        contentType: 'application/json',
        auth: { header: `epi-single ${world.emulator.singleKey}` },
      });
      const answer = JSON.parse(response.text) as { data?: { page: { total: number; items: Array<{ _id: string }> } } };
      const page = answer.data?.page;
      if (response.status !== 200 || page === undefined) throw new Error(`the single key's query was refused: ${response.status} ${response.text}`);
      expect(page.total, 'more than one page: read them all').toBeLessThan(100);
      for (const item of page.items) seen.push(key(language, item._id));
    }
  }
  return seen.sort();
}

/** The declaration after the change: ReleaseNote renamed to Changelog, which needs a full update. */
function renamed(shape: NewsShape): NewsShape {
  return { ...shape, releaseName: 'Changelog', moved: ['{ from: ReleaseNote, to: Changelog }'] };
}

describe('access kept where GraphQL does not serve _rbac back', () => {
  it('with the single key: the rename applies without --allow-data-loss, and the single key sees exactly what it saw before', { timeout: 60_000 }, async () => {
    const world = await setUp(`{ defaults: { _rbac: "${EDITORS}" } }`, true);
    const before = await seenBySingleKey(world, world.shape);
    const expectedPublic = world.items
      .filter((item) => rbacOf(world, item) === PUBLIC && item.status === 'Published')
      .map((item) => key(item.language, item.id))
      .sort();
    expect(before).toEqual(expectedPublic);

    const after = renamed(world.shape);
    await writeFile(path.join(world.dir, 'content-sources/news.yaml'), newsYaml(after));
    const { plan } = await graphform.plan({}, world.env);
    const hidden = world.items.length - before.length;
    expect(plan.sources[0]?.keep).toMatchObject({
      known: true,
      lost: 0,
      kept: world.items.length,
      access: { source: 'single-key', public: before.length, hidden, fromDefault: 0 },
    });
    expect(plan.summary.dataLoss, 'keeping every item with its access is no data loss').toBe(false);

    const applied = await graphform.apply({}, world.env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(await seenBySingleKey(world, after), 'the single key sees other items after the full update: access was widened or narrowed').toEqual(before);
  });

  it('with the single key and a public keep.defaults._rbac: no restricted item or draft becomes public; they count as lost', { timeout: 60_000 }, async () => {
    const world = await setUp(`{ defaults: { _rbac: "${PUBLIC}" } }`, true);
    const before = await seenBySingleKey(world, world.shape);
    const after = renamed(world.shape);
    await writeFile(path.join(world.dir, 'content-sources/news.yaml'), newsYaml(after));
    const { plan } = await graphform.plan({}, world.env);
    const hidden = world.items.length - before.length;
    expect(plan.sources[0]?.keep).toMatchObject({
      known: true,
      lost: hidden,
      kept: before.length,
      lostBy: { 'access-unreadable': hidden },
      access: { source: 'single-key', public: before.length, hidden: 0 },
    });
    expect(plan.summary.dataLoss).toBe(true);
    expect(await graphform.apply({}, world.env)).toMatchObject({ applied: false, refused: 'data-loss' });

    const allowed = await graphform.apply({ allowDataLoss: true }, world.env);
    expect(allowed.ok, JSON.stringify(allowed.outcomes)).toBe(true);
    expect(await seenBySingleKey(world, after), 'a restricted item or a draft was made public by keep.defaults._rbac').toEqual(before);
  });
});

describe('access lost where GraphQL does not serve _rbac back and there is no single key', () => {
  it(
    'the plan counts the items that get keep.defaults._rbac, first of its notes, and apply refuses without --allow-data-loss (exit 3)',
    { timeout: 90_000 },
    async () => {
      assertFreshBuild();
      const world = await setUp(`{ defaults: { _rbac: "${EDITORS}" } }`, false);
      await writeFile(path.join(world.dir, 'content-sources/news.yaml'), newsYaml(renamed(world.shape)));
      const { plan } = await graphform.plan({}, world.env);
      expect(plan.sources[0]?.keep).toMatchObject({
        known: true,
        lost: 0,
        kept: world.items.length,
        access: { source: 'default', public: 0, hidden: 0, fromDefault: world.items.length },
      });
      expect(plan.summary.dataLoss, 'giving every item keep.defaults._rbac loses who could read it').toBe(true);

      const runEnv = { GRAPH_APP_KEY: world.emulator.credentials.appKey, GRAPH_SECRET: world.emulator.credentials.secret };
      const planned = await runBuilt(world.dir, ['plan', '--detailed-exitcode'], runEnv);
      expect(planned.code, planned.stdout + planned.stderr).toBe(3);
      const keepBlock = planned.stdout.slice(planned.stdout.indexOf('keep:'));
      const firstNote = keepBlock.split('\n').find((line) => /^\s+[!#~-] /.test(line));
      expect(firstNote, planned.stdout).toContain(`access cannot be read back: ${world.items.length} items get _rbac "${EDITORS}" from keep.defaults`);
      const accessCells = [...keepBlock.matchAll(/ (\d+) from the default /g)].map((match) => Number(match[1]));
      expect(
        accessCells.reduce((sum, n) => sum + n, 0),
        'the Access column counts every kept item as from the default',
      ).toBe(world.items.length);

      const refused = await runBuilt(world.dir, ['apply', '--yes'], runEnv);
      expect(refused.code, refused.stdout + refused.stderr).toBe(3);
      expect(refused.stdout + refused.stderr).toContain('Nothing was sent.');
    },
  );
});
