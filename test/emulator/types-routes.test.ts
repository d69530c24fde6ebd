import { describe, expect, it } from 'vitest';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

const put = (definition: unknown, id = 'shop') => ({
  method: 'PUT',
  target: `/api/content/v3/types?id=${id}`,
  body: JSON.stringify(definition),
  contentType: 'application/json',
});
const post = (body: unknown, id = 'shop') => ({
  method: 'POST',
  target: `/api/content/v3/types?id=${id}`,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

describe('PUT types', () => {
  it('creates a source and answers 204 with no body', async () => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, put(sampleDefinition()));
    expect([response.status, response.text]).toEqual([204, '']);
    expect(emulator.inspect.definition('shop')).toEqual(sampleDefinition());
  });

  it('replaces the definition of an existing source and deletes all its items', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.putTypes('blog', sampleDefinition({ contentTypes: { Post: { contentType: [], properties: {} } } }));
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'sv' },
      ]),
    );
    await client.pushData('blog', indexLines([{ id: 1, language: 'en', contentType: ['Post'] }]));
    await client.putTypes('shop', sampleDefinition({ label: 'Shop 2' }));
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
    expect(emulator.inspect.counts('blog')?.total).toBe(1);
    expect(emulator.inspect.definition('shop')).toMatchObject({ label: 'Shop 2' });
    expect(emulator.inspect.requests().at(-1)?.note).toBe('replaced definition of shop; deleted 2 items');
  });

  it('refuses to create a source beyond maxSources with 403, creating nothing', async () => {
    const emulator = await startTestEmulator({ maxSources: 2 });
    expect((await rawRequest(emulator, put(sampleDefinition(), 'a'))).status).toBe(204);
    expect((await rawRequest(emulator, put(sampleDefinition(), 'b'))).status).toBe(204);
    const third = await rawRequest(emulator, put(sampleDefinition(), 'c'));
    expect(third.status).toBe(403);
    expect(third.text).toMatch(/at most 2 content sources: source c was not created/);
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['a', 'b']);
    // Replacing an existing source is still allowed at the limit.
    expect((await rawRequest(emulator, put(sampleDefinition({ label: 'again' }), 'a'))).status).toBe(204);
  });

  it.each([
    { name: 'an unknown top-level field', body: { ...sampleDefinition(), colour: 'x' }, message: 'unknown field colour' },
    {
      name: 'an unknown content type field',
      body: sampleDefinition({ contentTypes: { A: { contentType: [], properties: {}, colour: 'A' } as never } }),
      message: 'unknown field contentTypes.A.colour',
    },
    {
      name: 'an unknown property type field',
      body: sampleDefinition({ propertyTypes: { D: { properties: {}, sortOrder: 1 } as never } }),
      message: 'unknown field propertyTypes.D.sortOrder',
    },
    { name: 'a label that is not a string', body: { label: 1, languages: ['en'] }, message: 'label must be a string or null' },
    { name: 'languages that are not strings', body: { languages: ['en', 2] }, message: 'languages[1] must be a string' },
    { name: 'contentTypes that is not an object', body: { contentTypes: [] }, message: 'contentTypes must be an object' },
    {
      name: 'a content type without contentType',
      body: sampleDefinition({ contentTypes: { A: { properties: {} } as never } }),
      message: 'contentTypes.A.contentType is required',
    },
    {
      name: 'a property without type',
      body: sampleDefinition({ contentTypes: { A: { contentType: [], properties: { P: { searchable: true } as never } } } }),
      message: 'contentTypes.A.properties.P.type is required',
    },
    {
      name: 'an unknown property type',
      body: sampleDefinition({ contentTypes: { A: { contentType: [], properties: { P: { type: 'Money' } } } } }),
      message: 'unknown type "Money"',
    },
    {
      name: 'an unbalanced list type',
      body: sampleDefinition({ contentTypes: { A: { contentType: [], properties: { P: { type: '[String' } } } } }),
      message: 'unknown type "[String"',
    },
    {
      name: 'an unknown base type',
      body: sampleDefinition({ contentTypes: { A: { contentType: ['B'], properties: {} } } }),
      message: 'unknown content type "B"',
    },
    {
      name: 'an inheritance cycle',
      body: sampleDefinition({ contentTypes: { A: { contentType: ['B'], properties: {} }, B: { contentType: ['A'], properties: {} } } }),
      message: 'inheritance cycle',
    },
    {
      name: 'a name that is not a GraphQL name',
      body: sampleDefinition({ contentTypes: { 'My-Type': { contentType: [], properties: {} } } }),
      message: 'not a valid GraphQL name',
    },
    {
      name: 'searchable that is not a boolean',
      body: sampleDefinition({ contentTypes: { A: { contentType: [], properties: { P: { type: 'String', searchable: 'yes' as never } } } } }),
      message: 'searchable must be true or false',
    },
    { name: 'an array body', body: [], message: 'the body must be an object' },
  ])('answers 400 for $name', async ({ body, message }) => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, put(body));
    expect(response.status).toBe(400);
    expect(response.text).toContain(message);
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it('accepts list forms of scalars and property types', async () => {
    const emulator = await startTestEmulator();
    const definition: SourceDefinition = sampleDefinition({
      contentTypes: { A: { contentType: [], properties: { P: { type: '[Dimensions]' }, Q: { type: 'DateTime' }, R: { type: '[Boolean]' } } } },
    });
    expect((await rawRequest(emulator, put(definition))).status).toBe(204);
  });
});

