import { describe, expect, it } from 'vitest';
import { GraphformError } from '../../src/diagnostics/errors.js';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/index.js';
import { queryContent, type ContentEndpoint } from '../../src/graph/content-query.js';
import {
  countDeletedItems,
  exportSourceItems,
  readableItemFields,
  type ExportedItem,
  type ExportOptions,
  type ItemServiceField,
} from '../../src/graph/export-items.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, startTestEmulator, type SampleItem } from '../helpers/emulator.js';

/** Product and Article under abstract Item (Name and Published come from it); two languages, one with a region. */
const DEFINITION: SourceDefinition = {
  label: 'Shop',
  languages: ['en', 'pt-BR'],
  propertyTypes: {
    Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } },
    Part: { properties: { Label: { name: 'Label', type: 'String' }, Size: { name: 'Size', type: 'Dimensions' } } },
  },
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' }, Published: { type: 'Date' } } },
    Product: {
      contentType: ['Item'],
      properties: {
        Quantity: { type: 'Int' },
        Price: { type: 'Float' },
        InStock: { type: 'Boolean' },
        Size: { type: 'Dimensions' },
        Parts: { type: '[Part]' },
        Tags: { type: '[String]' },
      },
    },
    Article: { contentType: ['Item'], properties: { Body: { type: 'String' } } },
  },
};

const admin = (emulator: RunningEmulator): ContentEndpoint => ({ baseUrl: emulator.url, credentials: { scheme: 'hmac', ...emulator.credentials } });

const product = (i: number, language: string): SampleItem => ({
  id: `p${i}`,
  language,
  contentType: ['Item', 'Product'],
  fields: {
    Published: '2024-05-01',
    Quantity: i,
    Price: i + 0.5,
    InStock: i % 2 === 0,
    // Height left out: the export leaves the null the endpoint answers out too.
    Size: { Width: 1.5 },
    Parts: [{ Label: `part ${i}`, Size: { Width: 2, Height: 3 } }],
    Tags: ['a', `t${i}`],
  },
});
const article = (i: number, language: string): SampleItem => ({
  id: `a${i}`,
  language,
  contentType: ['Item', 'Article'],
  fields: { Body: `text ${i}`, _rbac: 'r:Editors:Read' },
});
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

async function shop(items: readonly SampleItem[], options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator);
  await client.putTypes('shop', DEFINITION);
  await client.pushData('shop', indexLines(items));
  return emulator;
}

async function all(items: AsyncIterable<ExportedItem>): Promise<ExportedItem[]> {
  const found: ExportedItem[] = [];
  for await (const item of items) found.push(item);
  return found;
}

async function failure(run: Promise<unknown>): Promise<GraphformError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GraphformError)) throw new Error(`expected a GraphformError, got ${String(error)}`);
  return error;
}

const pageQueries = (emulator: RunningEmulator): number => emulator.inspect.requests().filter((r) => r.path.startsWith('/content/v2')).length;

