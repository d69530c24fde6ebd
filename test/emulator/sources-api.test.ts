import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DEFAULT_CMS_TYPES } from '../../src/emulator/sources/cms.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

const SOURCES = '/api/content/v3/sources';
const cmsEntry = { id: 'default', label: 'CMS', description: "The CMS's own content types", languages: ['en'] };
const describeBody = (body: unknown, id = 'shop') => ({
  method: 'POST',
  target: `${SOURCES}?id=${id}`,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

/** shop (3 items in en and sv) and blog (1 item). */
async function seeded(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator);
  await client.putTypes('shop', sampleDefinition());
  await client.putTypes('blog', sampleDefinition({ label: 'Blog', languages: ['en'] }));
  await client.pushData(
    'shop',
    indexLines([
      { id: 1, language: 'en' },
      { id: 2, language: 'en' },
      { id: 1, language: 'sv' },
    ]),
  );
  await client.pushData('blog', indexLines([{ id: 1, language: 'en' }]));
  return emulator;
}

async function list(emulator: RunningEmulator, query = ''): Promise<{ status: number; body: unknown }> {
  const response = await rawRequest(emulator, { method: 'GET', target: `${SOURCES}${query}` });
  return { status: response.status, body: response.status === 200 ? JSON.parse(response.text) : response.text.trim() };
}

describe('GET sources', () => {
  it('lists the CMS source first, then every source in id order, as a JSON array', async () => {
    const emulator = await seeded();
    const answer = await list(emulator);
    expect(answer).toEqual({
      status: 200,
      body: [
        cmsEntry,
        { id: 'blog', label: 'Blog', description: '', languages: ['en'] },
        { id: 'shop', label: 'Shop catalogue', description: '', languages: ['en', 'sv'] },
      ],
    });
    expect(await list(emulator, '?id=')).toEqual(answer);
  });

  it.each([
    { query: '?id=shop', status: 200, body: [{ id: 'shop', label: 'Shop catalogue', description: '', languages: ['en', 'sv'] }] },
    { query: '?id=default', status: 200, body: [cmsEntry] },
    { query: '?id=none', status: 404, body: 'Source is not found' },
    { query: '?id=Shop', status: 404, body: 'Source is not found' },
    { query: '?id=constructor', status: 404, body: 'Source is not found' },
    { query: '?id=shop&id=blog', status: 400, body: 'Give the id query parameter at most once' },
  ])('$query → $status', async ({ query, status, body }) => {
    const emulator = await seeded();
    expect(await list(emulator, query)).toEqual({ status, body });
  });
});

describe('POST sources (label and description)', () => {
  it('sets both in the definition without touching types or items, and answers 204; a PUT types then replaces them with its own', async () => {
    const emulator = await seeded();
    const response = await rawRequest(emulator, describeBody({ label: 'Shop 2', description: 'Everything we sell' }));
    expect([response.status, response.text]).toEqual([204, '']);
    expect(emulator.inspect.definition('shop')).toEqual({ ...sampleDefinition(), label: 'Shop 2', description: 'Everything we sell' });
    expect(emulator.inspect.counts('shop')?.total).toBe(3);
    expect((await list(emulator, '?id=shop')).body).toEqual([{ id: 'shop', label: 'Shop 2', description: 'Everything we sell', languages: ['en', 'sv'] }]);

    // A full update overwrites the whole definition: its description too, absent or not.
    const putTypes = (body: unknown) =>
      rawRequest(emulator, { method: 'PUT', target: '/api/content/v3/types?id=shop', body: JSON.stringify(body), contentType: 'application/json' });
    await putTypes({ ...sampleDefinition({ label: 'Shop 3' }), description: 'Sent with the types' });
    expect(emulator.inspect.sources().find((s) => s.id === 'shop')).toMatchObject({ label: 'Shop 3', description: 'Sent with the types', items: 0 });
    await putTypes(sampleDefinition({ label: 'Shop 4' }));
    expect(emulator.inspect.sources().find((s) => s.id === 'shop')).toMatchObject({ label: 'Shop 4', description: '' });
    expect(emulator.inspect.requests().find((r) => r.method === 'POST' && r.path.startsWith(SOURCES))?.note).toBe('set label and description of shop');
  });

  it('accepts an empty description', async () => {
    const emulator = await seeded();
    expect((await rawRequest(emulator, describeBody({ label: 'Shop', description: '' }))).status).toBe(204);
  });

  it.each<{ name: string; body: unknown; message: string }>([
    { name: 'no description', body: { label: 'x' }, message: 'description is required' },
    { name: 'no label', body: { description: 'x' }, message: 'label is required' },
    { name: 'an empty label', body: { label: '', description: 'x' }, message: 'label is required' },
    { name: 'a label that is not a string', body: { label: 1, description: 'x' }, message: 'label is required' },
    { name: 'a description that is null', body: { label: 'x', description: null }, message: 'description is required' },
    { name: 'an extra field', body: { label: 'x', description: 'y', languages: ['en'] }, message: 'unknown field languages' },
    { name: 'an inherited name as field', body: { label: 'x', description: 'y', constructor: 'z' }, message: 'unknown field constructor' },
    { name: 'an array', body: [], message: 'must be a JSON object' },
  ])('answers 400 to $name and changes nothing', async ({ body, message }) => {
    const emulator = await seeded();
    const response = await rawRequest(emulator, describeBody(body));
    expect(response.status).toBe(400);
    expect(response.text).toContain(message);
    expect(emulator.inspect.sources().find((s) => s.id === 'shop')).toMatchObject({ label: 'Shop catalogue', description: '' });
  });

  it.each([
    { name: 'an unknown source', target: `${SOURCES}?id=none`, status: 404, message: /^Source is not found/ },
    { name: 'no id', target: SOURCES, status: 400, message: /id query parameter is required/ },
    { name: 'an empty id', target: `${SOURCES}?id=`, status: 400, message: /id query parameter is required/ },
    { name: 'the CMS source', target: `${SOURCES}?id=default`, status: 400, message: /CMS's own source/ },
  ])('answers $status to $name', async ({ target, status, message }) => {
    const emulator = await seeded();
    const response = await rawRequest(emulator, { ...describeBody({ label: 'x', description: 'y' }), target });
    expect(response.status).toBe(status);
    expect(response.text).toMatch(message);
  });

  it('answers 415 to a body not declared as JSON', async () => {
    const emulator = await seeded();
    expect((await rawRequest(emulator, { ...describeBody({ label: 'x', description: 'y' }), contentType: 'text/plain' })).status).toBe(415);
  });
});

/** What the emulator keeps of a definition when its types go: all but contentTypes and propertyTypes. */
const withoutTypes = ({ propertyTypes: _propertyTypes, ...kept }: SourceDefinition): Omit<SourceDefinition, 'propertyTypes'> => ({ ...kept, contentTypes: {} });

describe('DELETE sources', () => {
  it.each([
    { mode: '', listed: false, definition: undefined, items: undefined, text: 'Source shop: deleted the source (types and data)' },
    { mode: '&mode=', listed: false, definition: undefined, items: undefined, text: 'Source shop: deleted the source (types and data)' },
    { mode: '&mode=types', listed: true, definition: withoutTypes(sampleDefinition()), items: 3, text: 'Source shop: deleted the content types (items kept)' },
    { mode: '&mode=data', listed: true, definition: sampleDefinition(), items: 0, text: 'Source shop: deleted the items (types kept)' },
    {
      mode: '&mode=reset',
      listed: true,
      definition: withoutTypes(sampleDefinition()),
      items: 0,
      text: 'Source shop: deleted the content types and the items (the source stays)',
    },
  ])('mode "$mode" answers 200 and leaves the source listed: $listed, with $items items', async ({ mode, listed, definition, items, text }) => {
    const emulator = await seeded();
    await rawRequest(emulator, describeBody({ label: 'Shop', description: 'kept' }));
    const response = await rawRequest(emulator, { method: 'DELETE', target: `${SOURCES}?id=shop${mode}` });
    expect([response.status, response.text.trim()]).toEqual([200, text]);
    expect(emulator.inspect.sources().some((s) => s.id === 'shop')).toBe(listed);
    expect(emulator.inspect.definition('shop')).toEqual(definition === undefined ? undefined : { ...definition, label: 'Shop', description: 'kept' });
    expect(emulator.inspect.counts('shop')?.total).toBe(items);
    if (listed) expect(emulator.inspect.sources().find((s) => s.id === 'shop')?.description).toBe('kept');
    // The other source is untouched.
    expect(emulator.inspect.counts('blog')?.total).toBe(1);
    expect((await list(emulator, '?id=shop')).status).toBe(listed ? 200 : 404);
  });

  it('frees the slot in the source limit when the source goes, not when only its types or data go', async () => {
    const emulator = await seeded({ maxSources: 2 });
    const client = graphClientFor(emulator);
    await client.deleteSource('shop', 'reset');
    await expect(client.putTypes('news', sampleDefinition())).rejects.toMatchObject({ code: 'GF_GRAPH_HTTP_403' });
    await client.deleteSource('shop');
    await client.putTypes('news', sampleDefinition());
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['blog', 'news']);
  });

  it('lets a source whose types were deleted take a partial update, and indexes nothing into it until then', async () => {
    const emulator = await seeded();
    const client = graphClientFor(emulator);
    await client.deleteSource('shop', 'reset');
    await client.pushData('shop', indexLines([{ id: 9, language: 'en' }]));
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
    // Property types went with the types: a partial update cannot refer to Dimensions any more.
    const { Item } = sampleDefinition().contentTypes;
    await expect(client.postTypes('shop', { languages: ['en'], contentTypes: sampleDefinition().contentTypes })).rejects.toMatchObject({
      code: 'GF_GRAPH_HTTP_400',
    });
    await client.postTypes('shop', {
      languages: ['en', 'sv'],
      contentTypes: { Item: Item!, Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' } } } },
    });
    await client.pushData('shop', indexLines([{ id: 9, language: 'en' }]));
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });

  it.each([
    { name: 'an unknown source', target: `${SOURCES}?id=none`, status: 404, message: /^Source is not found/ },
    { name: 'an id that cannot exist', target: `${SOURCES}?id=NONE`, status: 404, message: /^Source is not found/ },
    { name: 'an unknown mode', target: `${SOURCES}?id=shop&mode=all`, status: 400, message: /Unknown mode "all"/ },
    { name: 'an unknown mode without id', target: `${SOURCES}?mode=everything`, status: 400, message: /Unknown mode/ },
    { name: 'a repeated mode', target: `${SOURCES}?id=shop&mode=data&mode=types`, status: 400, message: /at most once/ },
    { name: 'a repeated id', target: `${SOURCES}?id=shop&id=blog`, status: 400, message: /at most once/ },
    { name: 'the CMS source', target: `${SOURCES}?id=default`, status: 400, message: /CMS's own source/ },
  ])('answers $status to $name and deletes nothing', async ({ target, status, message }) => {
    const emulator = await seeded();
    const response = await rawRequest(emulator, { method: 'DELETE', target });
    expect(response.status).toBe(status);
    expect(response.text).toMatch(message);
    expect(emulator.inspect.sources().map((s) => [s.id, s.items])).toEqual([
      ['blog', 1],
      ['shop', 3],
    ]);
  });

  it.each([
    { target: SOURCES, mode: 'source', left: [] },
    { target: `${SOURCES}?id=`, mode: 'source', left: [] },
    {
      target: `${SOURCES}?id=&mode=data`,
      mode: 'data',
      left: [
        ['blog', 0],
        ['shop', 0],
      ],
    },
  ])('$target acts on ALL sources except the CMS one, as the real service does, and says so in the request log', async ({ target, left }) => {
    const emulator = await seeded();
    const response = await rawRequest(emulator, { method: 'DELETE', target });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/^All 2 sources: /);
    expect(emulator.inspect.sources().map((s) => [s.id, s.items])).toEqual(left);
    expect(emulator.inspect.requests().at(-1)?.note).toMatch(/^NO id: acted on ALL 2 sources \(blog, shop\): deleted .*, 4 items$/);
    expect(emulator.inspect.cms().definition).toEqual(DEFAULT_CMS_TYPES);
    expect((await list(emulator, '?id=default')).body).toEqual([cmsEntry]);
  });
});
