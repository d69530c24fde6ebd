import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { ContentEndpoint } from '../../src/graph/content-counts.js';
import { waitForSchema } from '../../src/graph/schema-wait.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { startScriptedServer } from '../helpers/scripted-server.js';

const admin = (emulator: RunningEmulator): ContentEndpoint => ({ baseUrl: emulator.url, credentials: { scheme: 'hmac', ...emulator.credentials } });

const NEWS: SourceDefinition = {
  label: 'News',
  languages: ['en'],
  contentTypes: { Article: { contentType: [], properties: { Title: { type: 'String' }, Words: { type: 'Int' } } } },
};

/** The shop source (sampleDefinition) with Product.Quantity declared as `type`. */
const shopWithQuantity = (type: string): SourceDefinition => {
  const shop = sampleDefinition({ languages: ['en'] });
  const product = shop.contentTypes.Product;
  return {
    ...shop,
    contentTypes: { ...shop.contentTypes, Product: { contentType: product?.contentType ?? [], properties: { ...product?.properties, Quantity: { type } } } },
  };
};

describe('waitForSchema', () => {
  it('does not take a type GraphQL does not serve yet as served when GraphQL already serves other sources', async () => {
    const emulator = await startTestEmulator({ schemaDelayMs: 400 });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    expect((await waitForSchema(admin(emulator), sampleDefinition({ languages: ['en'] }), { withinMs: 10_000 })).outcome).toBe('done');
    await client.putTypes('news', NEWS);
    // GraphQL serves the shop's schema now (not an empty one), without the news source's types.
    const early = await waitForSchema(admin(emulator), NEWS, { withinMs: 50 });
    expect(early.outcome, 'the news types are not served yet: the wait must not pass').toBe('timeout');
    expect(early.missing).toEqual(['Article']);
    const later = await waitForSchema(admin(emulator), NEWS, { withinMs: 10_000 });
    expect(later).toMatchObject({ outcome: 'done', missing: [] });
  });

  it('after a retype, waits until GraphQL serves the field with its new type, naming both', async () => {
    const emulator = await startTestEmulator({ schemaDelayMs: 400 });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', shopWithQuantity('Int'));
    expect((await waitForSchema(admin(emulator), shopWithQuantity('Int'), { withinMs: 10_000 })).outcome).toBe('done');
    const retyped = shopWithQuantity('[String]');
    await client.postTypes('shop', {
      languages: retyped.languages,
      contentTypes: { Product: retyped.contentTypes.Product as NonNullable<SourceDefinition['contentTypes'][string]> },
    });
    const early = await waitForSchema(admin(emulator), shopWithQuantity('[String]'), { withinMs: 50 });
    expect(early).toMatchObject({ outcome: 'timeout', missing: ['Product.Quantity (served as Int, expected [String])'] });
    expect((await waitForSchema(admin(emulator), shopWithQuantity('[String]'), { withinMs: 10_000 })).outcome).toBe('done');
  });

  it('fails at once, naming what it expected, when Locales is not an enum', async () => {
    const server = await startScriptedServer([
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: { t0: { kind: 'SCALAR', enumValues: null }, t1: { kind: 'OBJECT', fields: [{ name: 'Title', type: { kind: 'SCALAR', name: 'String' } }] } },
        }),
      },
    ]);
    const waited = await waitForSchema({ baseUrl: server.url, credentials: { scheme: 'basic', appKey: 'k', secret: 's' } }, NEWS, { withinMs: 600_000 });
    expect(waited.outcome).toBe('fatal');
    expect(waited.unexpected).toBe('expected Locales to be an enum type listing the languages of the sources; GraphQL serves it as SCALAR');
    expect(server.requests).toHaveLength(1);
  });

  it('asks for a source of 40 types in 5 languages within the query length limit', async () => {
    const emulator = await startTestEmulator();
    const languages = ['en', 'sv', 'pt-BR', 'zh-Hant-TW', 'de'];
    const properties = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`PropertyWithALongName${i}`, { type: i % 2 === 0 ? 'String' : '[Int]' }]));
    const wide: SourceDefinition = {
      label: 'Wide',
      languages,
      contentTypes: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`CatalogueEntryOfKind${i}`, { contentType: [], properties }])),
    };
    await graphClientFor(emulator).putTypes('wide', wide);
    expect(await waitForSchema(admin(emulator), wide, { withinMs: 2000 })).toMatchObject({ outcome: 'done', missing: [] });
  });
});
