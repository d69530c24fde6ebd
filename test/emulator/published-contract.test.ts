import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { indexLines, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The emulator's graph answers against copies of the published schemas (Graph API 3.24.0,
 * see the fixture's note): what it accepts, stores and reads back, and what it refuses.
 */
interface PublishedFixture {
  example: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/published/graph-openapi-schemas.json', import.meta.url), 'utf8')) as PublishedFixture;

const ajv = new Ajv({ allErrors: true });
// The published file's own vocabulary: `components` holds the schemas, `double` is a number format.
ajv.addKeyword('components');
ajv.addFormat('double', true);
ajv.addSchema({ $id: 'published', components: fixture.components });
const schema = (name: string): ValidateFunction => {
  const validate = ajv.getSchema(`published#/components/schemas/${name}`);
  if (validate === undefined) throw new Error(`no published schema ${name}`);
  return validate;
};
const contentSource = schema('ContentSource_V3');
const sourceInfoList = ajv.compile({ type: 'array', items: { $ref: 'published#/components/schemas/SourceInfo' } });
const sourceMetadata = schema('SourceMetadata');
const deleteModes = (fixture.components.schemas.DeleteMode as { enum: string[] }).enum;

function expectValid(validate: ValidateFunction, value: unknown): void {
  validate(value);
  expect(validate.errors ?? []).toEqual([]);
}

/** A definition that uses every field the published ContentSource_V3 has, at every level, nulls included (and no contract-only `name`). */
const everyField = {
  label: null,
  description: 'Every published field',
  languages: ['en', 'sv'],
  useTypedFieldNames: true,
  preset: 'next',
  links: { Author: { from: 'AuthorId', to: 'Id' } },
  propertyTypes: {
    Money: {
      base: 'Value',
      abstract: false,
      properties: {
        Amount: { type: 'Float', searchable: false, index: true, ref: { id: 'amount', type: 'number' } },
        Currency: { type: 'String' },
      },
    },
  },
  contentTypes: {
    Item: {
      contentType: [],
      abstract: true,
      base: 'Item',
      displayName: null,
      description: null,
      sortOrder: 0.5,
      properties: { Name: { type: 'String', searchable: true, helpText: null } },
    },
    Product: {
      contentType: ['Item'],
      displayName: 'Product',
      description: 'Something we sell',
      sortOrder: 2,
      properties: { Price: { type: 'Money', index: false, ref: { type: 'Money' }, helpText: 'What it costs' }, Tags: { type: '[String]' } },
    },
  },
};

const put = (emulator: RunningEmulator, body: unknown, id = 'shop') =>
  rawRequest(emulator, { method: 'PUT', target: `/api/content/v3/types?id=${id}`, body: JSON.stringify(body), contentType: 'application/json' });
const post = (emulator: RunningEmulator, body: unknown, id = 'shop') =>
  rawRequest(emulator, { method: 'POST', target: `/api/content/v3/types?id=${id}`, body: JSON.stringify(body), contentType: 'application/json' });

async function getTypes(emulator: RunningEmulator, id = 'shop'): Promise<unknown> {
  const response = await rawRequest(emulator, { method: 'GET', target: `/api/content/v3/types?id=${id}` });
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

async function listSources(emulator: RunningEmulator): Promise<unknown> {
  const response = await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/sources' });
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

describe('the types endpoints against the published ContentSource_V3', () => {
  it('takes the published example (204) and GET types answers it as sent, valid against the schema', async () => {
    const emulator = await startTestEmulator();
    expectValid(contentSource, fixture.example);
    const response = await put(emulator, fixture.example);
    expect([response.status, response.text]).toEqual([204, '']);
    const answer = await getTypes(emulator);
    expectValid(contentSource, answer);
    expect(answer).toEqual(fixture.example);
  });

  it('stores every published field, nulls included, and reads it back the same after a restart', async () => {
    expectValid(contentSource, everyField);
    const dataDir = await makeTempDir();
    const credentials = { appKey: 'contract', secret: Buffer.from('contract secret').toString('base64') };
    const first = await startEmulator({ port: 0, dataDir, credentials });
    try {
      expect((await put(first, everyField)).status).toBe(204);
      const answer = await getTypes(first);
      expectValid(contentSource, answer);
      expect(answer).toEqual(everyField);
    } finally {
      await first.close();
    }
    const second = await startEmulator({ port: 0, dataDir, credentials });
    try {
      expect(await getTypes(second)).toEqual(everyField);
    } finally {
      await second.close();
    }
  });

  it('takes a definition without label, description, languages or contentTypes (none is required)', async () => {
    const emulator = await startTestEmulator();
    const { label: _label, description: _description, ...withoutLabel } = fixture.example;
    for (const [id, body] of [
      ['nolb', withoutLabel],
      ['none', {}],
    ] as const) {
      expect((await put(emulator, body, id)).status).toBe(204);
      expect(await getTypes(emulator, id)).toEqual(body);
    }
  });

  it('takes a property type property with or without name (the contract sends one, the published schema has none)', async () => {
    const emulator = await startTestEmulator();
    const body = {
      languages: ['en'],
      propertyTypes: { Point: { properties: { X: { name: 'X', type: 'Float' }, Y: { type: 'Float' } } } },
      contentTypes: { Place: { contentType: [], properties: { At: { type: 'Point' } } } },
    };
    expect((await put(emulator, body)).status).toBe(204);
    expect(await getTypes(emulator)).toEqual(body);
  });

  it.each([
    { level: 'the source', body: { ...everyField, colour: 'x' }, field: 'colour' },
    { level: 'a content type', body: { ...everyField, contentTypes: { Page: { contentType: [], colour: 'x' } } }, field: 'contentTypes.Page.colour' },
    {
      level: 'a content type property',
      body: { ...everyField, contentTypes: { Page: { contentType: [], properties: { Title: { type: 'String', name: 'Title' } } } } },
      field: 'contentTypes.Page.properties.Title.name',
    },
    { level: 'a property type', body: { ...everyField, propertyTypes: { Money: { properties: {}, sortOrder: 1 } } }, field: 'propertyTypes.Money.sortOrder' },
    {
      level: 'a property type property',
      body: { ...everyField, propertyTypes: { Money: { properties: { Amount: { type: 'Float', helpText: 'x' } } } } },
      field: 'propertyTypes.Money.properties.Amount.helpText',
    },
    { level: 'a link (closed by the emulator)', body: { ...everyField, links: { Author: { from: 'a', to: 'b', via: 'c' } } }, field: 'links.Author.via' },
    {
      level: 'a ref (closed by the emulator)',
      body: { ...everyField, contentTypes: { Page: { contentType: [], properties: { P: { type: 'String', ref: { id: 'x', kind: 'y' } } } } } },
      field: 'contentTypes.Page.properties.P.ref.kind',
    },
  ])('answers 400 naming an unknown field of $level, in a PUT and in a POST, and stores nothing', async ({ body, field }) => {
    const emulator = await startTestEmulator();
    const refused = await put(emulator, body);
    expect([refused.status, refused.text]).toEqual([400, expect.stringContaining(`unknown field ${field}`)]);
    expect(emulator.inspect.sources()).toEqual([]);
    expect((await put(emulator, everyField)).status).toBe(204);
    const partial = await post(emulator, body);
    expect([partial.status, partial.text]).toEqual([400, expect.stringContaining(`unknown field ${field}`)]);
    expect(await getTypes(emulator)).toEqual(everyField);
  });

  it.each([
    { body: { label: 3 }, message: 'label must be a string or null' },
    { body: { description: false }, message: 'description must be a string or null' },
    { body: { languages: 'en' }, message: 'languages must be an array of strings' },
    { body: { useTypedFieldNames: 'yes' }, message: 'useTypedFieldNames must be true or false' },
    { body: { preset: 'modern' }, message: 'preset must be one of "legacy", "next"' },
    { body: { links: { A: { from: 'x' } } }, message: 'links.A.to is required' },
    { body: { links: { A: { from: 'x', to: 1 } } }, message: 'links.A.to must be a string' },
    { body: { contentTypes: { A: { contentType: [], sortOrder: '1' } } }, message: 'contentTypes.A.sortOrder must be a number' },
    { body: { contentTypes: { A: { contentType: [], base: 1 } } }, message: 'contentTypes.A.base must be a string' },
    { body: { contentTypes: { A: { contentType: [], displayName: 1 } } }, message: 'contentTypes.A.displayName must be a string or null' },
    {
      body: { contentTypes: { A: { contentType: [], properties: { P: { type: 'String', index: 'no' } } } } },
      message: 'contentTypes.A.properties.P.index must be true or false',
    },
    {
      body: { contentTypes: { A: { contentType: [], properties: { P: { type: 'String', ref: { id: 1 } } } } } },
      message: 'contentTypes.A.properties.P.ref.id must be a string',
    },
    {
      body: { contentTypes: { A: { contentType: [], properties: { P: { type: 'String', helpText: 1 } } } } },
      message: 'contentTypes.A.properties.P.helpText must be a string or null',
    },
    { body: { propertyTypes: { M: { abstract: 'no' } } }, message: 'propertyTypes.M.abstract must be true or false' },
  ])('answers 400 to a field of the wrong type: $message', async ({ body, message }) => {
    const emulator = await startTestEmulator();
    contentSource(body);
    expect(contentSource.errors).not.toBeNull();
    const response = await put(emulator, body);
    expect([response.status, response.text]).toEqual([400, expect.stringContaining(message)]);
  });

  it('POST types replaces the listed content types, sets the source-level fields given, keeps the rest and the items', async () => {
    const emulator = await startTestEmulator();
    await put(emulator, everyField);
    await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=shop',
      body: indexLines([{ id: 1, language: 'en' }]),
      contentType: 'text/plain',
    });
    const change = {
      label: 'Shop',
      description: null,
      useTypedFieldNames: false,
      preset: 'legacy',
      links: {},
      contentTypes: { Product: { contentType: ['Item'], properties: { Price: { type: 'Float' } } } },
    };
    expectValid(contentSource, change);
    expect((await post(emulator, change)).status).toBe(204);
    const answer = await getTypes(emulator);
    expectValid(contentSource, answer);
    expect(answer).toEqual({
      ...everyField,
      label: 'Shop',
      description: null,
      useTypedFieldNames: false,
      preset: 'legacy',
      links: {},
      contentTypes: { ...everyField.contentTypes, Product: change.contentTypes.Product },
    });
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });
});

describe('the sources API against the published SourceInfo, SourceMetadata and DeleteMode', () => {
  it('lists sources as SourceInfo, with "" for a label or description the definition leaves out or null', async () => {
    const emulator = await startTestEmulator();
    await put(emulator, fixture.example, 'wx');
    await put(emulator, everyField, 'all');
    await put(emulator, {}, 'none');
    const list = await listSources(emulator);
    expectValid(sourceInfoList, list);
    expect(list).toEqual([
      expect.objectContaining({ id: 'default' }),
      { id: 'all', label: '', description: 'Every published field', languages: ['en', 'sv'] },
      { id: 'none', label: '', description: '', languages: [] },
      { id: 'wx', label: 'Weather Forecast', description: 'The description of source', languages: ['en'] },
    ]);
  });

  it('takes a SourceMetadata body and shows it in the list and in GET types', async () => {
    const emulator = await startTestEmulator();
    await put(emulator, {}, 'none');
    const body = { label: 'Named', description: 'Now described' };
    expectValid(sourceMetadata, body);
    const response = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v3/sources?id=none',
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
    expect(response.status).toBe(204);
    expectValid(sourceInfoList, await listSources(emulator));
    expect(await getTypes(emulator, 'none')).toEqual(body);
  });

  it("lists the CMS's description when its definition has one", async () => {
    const emulator = await startTestEmulator({ cmsTypes: { label: 'Our CMS', description: 'Pages and media', languages: ['en'] } });
    const list = await listSources(emulator);
    expectValid(sourceInfoList, list);
    expect(list).toEqual([{ id: 'default', label: 'Our CMS', description: 'Pages and media', languages: ['en'] }]);
  });

  it('keeps every field but contentTypes and propertyTypes when the types go (modes types and reset)', async () => {
    const emulator = await startTestEmulator();
    const { propertyTypes: _propertyTypes, ...kept } = everyField;
    for (const mode of ['types', 'reset']) {
      await put(emulator, everyField);
      expect((await rawRequest(emulator, { method: 'DELETE', target: `/api/content/v3/sources?id=shop&mode=${mode}` })).status).toBe(200);
      const answer = await getTypes(emulator);
      expectValid(contentSource, answer);
      expect(answer, mode).toEqual({ ...kept, contentTypes: {} });
    }
  });

  it('takes every published DeleteMode', async () => {
    const emulator = await startTestEmulator();
    expect(deleteModes).toEqual(['types', 'data', 'reset']);
    for (const mode of deleteModes) {
      await put(emulator, fixture.example);
      const response = await rawRequest(emulator, { method: 'DELETE', target: `/api/content/v3/sources?id=shop&mode=${mode}` });
      expect(response.status, mode).toBe(200);
    }
  });
});

describe('the data endpoints as published', () => {
  it.each([
    'text/plain',
    'application/json',
    'application/x-ndjson',
    'text/plain; charset=utf-8',
    'application/json; charset=UTF-8',
    'application/x-ndjson;charset=utf-8',
  ])('POST data takes Content-Type %s', async (contentType) => {
    const emulator = await startTestEmulator();
    await put(emulator, { languages: ['en'], contentTypes: { Item: { contentType: [], properties: { Name: { type: 'String' } } } } });
    const body = indexLines([{ id: 1, language: 'en', contentType: ['Item'] }]);
    const response = await rawRequest(emulator, { method: 'POST', target: '/api/content/v2/data?id=shop', body, contentType });
    expect(response.status).toBe(200);
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });

  it('DELETE data without languages purges the items of every language of the source, and no other source', async () => {
    const emulator = await startTestEmulator();
    const definition = { languages: ['en', 'sv', 'fi'], contentTypes: { Item: { contentType: [], properties: {} } } };
    await put(emulator, definition);
    await put(emulator, definition, 'blog');
    const items = indexLines(['en', 'sv', 'fi'].map((language, id) => ({ id, language, contentType: ['Item'] })));
    for (const id of ['shop', 'blog'])
      await rawRequest(emulator, { method: 'POST', target: `/api/content/v2/data?id=${id}`, body: items, contentType: 'text/plain' });
    expect(emulator.inspect.counts('shop')?.total).toBe(3);
    const response = await rawRequest(emulator, { method: 'DELETE', target: '/api/content/v2/data?id=shop' });
    expect([response.status, response.text]).toEqual([204, '']);
    expect(emulator.inspect.counts('shop')).toEqual({ total: 0, byLanguage: {}, byContentType: {} });
    expect(emulator.inspect.counts('blog')?.total).toBe(3);
    expect(await getTypes(emulator)).toEqual(definition);
  });
});
