import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { countSourceItems, localeValue, type ContentEndpoint } from '../../src/graph/content-counts.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, startTestEmulator, type SampleItem } from '../helpers/emulator.js';

/** Base (concrete) → Special (concrete, derives from Base), both under abstract Item; three languages, one with a region. */
const DEFINITION: SourceDefinition = {
  label: 'Catalogue',
  languages: ['en', 'sv', 'pt-BR'],
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
    Base: { contentType: ['Item'], properties: {} },
    Special: { contentType: ['Base'], properties: { Extra: { type: 'Int' } } },
  },
};

/** The environment's graph credentials, as apply and plan count with. */
const admin = (emulator: RunningEmulator): ContentEndpoint => ({ baseUrl: emulator.url, credentials: { scheme: 'hmac', ...emulator.credentials } });

const item = (id: number, language: string, type: 'Base' | 'Special'): SampleItem => ({
  id,
  language,
  contentType: type === 'Base' ? ['Item', 'Base'] : ['Item', 'Base', 'Special'],
});

describe('countSourceItems', () => {
  it('adds up a total per concrete type and language, so every item counts once', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('cat', DEFINITION);
    await client.pushData(
      'cat',
      indexLines([item(1, 'en', 'Base'), item(2, 'en', 'Special'), item(3, 'sv', 'Special'), item(4, 'pt-BR', 'Base'), item(5, 'pt-BR', 'Base')]),
    );
    const count = await countSourceItems(admin(emulator), DEFINITION);
    expect(count).toEqual({ known: true, total: 5, byLanguage: { en: 2, sv: 1, 'pt-BR': 2 } });
    expect(
      emulator.inspect
        .requests()
        .filter((r) => r.path.startsWith('/content/v2'))
        .map((r) => [r.method, r.status]),
    ).toEqual([['POST', 200]]);
  });

  it('counts drafts and restricted items with the graph credentials (epi-hmac or Basic), which the single key does not see', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('cat', DEFINITION);
    await client.pushData(
      'cat',
      indexLines([
        item(1, 'en', 'Base'),
        { ...item(2, 'en', 'Base'), fields: { Status: 'Draft' } },
        { ...item(3, 'en', 'Base'), fields: { _rbac: 'r:Editors:Read' } },
      ]),
    );
    const expected = { known: true, total: 3, byLanguage: { en: 3, sv: 0, 'pt-BR': 0 } };
    expect(await countSourceItems(admin(emulator), DEFINITION)).toEqual(expected);
    expect(await countSourceItems({ baseUrl: emulator.url, credentials: { scheme: 'basic', ...emulator.credentials } }, DEFINITION)).toEqual(expected);
    // The single key still asks, for what the public sees, if a caller wants that.
    expect(await countSourceItems({ baseUrl: emulator.url, credentials: { scheme: 'single', key: emulator.singleKey } }, DEFINITION)).toMatchObject({
      known: true,
    });
  });

  it('knows a source without concrete types holds nothing, without asking', async () => {
    const emulator = await startTestEmulator();
    const onlyAbstract: SourceDefinition = { label: 'x', languages: ['en', 'sv'], contentTypes: { Item: { abstract: true, contentType: [], properties: {} } } };
    expect(await countSourceItems(admin(emulator), onlyAbstract)).toEqual({ known: true, total: 0, byLanguage: { en: 0, sv: 0 } });
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it.each([
    ['en', 'en'],
    ['pt-BR', 'pt_BR'],
    ['zh-Hant-TW', 'zh_Hant_TW'],
  ])('writes the language %s as the Locales value %s', (code, value) => {
    expect(localeValue(code)).toBe(value);
  });

  it('says why when it cannot count: an endpoint that gives no total, or none at all', async () => {
    const emulator = await startTestEmulator({
      mounts: [
        { prefix: '/content/', handle: (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"c0":{"total":3}}}') },
      ],
    });
    const wrongShape = await countSourceItems(admin(emulator), DEFINITION);
    expect(wrongShape).toEqual({ known: false, reason: 'the content GraphQL endpoint gave no total for Base in sv' });

    const port = emulator.port;
    await emulator.close();
    const gone = await countSourceItems({ ...admin(emulator), baseUrl: `http://127.0.0.1:${port}` }, DEFINITION, { maxAttempts: 1 });
    expect(gone.known).toBe(false);
    expect(gone.known === false && gone.reason).toMatch(
      /^the content GraphQL endpoint could not be asked \(POST http:\/\/127\.0\.0\.1:\d+\/content\/v2 could not reach the server/,
    );
  });
});

describe('countPairs within the service limits', () => {
  it('counts a source of 40 types in 5 languages in queries of at most 10,000 characters each', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    const languages = ['en', 'sv', 'pt-BR', 'zh-Hant-TW', 'de'];
    const types = Array.from({ length: 40 }, (_, i) => `CatalogueEntryOfKind${String(i).padStart(2, '0')}`);
    const wide: SourceDefinition = {
      label: 'Wide',
      languages,
      contentTypes: Object.fromEntries(types.map((t) => [t, { contentType: [], properties: { Name: { type: 'String' } } }])),
    };
    await client.putTypes('wide', wide);
    await client.pushData(
      'wide',
      indexLines(types.flatMap((type, i) => languages.map((language) => ({ id: `${i}-${language}`, language, contentType: [type] })))),
    );
    const count = await countSourceItems(admin(emulator), wide);
    expect(count, 'one count query for 200 pairs is longer than the service allows, and the emulator refuses it').toEqual({
      known: true,
      total: 200,
      byLanguage: Object.fromEntries(languages.map((l) => [l, 40])),
    });
    expect(emulator.inspect.requests().filter((r) => r.path.startsWith('/content/v2')).length).toBeGreaterThan(1);
  });
});