describe('POST types', () => {
  it('answers 404 unless a full update was done first', async () => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, post({ languages: ['en'], contentTypes: {} }));
    expect(response.status).toBe(404);
    expect(response.text).toMatch(/full update \(PUT\) must come first/);
  });

  it('replaces each listed content type whole, sets languages and keeps items', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData('shop', indexLines([{ id: 1, language: 'en' }]));
    const response = await rawRequest(
      emulator,
      post({
        languages: ['en', 'sv', 'de'],
        contentTypes: { Product: { contentType: ['Item'], properties: { Colour: { type: 'String' } } }, Page: { contentType: [], properties: {} } },
      }),
    );
    expect(response.status).toBe(204);
    const definition = emulator.inspect.definition('shop') as SourceDefinition;
    expect(definition.languages).toEqual(['en', 'sv', 'de']);
    expect(definition.contentTypes.Product).toEqual({ contentType: ['Item'], properties: { Colour: { type: 'String' } } });
    expect(definition.contentTypes.Item).toEqual(sampleDefinition().contentTypes.Item);
    expect(definition.contentTypes.Page).toEqual({ contentType: [], properties: {} });
    expect(definition.propertyTypes).toEqual(sampleDefinition().propertyTypes);
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });

  it.each([
    { name: 'an unknown field', body: { languages: ['en'], contentTypes: {}, colour: 'x' }, message: 'unknown field colour' },
    { name: 'languages that are not an array', body: { languages: 'en' }, message: 'languages must be an array of strings' },
    {
      name: 'a new property type (a partial update does not take propertyTypes)',
      body: {
        propertyTypes: { Money: { properties: { Amount: { type: 'Float' } } } },
        contentTypes: { X: { contentType: [], properties: { Price: { type: 'Money' } } } },
      },
      message: 'unknown type "Money" (a partial update does not take propertyTypes: use a full update)',
    },
    {
      name: 'a base that does not exist after merging',
      body: { languages: ['en'], contentTypes: { X: { contentType: ['Nope'], properties: {} } } },
      message: 'unknown content type "Nope"',
    },
  ])('answers 400 for $name and changes nothing', async ({ body, message }) => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    const response = await rawRequest(emulator, post(body));
    expect(response.status).toBe(400);
    expect(response.text).toContain(message);
    expect(emulator.inspect.definition('shop')).toEqual(sampleDefinition());
  });
});

describe('GET types and request checks', () => {
  it('answers 200 with the stored definition, 404 for an unknown source', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    const found = await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=shop' });
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(found.text)).toEqual(sampleDefinition());
    expect((await rawRequest(emulator, { method: 'GET', target: '/api/content/v3/types?id=blog' })).status).toBe(404);
  });

  it.each([
    { target: '/api/content/v3/types', message: /id query parameter is required/ },
    { target: '/api/content/v3/types?id=', message: /Invalid content source id ""/ },
    { target: '/api/content/v3/types?id=shops', message: /Invalid content source id "shops"/ },
    { target: '/api/content/v3/types?id=Shop', message: /Invalid content source id/ },
    { target: '/api/content/v3/types?id=a%2Db', message: /Invalid content source id "a-b"/ },
    { target: '/api/content/v3/types?id=a&id=b', message: /once/ },
  ])('answers 400 for $target', async ({ target, message }) => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, { method: 'PUT', target, body: JSON.stringify(sampleDefinition()), contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(message);
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it.each([
    { request: { method: 'GET', target: '/api/content/v4/types?id=shop' }, status: 404 },
    { request: { method: 'GET', target: '/api/content/v3/types/?id=shop' }, status: 404 },
    { request: { method: 'GET', target: '/' }, status: 404 },
    { request: { method: 'DELETE', target: '/api/content/v3/types?id=shop' }, status: 405 },
    { request: { method: 'PATCH', target: '/api/content/v3/types?id=shop' }, status: 405 },
    { request: { method: 'GET', target: '/api/content/v2/data?id=shop' }, status: 405 },
    { request: { method: 'PUT', target: '/api/content/v2/data?id=shop' }, status: 405 },
  ])('answers $status to $request.method $request.target', async ({ request, status }) => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, request);
    expect(response.status).toBe(status);
    if (status === 405) expect(response.headers.get('allow')).toBeTruthy();
  });

  it('answers 415 to a types body that is not declared as JSON', async () => {
    const emulator = await startTestEmulator();
    const { contentType: _json, ...withoutType } = put(sampleDefinition());
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      expect((await rawRequest(emulator, { ...withoutType, contentType })).status).toBe(415);
    }
    // A byte body gets no Content-Type from fetch at all.
    expect((await rawRequest(emulator, { ...withoutType, body: Buffer.from(withoutType.body) })).status).toBe(415);
    expect((await rawRequest(emulator, { ...put(sampleDefinition()), contentType: 'application/json; charset=utf-8' })).status).toBe(204);
  });

  it('answers 400 to a types body that is not JSON or not UTF-8', async () => {
    const emulator = await startTestEmulator();
    expect((await rawRequest(emulator, { ...put({}), body: '{"label":' })).text).toMatch(/not valid JSON/);
    expect((await rawRequest(emulator, { ...put({}), body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) })).text).toMatch(/not valid UTF-8/);
    expect((await rawRequest(emulator, { ...put({}), body: '' })).text).toMatch(/empty/);
  });
});
