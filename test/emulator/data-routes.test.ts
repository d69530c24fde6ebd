import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator } from '../helpers/emulator.js';
import { rawRequest } from '../helpers/raw-graph.js';

const DATA = '/api/content/v2/data?id=shop';
const action = (id: string | number, language = 'en', kind: 'index' | 'delete' = 'index'): string =>
  JSON.stringify({ [kind]: { _id: id, language_routing: language } });
const item = (name: string, type = ['Item', 'Product']): string =>
  JSON.stringify({ Name: name, ContentType: type, Status: 'Published', _rbac: 'r:Everyone:Read' });

async function shop(): Promise<RunningEmulator> {
  const emulator = await startTestEmulator();
  await graphClientFor(emulator).putTypes('shop', sampleDefinition());
  emulator.inspect.clearRequests();
  return emulator;
}

const push = (emulator: RunningEmulator, body: string | Buffer, contentType = 'text/plain') =>
  rawRequest(emulator, { method: 'POST', target: DATA, body, contentType });
const names = (emulator: RunningEmulator): string[] =>
  (emulator.inspect.items('shop')?.items ?? []).map((i) => `${i.language_routing}/${i._id}:${(i.data as { Name: string }).Name}`);

describe('POST data', () => {
  it('indexes pairs and answers 200 with a journalId', async () => {
    const emulator = await shop();
    const response = await push(emulator, [action(1), item('one'), action('two', 'sv'), item('två')].join('\n'));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ journalId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(names(emulator)).toEqual(['en/1:one', 'sv/two:två']);
  });

  it('re-indexing the same _id and language replaces the item; another language is another item', async () => {
    const emulator = await shop();
    await push(emulator, `${action(1)}\n${item('first')}\n${action(1, 'sv')}\n${item('sv')}\n`);
    await push(emulator, `${action(1)}\n${item('second')}\n`);
    expect(names(emulator)).toEqual(['en/1:second', 'sv/1:sv']);
  });

  it('drops data lines without their action line silently, as the service does', async () => {
    const emulator = await shop();
    const body = [action(1), item('kept'), item('orphan'), item('orphan 2'), action(2), item('kept 2'), '[1,2]', '"text"', action(3)].join('\n');
    const response = await push(emulator, body);
    expect(response.status).toBe(200);
    expect(names(emulator)).toEqual(['en/1:kept', 'en/2:kept 2']);
    expect(emulator.inspect.requests().at(-1)?.note).toBe(
      'indexed 2, deleted 0, dropped 5 lines without action, stored but not served 2 (a searchable property not under its searchable name: line 2: Product.Name not as Name___searchable; line 6: Product.Name not as Name___searchable)',
    );
  });

  it('takes only an object with exactly one key index or delete, whose value is an object, as an action', async () => {
    const emulator = await shop();
    const body = [
      JSON.stringify({ index: { _id: 9, language_routing: 'en' }, extra: 1 }),
      item('two keys'),
      JSON.stringify({ index: 5 }),
      item('not an object'),
      JSON.stringify({ create: { _id: 8, language_routing: 'en' } }),
      item('create'),
      action(1),
      item('good'),
    ].join('\n');
    expect((await push(emulator, body)).status).toBe(200);
    expect(names(emulator)).toEqual(['en/1:good']);
  });

  it('treats whatever follows an index action as its data line', async () => {
    const emulator = await shop();
    await push(emulator, [action(1), action(2), item('x')].join('\n'));
    // Line 2 became item 1's data (with no ContentType, so not indexed); line 3 has no action.
    expect(names(emulator)).toEqual([]);
    expect(emulator.inspect.requests().at(-1)?.note).toMatch(/dropped 1 lines.*not indexed 1/);
  });

  it('deletes items with a delete action and no data line', async () => {
    const emulator = await shop();
    await push(
      emulator,
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'en' },
        { id: 1, language: 'sv' },
      ]),
    );
    const response = await push(emulator, `${action(1, 'en', 'delete')}\n${action(404, 'en', 'delete')}\n`);
    expect(response.status).toBe(200);
    expect(emulator.inspect.items('shop')?.items.map((i) => `${i.language_routing}/${i._id}`)).toEqual(['en/2', 'sv/1']);
    expect(emulator.inspect.requests().at(-1)?.note).toBe('indexed 0, deleted 1');
  });

  it('answers 400 naming the line that is not JSON, and applies nothing', async () => {
    const emulator = await shop();
    const response = await push(emulator, [action(1), item('a'), '', action(2), '{"Name": broken}', action(3), item('c')].join('\n'));
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/^line 5 is not valid JSON/);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
  });

  it.each([
    {
      name: 'an index action without _id',
      body: `${JSON.stringify({ index: { language_routing: 'en' } })}\n${item('x')}`,
      message: /^line 1: a index action needs _id/,
    },
    { name: 'a delete action without language_routing', body: JSON.stringify({ delete: { _id: 1 } }), message: /^line 1: a delete action needs/ },
    {
      name: 'a language the source does not have',
      body: `${action(1, 'fi')}\n${item('x')}`,
      message: /^line 1: language_routing "fi" is not a language of the source \(en, sv\)/,
    },
    {
      name: 'invalid UTF-8',
      body: Buffer.concat([Buffer.from(`${action(1)}\n`), Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])]),
      message: /^line 2 is not valid UTF-8/,
    },
  ])('answers 400 for $name', async ({ body, message }) => {
    const emulator = await shop();
    const response = await push(emulator, body);
    expect(response.status).toBe(400);
    expect(response.text).toMatch(message);
  });

  it('accepts CRLF, blank lines, a BOM and a missing final newline', async () => {
    const emulator = await shop();
    const body = `\uFEFF${action(1)}\r\n${item('a')}\r\n\r\n${action(2)}\n\n${item('b')}`;
    expect((await push(emulator, body)).status).toBe(200);
    expect(names(emulator)).toEqual(['en/1:a', 'en/2:b']);
  });

  it('accepts and does not index items whose type is unknown or abstract, or whose _rbac is an object', async () => {
    const emulator = await shop();
    const body = [
      action(1),
      item('abstract', ['Item']),
      action(2),
      item('unknown', ['Item', 'Gadget']),
      action(3),
      JSON.stringify({ Name: 'no type' }),
      action(4),
      JSON.stringify({ Name: 'rbac', ContentType: ['Item', 'Product'], _rbac: { r: 'Everyone' } }),
      action(5),
      item('fine'),
    ].join('\n');
    expect((await push(emulator, body)).status).toBe(200);
    expect(names(emulator)).toEqual(['en/5:fine']);
    expect(emulator.inspect.requests().at(-1)?.note).toBe(
      'indexed 1, deleted 0, not indexed 4 (line 2: ContentType Item is abstract), stored but not served 1 (a searchable property not under its searchable name: line 10: Product.Name not as Name___searchable)',
    );
  });

  it('answers 404 for a source that does not exist', async () => {
    const emulator = await startTestEmulator();
    const response = await rawRequest(emulator, {
      method: 'POST',
      target: '/api/content/v2/data?id=blog',
      body: `${action(1)}\n${item('x')}`,
      contentType: 'text/plain',
    });
    expect(response.status).toBe(404);
    expect(response.text).toMatch(/does not exist/);
  });

  it("accepts the NDJSON media types (the contract's, the published file's, the published clients') and refuses others with 415", async () => {
    const emulator = await shop();
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/json', 'application/x-ndjson'])
      expect((await push(emulator, '', type)).status).toBe(200);
    for (const type of ['application/octet-stream', 'text/html']) expect((await push(emulator, '', type)).status).toBe(415);
    // A byte body gets no Content-Type from fetch (a string body would get text/plain).
    expect((await rawRequest(emulator, { method: 'POST', target: DATA, body: Buffer.alloc(0) })).status).toBe(415);
  });

  it('handles a body of tens of MB', async () => {
    const emulator = await shop();
    const filler = 'x'.repeat(400);
    const items = Array.from({ length: 60_000 }, (_, i) => ({ id: i, language: i % 2 === 0 ? 'en' : 'sv', fields: { Description: filler } }));
    const body = indexLines(items);
    expect(body.length).toBeGreaterThan(25_000_000);
    const result = await graphClientFor(emulator, { timeoutMs: 60_000 }).pushData('shop', body);
    expect(result.journalId).toBeTruthy();
    expect(emulator.inspect.counts('shop')).toEqual({ total: 60_000, byLanguage: { en: 30_000, sv: 30_000 }, byContentType: { Product: 60_000 } });
  });
});

