import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

/**
 * The calls the published clients make, replayed over real HTTP with epi-hmac signed by
 * test/helpers/raw-graph.ts (not graphform's client): list the sources; clear one by
 * reading its languages from GET sources?id= and purging them all; delete one by clearing
 * it and then DELETE sources?id=.
 */
interface ListedSource {
  id: string;
  label: string;
  description: string;
  languages: string[];
}

async function ok(emulator: RunningEmulator, method: string, target: string, body?: string, contentType?: string): Promise<string> {
  const response = await rawRequest(emulator, {
    method,
    target,
    ...(body === undefined ? {} : { body }),
    ...(contentType === undefined ? {} : { contentType }),
  });
  expect(response.status, `${method} ${target}: ${response.text}`).toBeLessThan(300);
  return response.text;
}

const listSources = async (emulator: RunningEmulator): Promise<ListedSource[]> =>
  JSON.parse(await ok(emulator, 'GET', '/api/content/v3/sources')) as ListedSource[];

/** As the published clients clear a source: its languages from the sources API, then one purge with all of them. */
async function clearSource(emulator: RunningEmulator, id: string): Promise<void> {
  const [source] = JSON.parse(await ok(emulator, 'GET', `/api/content/v3/sources?id=${id}`)) as ListedSource[];
  const languages = (source?.languages ?? []).map((l) => `languages=${encodeURIComponent(l)}`).join('&');
  await ok(emulator, 'DELETE', `/api/content/v2/data?id=${id}&${languages}`);
}

async function deleteSource(emulator: RunningEmulator, id: string): Promise<void> {
  await clearSource(emulator, id);
  await ok(emulator, 'DELETE', `/api/content/v3/sources?id=${id}`);
}

async function seed(emulator: RunningEmulator): Promise<void> {
  for (const [id, languages] of [
    ['shop', ['en', 'sv']],
    ['blog', ['en', 'de', 'fi']],
    ['faq', ['en']],
  ] as const) {
    await ok(emulator, 'PUT', `/api/content/v3/types?id=${id}`, JSON.stringify(sampleDefinition({ label: id, languages: [...languages] })), 'application/json');
    await ok(
      emulator,
      'POST',
      `/api/content/v2/data?id=${id}`,
      indexLines(
        languages.flatMap((language, i) => [
          { id: i, language },
          { id: 100 + i, language },
        ]),
      ),
      'text/plain',
    );
  }
}

describe('a published client against the emulator', () => {
  it('lists, clears and deletes sources; the inspection API shows exactly the outcome', async () => {
    const emulator = await startTestEmulator();
    await seed(emulator);

    expect((await listSources(emulator)).map((s) => [s.id, s.languages])).toEqual([
      ['default', ['en']],
      ['blog', ['en', 'de', 'fi']],
      ['faq', ['en']],
      ['shop', ['en', 'sv']],
    ]);

    await clearSource(emulator, 'blog');
    await deleteSource(emulator, 'shop');

    expect(emulator.inspect.sources().map((s) => [s.id, s.items])).toEqual([
      ['blog', 0],
      ['faq', 2],
    ]);
    expect(emulator.inspect.definition('blog')).toEqual(sampleDefinition({ label: 'blog', languages: ['en', 'de', 'fi'] }));
    expect(emulator.inspect.definition('shop')).toBeUndefined();
    expect((await listSources(emulator)).map((s) => s.id)).toEqual(['default', 'blog', 'faq']);
    expect(
      emulator.inspect
        .requests()
        .filter((r) => r.method === 'DELETE')
        .map((r) => [r.path, r.status, r.note]),
    ).toEqual([
      ['/api/content/v2/data?id=blog&languages=en&languages=de&languages=fi', 204, 'purged 6 items of blog in en, de, fi'],
      ['/api/content/v2/data?id=shop&languages=en&languages=sv', 204, 'purged 4 items of shop in en, sv'],
      ['/api/content/v3/sources?id=shop', 200, 'shop: deleted the source (types and data), 0 items'],
    ]);
  });

  it('deletes every custom source, never the CMS one, when the id is left out', async () => {
    const emulator = await startTestEmulator();
    await seed(emulator);
    await ok(emulator, 'DELETE', '/api/content/v3/sources?id=');
    expect(emulator.inspect.sources()).toEqual([]);
    expect((await listSources(emulator)).map((s) => s.id)).toEqual(['default']);
    expect(JSON.parse(await ok(emulator, 'GET', '/api/content/v3/types'))).toEqual(emulator.inspect.cms().definition);
    expect(emulator.inspect.requests().find((r) => r.method === 'DELETE')?.note).toBe(
      'NO id: acted on ALL 3 sources (blog, faq, shop): deleted the source (types and data), 12 items',
    );
  });
});
