import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { DEFAULT_CMS_TYPES } from '../../src/emulator/sources/cms.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const credentials = { appKey: 'cms', secret: Buffer.from('cms secret').toString('base64') };
const customCms: SourceDefinition = {
  label: 'Our CMS',
  languages: ['en', 'de'],
  contentTypes: { HomePage: { contentType: [], properties: { Title: { type: 'String', searchable: true } } } },
};

async function getJson(url: string): Promise<unknown> {
  return (await fetch(url)).json();
}

describe("the CMS's own source", () => {
  it.each(['/api/content/v3/types', '/api/content/v3/types?id=default', '/api/content/v3/types?id='])(
    'GET %s answers the CMS content types',
    async (target) => {
      const emulator = await startTestEmulator();
      const response = await rawRequest(emulator, { method: 'GET', target });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.text)).toEqual(DEFAULT_CMS_TYPES);
    },
  );

  it('has a small realistic built-in set: abstract bases, pages and media, valid as any definition', async () => {
    const emulator = await startTestEmulator();
    const cms = emulator.inspect.cms();
    expect(cms).toMatchObject({ id: 'default', label: 'CMS', languages: ['en'] });
    expect(Object.keys(cms.definition.contentTypes ?? {})).toEqual(['Content', 'Page', 'Media', 'StartPage', 'StandardPage', 'ArticlePage', 'ImageFile']);
    expect(
      Object.entries(cms.definition.contentTypes ?? {})
        .filter(([, t]) => t.abstract === true)
        .map(([n]) => n),
    ).toEqual(['Content', 'Page', 'Media']);
    // It passes the emulator's own checks for a PUT.
    const put = await rawRequest(emulator, {
      method: 'PUT',
      target: '/api/content/v3/types?id=cms',
      body: JSON.stringify(DEFAULT_CMS_TYPES),
      contentType: 'application/json',
    });
    expect(put.status).toBe(204);
  });

  it('answers the cmsTypes given, through GET types, the sources list, the client and the inspection API', async () => {
    const emulator = await startTestEmulator({ cmsTypes: customCms });
    const client = graphClientFor(emulator);
    expect(await client.getCmsTypes()).toMatchObject({ status: 'found', definition: customCms });
    expect((await client.listSources())[0]).toEqual({ id: 'default', label: 'Our CMS', description: "The CMS's own content types", languages: ['en', 'de'] });
    expect(await getJson(`${emulator.url}/_emulator/cms`)).toEqual({
      id: 'default',
      label: 'Our CMS',
      description: "The CMS's own content types",
      languages: ['en', 'de'],
      definition: customCms,
    });
    expect(await getJson(`${emulator.url}/_emulator/sources/default/definition`)).toEqual(customCms);
    // It is not a custom source: not in the list the source limit counts.
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it.each([
    { name: 'PUT with id=default', method: 'PUT', target: '/api/content/v3/types?id=default', message: /CMS's own source/ },
    { name: 'POST with id=default', method: 'POST', target: '/api/content/v3/types?id=default', message: /CMS's own source/ },
    { name: 'PUT without id', method: 'PUT', target: '/api/content/v3/types', message: /id query parameter is required/ },
    { name: 'POST without id', method: 'POST', target: '/api/content/v3/types', message: /id query parameter is required/ },
    { name: 'POST data to default', method: 'POST', target: '/api/content/v2/data?id=default', message: /CMS's own source/ },
    { name: 'DELETE data of default', method: 'DELETE', target: '/api/content/v2/data?id=default&languages=en', message: /CMS's own source/ },
  ])('refuses $name with 400 and keeps the CMS types', async ({ method, target, message }) => {
    const emulator = await startTestEmulator();
    const isData = target.includes('/data');
    const body =
      method === 'DELETE'
        ? undefined
        : isData
          ? '{"index":{"_id":1,"language_routing":"en"}}\n{"ContentType":["StartPage"]}\n'
          : JSON.stringify({ ...customCms, ...(method === 'POST' ? { label: undefined } : {}) });
    const response = await rawRequest(emulator, {
      method,
      target,
      ...(body === undefined ? {} : { body, contentType: isData ? 'text/plain' : 'application/json' }),
    });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(message);
    expect(emulator.inspect.cms().definition).toEqual(DEFAULT_CMS_TYPES);
  });

  it('refuses cmsTypes that are not a valid definition', async () => {
    await expect(startEmulator({ cmsTypes: { label: 'x', languages: ['en'], contentTypes: {}, colour: 'red' } as never })).rejects.toMatchObject({
      code: 'GF_EMULATOR_BAD_OPTIONS',
      message: expect.stringMatching(/cmsTypes is not a valid content source definition: unknown field colour/) as unknown,
    });
  });

  it('keeps the cmsTypes given in dataDir: a later start without them answers the same, a reset keeps them', async () => {
    const dataDir = await makeTempDir();
    const first = await startEmulator({ dataDir, credentials, cmsTypes: customCms });
    await first.close();
    expect(JSON.parse(await readFile(join(dataDir, 'cms.json'), 'utf8'))).toEqual(customCms);

    const second = await startEmulator({ dataDir, credentials });
    try {
      expect(await graphClientFor(second).getCmsTypes()).toMatchObject({ status: 'found', definition: customCms });
      await second.inspect.reset();
      expect(second.inspect.cms().definition).toEqual(customCms);
    } finally {
      await second.close();
    }
    const third = await startEmulator({ dataDir, credentials, cmsTypes: DEFAULT_CMS_TYPES });
    expect(third.inspect.cms().definition).toEqual(DEFAULT_CMS_TYPES);
    await third.close();
  });

  it('refuses a damaged cms.json, and releases the data directory', async () => {
    const dataDir = await makeTempDir();
    await writeFile(join(dataDir, 'cms.json'), '{"label":"x","languages":"en"}');
    await expect(startEmulator({ dataDir, credentials })).rejects.toMatchObject({ code: 'GF_EMULATOR_CORRUPT_DATA' });
    await writeFile(join(dataDir, 'cms.json'), JSON.stringify(customCms));
    const emulator = await startEmulator({ dataDir, credentials });
    expect(emulator.inspect.cms().label).toBe('Our CMS');
    await emulator.close();
  });

  it('keeps descriptions and deletions of the sources API across a restart', async () => {
    const dataDir = await makeTempDir();
    const first = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(first);
    await client.putTypes('shop', sampleDefinition());
    await client.putTypes('blog', sampleDefinition());
    await client.putTypes('news', sampleDefinition());
    await client.updateSource('shop', { label: 'Shop', description: 'Our products' });
    await client.deleteSource('blog');
    await client.deleteSource('news', 'types');
    const before = first.inspect.sources();
    await first.close();

    const second = await startEmulator({ dataDir, credentials });
    expect(second.inspect.sources()).toEqual(before);
    expect(before.map((s) => [s.id, s.label, s.description])).toEqual([
      ['news', 'Shop catalogue', ''],
      ['shop', 'Shop', 'Our products'],
    ]);
    expect(second.inspect.definition('news')).toEqual({ label: 'Shop catalogue', languages: ['en', 'sv'], contentTypes: {} });
    await second.close();
  });
});
