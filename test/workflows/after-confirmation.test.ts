import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import * as graphform from '../../src/index.js';
import { CONFIG, expected, ndjson as docsNdjson, pages, served as servedDocs, SOURCE } from '../helpers/declared-docs.js';
import { generateItems, INITIAL_SHAPE, ndjson, newsYaml, type NewsItem } from '../helpers/keep-news.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * Nothing may happen between deciding and doing unseen: apply's plan reads every item a
 * full update deletes (to count what it keeps), then waits for the confirmation, which can
 * take minutes. An item another system pushes meanwhile must be in what the keep step
 * carries over, so the keep step's read-back is made after the confirmation, not reused
 * from the plan. The service is an emulator the test reaches too, as the other system does.
 */
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const LATE: NewsItem = { id: 'pushed-during-confirmation', language: 'en', type: 'Article', status: 'Published', values: { Title: 'Late news' } };

/** The _ids of `type` in `language` that GraphQL serves to the admin credentials. */
async function servedIds(running: RunningEmulator, type: string, language: string): Promise<string[]> {
  const query = `{ ${type}(limit: 100, locale: [${language}]) { items { _id } } }`;
  const response = await rawRequest(running, {
    method: 'POST',
    target: '/content/v2',
    body: JSON.stringify({ query }),
    contentType: 'application/json',
    auth: 'basic',
  });
  const body = JSON.parse(response.text) as { data?: Record<string, { items: Array<{ _id: string }> }> };
  if (response.status !== 200 || body.data === undefined) throw new Error(`GraphQL refused ${query}: ${response.status} ${response.text}`);
  return (body.data[type]?.items ?? []).map((item) => item._id);
}

describe('an item pushed while apply waits for its confirmation', () => {
  it('is read back by the keep step after the confirmation, so the full update carries it over', { timeout: 60_000 }, async () => {
    const running = await startEmulator({ port: 0, itemFields: ['Status', '_rbac'] });
    emulator = running;
    const config = [
      'defaultEnvironment: test',
      'environments:',
      '  test:',
      `    graphUrl: ${running.url}`,
      '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
      '',
    ].join('\n');
    const shape = { ...INITIAL_SHAPE, keep: undefined, data: undefined };
    const items = generateItems(12, 3);
    const dir = await makeProjectDir({ 'graphform.config.yaml': config, 'content-sources/news.yaml': newsYaml(shape), 'feed.ndjson': ndjson(items) });
    const env = testHost(dir, { variables: { GRAPH_APP_KEY: running.credentials.appKey, GRAPH_SECRET: running.credentials.secret } });
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'news', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');

    // Removing Teaser needs a full update, which deletes every item; keep carries them over.
    await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml({ ...shape, teaser: false }));
    let asked = 0;
    const applied = await graphform.apply(
      {
        confirm: async (plan) => {
          asked++;
          expect(plan.sources[0]?.keep).toMatchObject({ known: true, kept: items.length });
          // Another system pushes an item while the question is open.
          const pushed = await rawRequest(running, { method: 'POST', target: '/api/content/v2/data?id=news', body: ndjson([LATE]), contentType: 'text/plain' });
          expect(pushed.status, pushed.text).toBe(200);
          expect(await servedIds(running, 'Article', 'en')).toContain(LATE.id);
          return true;
        },
      },
      env,
    );
    expect(asked).toBe(1);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    const served = [
      ...(await servedIds(running, 'Article', 'en')),
      ...(await servedIds(running, 'Article', 'sv')),
      ...(await servedIds(running, 'ReleaseNote', 'en')),
      ...(await servedIds(running, 'ReleaseNote', 'sv')),
    ];
    expect(served, 'the item pushed during the confirmation was wiped: the keep step used the read made before it').toContain(LATE.id);
    expect(served.sort()).toEqual([...items.map((item) => item.id), LATE.id].sort());
  });
});

describe('a data file edited while apply waits for its confirmation', () => {
  it('is not sent: the items confirmed are those the plan listed, and the data step refuses what changed since', { timeout: 60_000 }, async () => {
    const declared = pages(4, 'd');
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': docsNdjson(declared) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    const reviewed = declared.map((p) => (p.id === 'd2' ? { ...p, title: 'reviewed title' } : p));
    await writeFile(path.join(dir, 'data/pages.ndjson'), docsNdjson(reviewed));
    const applied = await graphform.apply(
      {
        confirm: async (plan) => {
          expect(plan.sources[0]?.dataChanges).toMatchObject({ change: 1, first: { change: ['d2 (en)'] } });
          // Same lines, other content: what the plan showed is no longer what the file holds.
          const file = path.join(dir, 'data/pages.ndjson');
          await writeFile(file, (await readFile(file, 'utf8')).replace('reviewed title', 'NOT reviewed'));
          return true;
        },
      },
      env,
    );
    expect(applied.ok, 'apply succeeded, sending a data line edited after the plan was confirmed').toBe(false);
    expect(applied.outcomes[0]?.dataSync).toMatchObject({ errorCode: 'GF_DATA_CHANGED_SINCE_PLAN' });
    expect(await servedDocs(dir), 'nothing of the data files is sent after they changed under the confirmation').toEqual(expected(declared));
  });
});
