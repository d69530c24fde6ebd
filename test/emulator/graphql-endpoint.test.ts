import { createHash } from 'node:crypto';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, type SampleItem } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; locations?: unknown; path?: unknown }> };
  headers: Headers;
}

/** POSTs a query the way any GraphQL client does: JSON with query and variables. */
async function query(
  emulator: RunningEmulator,
  text: string,
  options: { variables?: Record<string, unknown>; auth?: 'query' | 'header' | 'none' | { header: string }; body?: string; contentType?: string } = {},
): Promise<Answer> {
  const auth = options.auth ?? 'header';
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (auth === 'header') headers.authorization = `epi-single ${emulator.singleKey}`;
  else if (typeof auth === 'object') headers.authorization = auth.header;
  const url = `${emulator.url}/content/v2${auth === 'query' ? `?auth=${encodeURIComponent(emulator.singleKey)}` : ''}`;
  const response = await fetch(url, { method: 'POST', headers, body: options.body ?? JSON.stringify({ query: text, variables: options.variables }) });
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers };
}

const items: SampleItem[] = [
  { id: 1, language: 'en', fields: { Name: 'Oak chair', Quantity: 4, Tags: ['wood', 'seat'], Size: { Width: 0.5, Height: 1 } } },
  { id: 2, language: 'en', fields: { Name: 'Steel table', Quantity: 1, Tags: ['metal'] } },
  { id: 3, language: 'en', fields: { Name: 'Pine CHAIR', Quantity: 12, Tags: ['wood'] } },
  { id: 4, language: 'sv', fields: { Name: 'Ekstol', Quantity: 7, Tags: ['trä'], Language: { Name: 'sv', DisplayName: 'Svenska' } } },
  { id: 5, language: 'en', contentType: ['Item', 'Review'], fields: { Name: 'Nice', Rating: 5, Score: 4.5, Verified: true } },
];

/** Item (abstract), Product and Review deriving from it, Dimensions as a property type; five items. */
async function shop(): Promise<RunningEmulator> {
  const emulator = await startTestEmulator();
  const client = graphClientFor(emulator);
  const definition = sampleDefinition();
  definition.contentTypes.Review = { contentType: ['Item'], properties: { Rating: { type: 'Int' }, Score: { type: 'Float' }, Verified: { type: 'Boolean' } } };
  await client.putTypes('shop', definition);
  await client.pushData('shop', indexLines(items, ['Name']));
  return emulator;
}

const names = (answer: Answer, field: string): unknown => ((answer.body.data?.[field] as { items: Array<{ Name: string }> }).items ?? []).map((i) => i.Name);