describe('DELETE data', () => {
  it('purges the listed languages only and answers 204', async () => {
    const emulator = await shop();
    await graphClientFor(emulator).postTypes('shop', { languages: ['en', 'sv', 'fi'], contentTypes: {} });
    await push(
      emulator,
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'sv' },
        { id: 3, language: 'fi' },
      ]),
    );
    const response = await rawRequest(emulator, { method: 'DELETE', target: `${DATA}&languages=en&languages=fi` });
    expect([response.status, response.text]).toEqual([204, '']);
    expect(emulator.inspect.counts('shop')?.byLanguage).toEqual({ sv: 1 });
  });

  it('purges every language without the languages parameter (optional in the published API)', async () => {
    const emulator = await shop();
    await push(
      emulator,
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'sv' },
      ]),
    );
    const response = await rawRequest(emulator, { method: 'DELETE', target: DATA });
    expect([response.status, response.text]).toEqual([204, '']);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
    expect(emulator.inspect.requests().at(-1)?.note).toBe('purged 2 items of shop in every language');
  });

  it('answers 400 to a languages parameter with no value, rather than guess between none and all', async () => {
    const emulator = await shop();
    await push(emulator, indexLines([{ id: 1, language: 'en' }]));
    const response = await rawRequest(emulator, { method: 'DELETE', target: `${DATA}&languages=` });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/Name the languages to purge/);
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });

  it('answers 404 for an unknown source', async () => {
    const emulator = await startTestEmulator();
    expect((await rawRequest(emulator, { method: 'DELETE', target: '/api/content/v2/data?id=nope&languages=en' })).status).toBe(404);
  });
});