describe('exportSourceItems', () => {
  it('reads 250 items of two types in two languages back exactly once each, with their values', async () => {
    // Product en takes two pages, Article en exactly one full page (then an empty one), Article pt-BR none.
    const items = [
      ...range(0, 120).map((i) => product(i, 'en')),
      ...range(120, 150).map((i) => product(i, 'pt-BR')),
      ...range(0, 100).map((i) => article(i, 'en')),
    ];
    const emulator = await shop(items);
    const readable = await readableItemFields(admin(emulator), DEFINITION);
    if (!readable.ok) throw new Error(readable.reason);
    const exported = await all(exportSourceItems(admin(emulator), DEFINITION, { source: 'shop' }));

    expect(exported).toHaveLength(250);
    expect(new Set(exported.map((e) => `${e.language}/${e.id}`)).size).toBe(250);
    expect(exported.map((e) => `${e.type}/${e.language}`).filter((v, i, a) => a.indexOf(v) === i)).toEqual(['Article/en', 'Product/en', 'Product/pt-BR']);
    // Whatever the endpoint says it serves of Status, _rbac and RolesWithReadAccess comes back, and nothing else.
    const served = (values: Partial<Record<ItemServiceField, string>>): Partial<Record<ItemServiceField, string>> =>
      Object.fromEntries(Object.entries(values).filter(([name]) => (readable.fields as string[]).includes(name)));
    expect(exported.find((e) => e.id === 'p7')).toEqual({
      type: 'Product',
      language: 'en',
      id: 'p7',
      contentType: ['Item', 'Product'],
      values: {
        Name: 'Item p7',
        Published: '2024-05-01',
        Quantity: 7,
        Price: 7.5,
        InStock: false,
        Size: { Width: 1.5 },
        Parts: [{ Label: 'part 7', Size: { Width: 2, Height: 3 } }],
        Tags: ['a', 't7'],
      },
      service: served({ Status: 'Published', _rbac: 'r:Everyone:Read' }),
    });
    // Name is inherited from the abstract base; an item the public may not read (a restricted _rbac) is exported too.
    expect(exported.find((e) => e.id === 'a3')).toEqual({
      type: 'Article',
      language: 'en',
      id: 'a3',
      contentType: ['Item', 'Article'],
      values: { Name: 'Item a3', Body: 'text 3' },
      service: served({ Status: 'Published', _rbac: 'r:Editors:Read' }),
    });
    expect(exported.find((e) => e.id === 'p130')).toMatchObject({ type: 'Product', language: 'pt-BR', values: { Quantity: 130 } });
  });

  it('reads every type and language when there are more of them than it reads at once (3 types in 2 languages: 6 pairs)', async () => {
    // The other fixtures have exactly 4 pairs, the export's width: a pool that never started a fifth would pass them.
    const wide: SourceDefinition = {
      ...DEFINITION,
      contentTypes: { ...DEFINITION.contentTypes, Review: { contentType: ['Item'], properties: { Stars: { type: 'Int' } } } },
    };
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', wide);
    const review = (i: number, language: string): SampleItem => ({ id: `r${i}`, language, contentType: ['Item', 'Review'], fields: { Stars: i } });
    const items = ['en', 'pt-BR'].flatMap((language) => [
      ...range(0, 5).map((i) => product(i, language)),
      ...range(0, 5).map((i) => article(i, language)),
      ...range(0, 5).map((i) => review(i, language)),
    ]);
    await client.pushData('shop', indexLines(items));
    const exported = await all(exportSourceItems(admin(emulator), wide, { source: 'shop' }));
    const pairs = [...new Set(exported.map((e) => `${e.type}/${e.language}`))].sort();
    expect(pairs, 'every type and language is read, the fifth and sixth too').toEqual([
      'Article/en',
      'Article/pt-BR',
      'Product/en',
      'Product/pt-BR',
      'Review/en',
      'Review/pt-BR',
    ]);
    expect(exported).toHaveLength(30);
  });

  it('reads the service fields back where the endpoint serves them (emulator itemFields Status and _rbac)', async () => {
    const emulator = await shop([product(1, 'en'), article(2, 'pt-BR')], { itemFields: ['Status', '_rbac'] });
    expect(await readableItemFields(admin(emulator), DEFINITION)).toEqual({ ok: true, fields: ['Status', '_rbac'] });
    const exported = await all(exportSourceItems(admin(emulator), DEFINITION));
    expect(exported.map((e) => [e.id, e.service])).toEqual([
      ['a2', { Status: 'Published', _rbac: 'r:Editors:Read' }],
      ['p1', { Status: 'Published', _rbac: 'r:Everyone:Read' }],
    ]);
  });

  it('selects none of them where the endpoint serves none, rather than assume', async () => {
    const emulator = await shop([product(1, 'en')], { itemFields: [] });
    expect(await readableItemFields(admin(emulator), DEFINITION)).toEqual({ ok: true, fields: [] });
    expect((await all(exportSourceItems(admin(emulator), DEFINITION))).map((e) => e.service)).toEqual([{}]);
  });

  it("fails when items change while they are read: fewer come back than the first answer's total", async () => {
    const emulator = await shop(range(0, 250).map((i) => product(i, 'en')));
    const items = exportSourceItems(admin(emulator), DEFINITION, { source: 'shop' });
    const first = await items.next();
    expect(first.value).toMatchObject({ id: 'p0' });
    // The second page may be in flight already; the third is asked only after it is read, so deleting from it is seen.
    const deletes = range(200, 250)
      .map((i) => `${JSON.stringify({ delete: { _id: `p${i}`, language_routing: 'en' } })}\n`)
      .join('');
    await graphClientFor(emulator).pushData('shop', deletes);
    const error = await failure(
      (async () => {
        for (let next = await items.next(); next.done !== true; next = await items.next());
      })(),
    );
    expect(error.code).toBe('GF_KEEP_EXPORT_INCOMPLETE');
    expect(error.message).toBe(
      'the items of source shop of Product in en did not all come back: the total was 250, but 200 were read; items changed while they were read, run again',
    );
    expect(error.details).toEqual({ source: 'shop', type: 'Product', language: 'en', total: 250, read: 200 });
  });

  it("refuses a query longer than the service's 10,000 characters before anything is sent", async () => {
    const emulator = await startTestEmulator();
    const properties = Object.fromEntries(range(0, 400).map((i) => [`AVeryLongPropertyNameNumber${i}`, { type: 'String' }]));
    const wide: SourceDefinition = { languages: ['en'], contentTypes: { Wide: { contentType: [], properties } } };
    const error = await failure(all(exportSourceItems(admin(emulator), wide, { source: 'wide' })));
    expect(error.code).toBe('GF_KEEP_EXPORT_FAILED');
    expect(error.message).toMatch(
      /^graphform cannot read the items of source wide of Wide back: its query is \d+ characters long, more than the service's limit of 10000$/,
    );
    expect(pageQueries(emulator)).toBe(0);
  });

  it("refuses nesting deeper than the service's depth limit before anything is sent", async () => {
    const emulator = await startTestEmulator();
    const nested: SourceDefinition = {
      languages: ['en'],
      propertyTypes: { Node: { properties: { Label: { name: 'Label', type: 'String' }, Child: { name: 'Child', type: 'Node' } } } },
      contentTypes: { Tree: { contentType: [], properties: { Root: { type: 'Node' } } } },
    };
    const error = await failure(all(exportSourceItems(admin(emulator), nested)));
    expect(error.code).toBe('GF_KEEP_EXPORT_FAILED');
    expect(error.message).toBe("graphform cannot read the items of Tree back: its property Root: nesting deeper than the service's depth limit of 10");
    expect(pageQueries(emulator)).toBe(0);
  });

  it('stops between pages when its signal is aborted, and a failed query is GF_KEEP_EXPORT_FAILED', async () => {
    const emulator = await shop(range(0, 150).map((i) => product(i, 'en')));
    const controller = new AbortController();
    const options: ExportOptions = { signal: controller.signal };
    const items = exportSourceItems(admin(emulator), DEFINITION, options);
    for (let i = 0; i < 100; i++) await items.next();
    controller.abort();
    expect((await failure(items.next())).code).toBe('GF_GRAPH_ABORTED');

    // A consumer that stops early stops the page asked ahead too, and nothing is left unhandled.
    for await (const item of exportSourceItems(admin(emulator), DEFINITION)) if (item.id === 'p0') break;

    const wrongKey = { baseUrl: emulator.url, credentials: { scheme: 'hmac' as const, appKey: emulator.credentials.appKey, secret: 'not-the-secret' } };
    const refused = await failure(all(exportSourceItems(wrongKey, DEFINITION, { maxAttempts: 1 })));
    expect(refused.code).toBe('GF_KEEP_EXPORT_FAILED');
    expect(refused.message).toMatch(
      /^graphform could not ask which item fields the content GraphQL endpoint serves: the content GraphQL endpoint answered 401/,
    );
    expect(refused.message).not.toContain('not-the-secret');
  });
});