describe('the content GraphQL endpoint: queries', () => {
  it('answers a type query with items, their properties, _id, ContentType, Language and total', async () => {
    const emulator = await shop();
    const answer = await query(
      emulator,
      '{ Product(locale: [en]) { total items { _id Name Quantity Tags ContentType Language { Name } Size { Width Height } } } }',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      Product: {
        total: 3,
        items: [
          {
            _id: '1',
            Name: 'Oak chair',
            Quantity: 4,
            Tags: ['wood', 'seat'],
            ContentType: ['Item', 'Product'],
            Language: { Name: 'en' },
            Size: { Width: 0.5, Height: 1 },
          },
          { _id: '2', Name: 'Steel table', Quantity: 1, Tags: ['metal'], ContentType: ['Item', 'Product'], Language: { Name: 'en' }, Size: null },
          { _id: '3', Name: 'Pine CHAIR', Quantity: 12, Tags: ['wood'], ContentType: ['Item', 'Product'], Language: { Name: 'en' }, Size: null },
        ],
      },
    });
  });

  it.each([
    { name: 'String contains (any case)', where: '{ Name: { contains: "chair" } }', expected: ['Oak chair', 'Pine CHAIR'] },
    { name: 'String eq', where: '{ Name: { eq: "Steel table" } }', expected: ['Steel table'] },
    { name: 'String in', where: '{ Name: { in: ["Steel table", "Ekstol"] } }', expected: ['Steel table', 'Ekstol'] },
    { name: 'Int gt', where: '{ Quantity: { gt: 4 } }', expected: ['Pine CHAIR', 'Ekstol'] },
    { name: 'Int lt', where: '{ Quantity: { lt: 4 } }', expected: ['Steel table'] },
    { name: 'Int eq', where: '{ Quantity: { eq: 7 } }', expected: ['Ekstol'] },
    { name: 'gt and lt together', where: '{ Quantity: { gt: 1, lt: 12 } }', expected: ['Oak chair', 'Ekstol'] },
    { name: 'a list property: any element', where: '{ Tags: { eq: "wood" } }', expected: ['Oak chair', 'Pine CHAIR'] },
    { name: 'two properties: both must hold', where: '{ Tags: { eq: "wood" }, Quantity: { gt: 5 } }', expected: ['Pine CHAIR'] },
    { name: '_id', where: '{ _id: { in: ["2", "4"] } }', expected: ['Steel table', 'Ekstol'] },
    { name: 'nothing matches', where: '{ Name: { contains: "sofa" } }', expected: [] },
    { name: 'an empty filter asks for nothing', where: '{ Tags: { in: ["metal", "trä"] }, Quantity: {}, Name: null }', expected: ['Steel table', 'Ekstol'] },
  ])('filters with where: $name', async ({ where, expected }) => {
    const emulator = await shop();
    const answer = await query(emulator, `{ Product(where: ${where}) { total items { Name } } }`);
    expect(answer.body.errors).toBeUndefined();
    expect(names(answer, 'Product')).toEqual(expected);
    expect((answer.body.data?.Product as { total: number }).total).toBe(expected.length);
  });

  it('filters Boolean and Float properties', async () => {
    const emulator = await shop();
    const reviews = await query(emulator, '{ Review(where: { Verified: { eq: true }, Score: { gt: 4.2, lt: 4.6 } }) { total items { Score } } }');
    expect(reviews.body.data).toEqual({ Review: { total: 1, items: [{ Score: 4.5 }] } });
    const none = await query(emulator, '{ Review(where: { Verified: { eq: false } }) { total } }');
    expect(none.body.data).toEqual({ Review: { total: 0 } });
    const exact = await query(emulator, '{ Review(where: { Score: { eq: 4.5 } }) { total } }');
    expect(exact.body.data).toEqual({ Review: { total: 1 } });
  });

  it('pages with limit and skip while total counts every match; locale narrows the languages', async () => {
    const emulator = await shop();
    const page = await query(emulator, '{ Product(limit: 2, skip: 1) { total items { Name } } }');
    expect(page.body.data).toEqual({ Product: { total: 4, items: [{ Name: 'Steel table' }, { Name: 'Pine CHAIR' }] } });
    const swedish = await query(emulator, 'query ($l: [Locales]) { Product(locale: $l) { total items { Name Language { Name DisplayName } } } }', {
      variables: { l: ['sv'] },
    });
    expect(swedish.body.data).toEqual({ Product: { total: 1, items: [{ Name: 'Ekstol', Language: { Name: 'sv', DisplayName: 'Svenska' } }] } });
    const defaults = await query(emulator, '{ Product(limit: 0) { total items { Name } } }');
    expect(defaults.body.data).toEqual({ Product: { total: 4, items: [] } });
  });

  it('serves abstract types as interfaces whose query returns the items of every derived type', async () => {
    const emulator = await shop();
    const answer = await query(emulator, '{ Item(locale: [en]) { total items { __typename Name ... on Review { Rating } ... on Product { Quantity } } } }');
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      Item: {
        total: 4,
        items: [
          { __typename: 'Product', Name: 'Oak chair', Quantity: 4 },
          { __typename: 'Product', Name: 'Steel table', Quantity: 1 },
          { __typename: 'Product', Name: 'Pine CHAIR', Quantity: 12 },
          { __typename: 'Review', Name: 'Nice', Rating: 5 },
        ],
      },
    });
    const schema = await query(emulator, '{ __type(name: "Product") { kind interfaces { name } } item: __type(name: "Item") { kind } }');
    expect(schema.body.data).toEqual({ __type: { kind: 'OBJECT', interfaces: [{ name: 'Item' }] }, item: { kind: 'INTERFACE' } });
  });

  it('builds the schema again when a definition changes, and follows the items', async () => {
    const emulator = await shop();
    const client = graphClientFor(emulator);
    expect((await query(emulator, '{ Product { items { Color } } }')).status).toBe(400);
    const product = { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, Color: { type: 'String' } } };
    await client.postTypes('shop', { languages: ['en', 'sv'], contentTypes: { Product: product } });
    await client.pushData('shop', indexLines([{ id: 9, language: 'en', fields: { Name: 'Red stool', Color: 'red' } }], ['Name']));
    const colored = await query(emulator, '{ Product(where: { Color: { eq: "red" } }) { total items { Name Color } } }');
    expect(colored.body.data).toEqual({ Product: { total: 1, items: [{ Name: 'Red stool', Color: 'red' }] } });
    await client.putTypes('shop', sampleDefinition());
    expect((await query(emulator, '{ Product { total } }')).body.data).toEqual({ Product: { total: 0 } });
    await client.deleteSource('shop');
    const gone = await query(emulator, '{ Product { total } }');
    expect([gone.status, gone.body.errors?.[0]?.message]).toEqual([400, expect.stringContaining('The schema is empty')]);
  });

  it("reads properties as data: a property called constructor is the item's, or null", async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('odd', {
      label: 'Odd',
      languages: ['en'],
      contentTypes: { Thing: { contentType: [], properties: { constructor: { type: 'String' }, toString: { type: 'Int' } } } },
    });
    await client.pushData(
      'odd',
      indexLines(
        [
          { id: 'a', language: 'en', contentType: ['Thing'], fields: { constructor: 'mine' } },
          { id: 'b', language: 'en', contentType: ['Thing'] },
        ],
        ['Name'],
      ),
    );
    const answer = await query(emulator, '{ Thing(where: { constructor: { eq: "mine" } }) { total items { _id constructor toString } } all: Thing { total } }');
    expect(answer.body.data).toEqual({ Thing: { total: 1, items: [{ _id: 'a', constructor: 'mine', toString: null }] }, all: { total: 2 } });
  });
});

describe('the content GraphQL endpoint: errors', () => {
  it.each([
    { name: 'no read key', auth: 'none' as const, message: 'Missing read key' },
    { name: 'a wrong read key in the header', auth: { header: 'epi-single not-the-key-at-all' }, message: 'Unknown read key' },
    { name: 'wrong Basic credentials', auth: { header: 'Basic YTpi' }, message: 'Unknown AppKey or wrong secret' },
    { name: 'another Authorization scheme', auth: { header: 'Bearer abc' }, message: 'not this Authorization scheme' },
  ])('answers 401 with GraphQL errors for $name', async ({ auth, message }) => {
    const emulator = await shop();
    const answer = await query(emulator, '{ Product { total } }', { auth });
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0]?.message).toContain(message);
    expect(answer.body.data).toBeUndefined();
  });

  it('takes the read key as ?auth= too, and the request log never shows it', async () => {
    const emulator = await shop();
    const answer = await query(emulator, '{ Product { total } }', { auth: 'query' });
    expect(answer.body.data).toEqual({ Product: { total: 4 } });
    const wrong = await fetch(`${emulator.url}/content/v2?auth=wrong-key-123`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ Product { total } }"}',
    });
    expect(wrong.status).toBe(401);
    const logged = emulator.inspect.requests().filter((r) => r.path.startsWith('/content/v2'));
    expect(logged.map((r) => [r.path, r.status])).toEqual([
      ['/content/v2?auth=redacted', 200],
      ['/content/v2?auth=redacted', 401],
    ]);
    expect(JSON.stringify(emulator.inspect.requests())).not.toContain(emulator.singleKey);
  });

  it.each([
    { name: 'a syntax error', text: '{ Product { total }', status: 400, message: 'Syntax Error', located: true },
    {
      name: 'an unknown field',
      text: '{ Product { total Colour } }',
      status: 400,
      message: 'Cannot query field "Colour" on type "ProductOutput"',
      located: true,
    },
    {
      name: 'an unknown locale',
      text: '{ Product(locale: [de]) { total } }',
      status: 400,
      message: 'Value "de" does not exist in "Locales" enum',
      located: true,
    },
    {
      name: 'an operator a type lacks',
      text: '{ Product(where: { Quantity: { contains: "x" } }) { total } }',
      status: 400,
      message: 'Field "contains" is not defined by type "IntFilterInput"',
      located: true,
    },
    {
      name: 'a mutation',
      text: 'mutation { Product { total } }',
      status: 400,
      message: 'Schema is not configured to execute mutation operation',
      located: true,
    },
    { name: 'a limit over 100', text: '{ Product(limit: 101) { total } }', status: 200, message: 'limit must be from 0 to 100, not 101', located: true },
  ])('answers $name with GraphQL errors ($status)', async ({ text, status, message, located }) => {
    const emulator = await shop();
    const answer = await query(emulator, text);
    expect(answer.status).toBe(status);
    expect(answer.body.errors?.[0]?.message).toContain(message);
    if (located) expect(answer.body.errors?.[0]?.locations).toEqual([expect.objectContaining({ line: 1 })]);
  });

  it.each([
    { name: 'a body that is not JSON', body: '{query', contentType: 'application/json', status: 400, message: 'not valid JSON' },
    { name: 'a body without a query', body: '{"variables":{}}', contentType: 'application/json', status: 400, message: 'The body has no query' },
    {
      name: 'variables that are not an object',
      body: '{"query":"{ Product { total } }","variables":[1]}',
      contentType: 'application/json',
      status: 400,
      message: 'variables must be a JSON object',
    },
    { name: 'another content type', body: '{ Product { total } }', contentType: 'application/graphql', status: 415, message: 'Content-Type: application/json' },
  ])('answers $name with $status', async ({ body, contentType, status, message }) => {
    const emulator = await shop();
    const answer = await query(emulator, '', { body, contentType });
    expect(answer.status).toBe(status);
    expect(answer.body.errors?.[0]?.message).toContain(message);
  });

  it('says the schema does not work when two sources define the same content type, naming both', async () => {
    const emulator = await shop();
    const other: SourceDefinition = { label: 'Other', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } };
    await graphClientFor(emulator).putTypes('zz', other);
    const answer = await query(emulator, '{ Product { total } }');
    expect(answer.status).toBe(500);
    expect(answer.body.errors?.[0]?.message).toBe(
      'The schema does not work: the type name Product is used by content type Product of source shop and by content type Product of source zz',
    );
  });

  it('answers unknown paths and methods under /content/ in GraphQL error form', async () => {
    const emulator = await shop();
    const missing = await fetch(`${emulator.url}/content/v3`, { method: 'POST' });
    expect([missing.status, ((await missing.json()) as Answer['body']).errors?.[0]?.message]).toEqual([404, 'No such endpoint: /content/v3']);
    const put = await fetch(`${emulator.url}/content/v2`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, GET, OPTIONS');
  });
});