describe('countDeletedItems', () => {
  it('counts per type and language the items marked deleted, which the admin read does not show', async () => {
    const emulator = await shop([
      product(1, 'en'),
      product(2, 'en'),
      { ...product(3, 'en'), fields: { _deleted: true } },
      { ...article(4, 'pt-BR'), fields: { _deleted: true } },
    ]);
    expect(await countDeletedItems(admin(emulator), DEFINITION)).toEqual({
      known: true,
      total: 2,
      byPair: [
        { type: 'Article', language: 'en', deleted: 0 },
        { type: 'Article', language: 'pt-BR', deleted: 1 },
        { type: 'Product', language: 'en', deleted: 1 },
        { type: 'Product', language: 'pt-BR', deleted: 0 },
      ],
    });
    // The export reads what the admin read shows: the deleted items are not among them.
    expect((await all(exportSourceItems(admin(emulator), DEFINITION))).map((e) => e.id)).toEqual(['p1', 'p2']);
  });

  it('sends the extra header with the signed credentials, which a header of the same name cannot replace', async () => {
    const emulator = await shop([{ ...product(1, 'en'), fields: { _deleted: true } }]);
    const headers = { 'cg-include-deleted': 'true', Authorization: 'Basic bm90OnRoaXM=' };
    const answer = await queryContent(admin(emulator), '{ Product { total(all: true) } }', { headers });
    expect(answer).toEqual({ ok: true, data: { Product: { total: 1 } } });
  });

  it('says why when it cannot count, without throwing', async () => {
    const emulator = await startTestEmulator();
    const answer = await countDeletedItems(admin(emulator), DEFINITION);
    expect(answer.known).toBe(false);
    expect(answer.known === false && answer.reason).toMatch(/^the content GraphQL endpoint answered 400/);
  });
});