describe('the content GraphQL endpoint: the page', () => {
  it('serves a page with a form and its own inline script, allowed by hash, and nothing from elsewhere', async () => {
    const emulator = await startTestEmulator();
    const response = await fetch(`${emulator.url}/content/v2?auth=${emulator.singleKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<textarea id="query"');
    expect(html).toContain('<button id="run"');
    expect(html).toContain('<pre id="result"');
    expect(html).not.toMatch(/\b(?:src|href)=/);
    expect(html).not.toContain(emulator.singleKey);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    // It compiles as JavaScript (running it needs a browser), and posts to the page's own path with the key in a header.
    expect(() => new Script(script)).not.toThrow();
    expect(script).toContain("fetch(location.pathname, { method: 'POST'");
    expect(script).toContain("headers.authorization = 'epi-single ' + key.value");
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the content GraphQL endpoint over a data directory', () => {
  it('answers from the items on disk after a restart exactly as from the items it was sent', async () => {
    const dataDir = await makeTempDir();
    const credentials = { appKey: 'graphql', secret: Buffer.from('graphql on disk').toString('base64') };
    const first = await startTestEmulator({ dataDir, credentials, singleKey: 'read-key-on-disk' });
    const definition = sampleDefinition();
    definition.contentTypes.Review = {
      contentType: ['Item'],
      properties: { Rating: { type: 'Int' }, Score: { type: 'Float' }, Verified: { type: 'Boolean' } },
    };
    await graphClientFor(first).putTypes('shop', definition);
    await graphClientFor(first).pushData('shop', indexLines(items, ['Name']));
    const queries = [
      '{ Product(locale: [en]) { total items { _id Name Quantity Tags Size { Width Height } } } }',
      '{ Item(limit: 2, skip: 1) { total items { _id Name ContentType Language { Name DisplayName } } } }',
      '{ Product(where: { Name: { contains: "chair" } }) { total items { _id Name } } }',
      '{ Product(locale: [sv]) { total } Review { total } }',
    ];
    const before = await Promise.all(queries.map(async (text) => (await query(first, text)).body));
    await first.close();
    const second = await startTestEmulator({ dataDir, credentials, singleKey: 'read-key-on-disk' });
    try {
      for (const [i, text] of queries.entries()) expect((await query(second, text)).body).toEqual(before[i]);
      expect(before[3]).toEqual({ data: { Product: { total: 1 }, Review: { total: 1 } } });
    } finally {
      await second.close();
    }
  });
});
