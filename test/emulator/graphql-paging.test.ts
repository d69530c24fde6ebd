import { ClientError, gql, GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition, startTestEmulator, type SampleItem } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// public-facts.md, "Reading items back (GraphQL)": limit defaults to 20, at most 100;
// skip + limit reach only the first 10,000 results; past that, cursor paging (start with
// cursor: "", pass the answer's cursor on, each cursor lives 10 minutes, order by
// _ranking: DOC); total answers -1 past 10,000 unless asked as total(all: true).
// graphql-request, a published client, reads the emulator here.

interface Page {
  Product: { total: number; cursor: string | null; items: Array<{ _id: string }> };
}

const CURSOR_PAGE = gql`
  query Page($cursor: String, $limit: Int) {
    Product(cursor: $cursor, limit: $limit, orderBy: { _ranking: DOC }) {
      total
      cursor
      items {
        _id
      }
    }
  }
`;

const products = (count: number, language = 'en', from = 0): SampleItem[] => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}`, language }));

async function shop(items: readonly SampleItem[], options: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
  const emulator = await startTestEmulator(options);
  const client = graphClientFor(emulator, { scheme: 'basic' });
  await client.putTypes('shop', sampleDefinition());
  await client.pushData('shop', indexLines(items, ['Name']));
  return emulator;
}

const reader = (emulator: RunningEmulator): GraphQLClient =>
  new GraphQLClient(`${emulator.url}/content/v2`, { headers: { authorization: `epi-single ${emulator.singleKey}` } });

async function refusal(request: Promise<unknown>): Promise<{ status: number; message: string | undefined }> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ClientError)) throw new Error(`expected a GraphQL error, got ${String(error)}`);
  return { status: error.response.status, message: error.response.errors?.[0]?.message };
}

describe('cursor paging', () => {
  it("an empty cursor starts, the answer's cursor continues, until no items are left; items pushed meanwhile are not in it", async () => {
    const emulator = await shop(products(25));
    const client = reader(emulator);
    const first = await client.request<Page>(CURSOR_PAGE, { cursor: '', limit: 10 });
    expect(first.Product.total).toBe(25);
    expect(first.Product.cursor).toEqual(expect.any(String));
    await graphClientFor(emulator, { scheme: 'basic' }).pushData('shop', indexLines(products(5, 'en', 100), ['Name']));
    const seen = first.Product.items.map((i) => i._id);
    const cursor = first.Product.cursor ?? '';
    for (;;) {
      const next = await client.request<Page>(CURSOR_PAGE, { cursor, limit: 10 });
      expect(next.Product.cursor).toBe(cursor);
      if (next.Product.items.length === 0) break;
      seen.push(...next.Product.items.map((i) => i._id));
    }
    expect(seen).toEqual(products(25).map((p) => String(p.id)));
    // Without a cursor the new items are there.
    expect((await client.request<Page>(CURSOR_PAGE, {})).Product).toMatchObject({ total: 30, cursor: null });
  });

  it('reads each page as the items are now: one deleted since, or marked deleted, is left out', async () => {
    const emulator = await shop(products(4));
    const client = reader(emulator);
    const first = await client.request<Page>(CURSOR_PAGE, { cursor: '', limit: 1 });
    expect(first.Product.items).toEqual([{ _id: 'p0' }]);
    const writer = graphClientFor(emulator, { scheme: 'basic' });
    await writer.pushData('shop', `${JSON.stringify({ delete: { _id: 'p1', language_routing: 'en' } })}\n`);
    await writer.pushData('shop', indexLines([{ id: 'p2', language: 'en', fields: { _deleted: true } }], ['Name']));
    const rest = await client.request<Page>(CURSOR_PAGE, { cursor: first.Product.cursor, limit: 3 });
    expect(rest.Product).toMatchObject({ total: 4, items: [{ _id: 'p3' }] });
  });

  it.each([
    ['in memory', false],
    ['in a data directory', true],
  ])("%s, a later page looks each key up as it is now, in the cursor's order", async (_where, onDisk) => {
    const emulator = await shop(products(6), onDisk ? { dataDir: await makeTempDir() } : {});
    const client = reader(emulator);
    const named = gql`
      query Page($cursor: String, $limit: Int) {
        Product(cursor: $cursor, limit: $limit, orderBy: { _ranking: DOC }) {
          items {
            _id
            Name
          }
        }
      }
    `;
    const first = await client.request<{ Product: { cursor: string; items: Array<{ _id: string; Name: string }> } }>(gql`
      query {
        Product(cursor: "", limit: 1, orderBy: { _ranking: DOC }) {
          cursor
          items {
            _id
          }
        }
      }
    `);
    expect(first.Product.items).toEqual([{ _id: 'p0' }]);
    const writer = graphClientFor(emulator, { scheme: 'basic' });
    await writer.pushData('shop', `${JSON.stringify({ delete: { _id: 'p1', language_routing: 'en' } })}\n`);
    // Re-indexed: changed, and moved to the end of the index; the cursor keeps its place.
    await writer.pushData('shop', indexLines([{ id: 'p2', language: 'en', fields: { Name: 'Renamed' } }], ['Name']));
    await writer.pushData('shop', indexLines([{ id: 'p3', language: 'en', fields: { Status: 'Draft' } }], ['Name']));
    // The same _id in another language is another item.
    await writer.pushData('shop', indexLines([{ id: 'p4', language: 'sv', fields: { Name: 'Swedish' } }], ['Name']));
    const rest = await client.request<{ Product: { items: Array<{ _id: string; Name: string }> } }>(named, { cursor: first.Product.cursor, limit: 10 });
    expect(rest.Product.items).toEqual([
      { _id: 'p2', Name: 'Renamed' },
      { _id: 'p4', Name: 'Item p4' },
      { _id: 'p5', Name: 'Item p5' },
    ]);
  });

  it('a cursor lives 10 minutes from its last use', async () => {
    let clock = Date.now();
    const emulator = await shop(products(5), { now: () => clock });
    const client = reader(emulator);
    const first = await client.request<Page>(CURSOR_PAGE, { cursor: '', limit: 1 });
    const cursor = first.Product.cursor ?? '';
    clock += 9 * 60_000;
    expect((await client.request<Page>(CURSOR_PAGE, { cursor, limit: 1 })).Product.items).toEqual([{ _id: 'p1' }]);
    clock += 10 * 60_000;
    expect((await client.request<Page>(CURSOR_PAGE, { cursor, limit: 1 })).Product.items).toEqual([{ _id: 'p2' }]);
    clock += 10 * 60_000 + 1;
    const expired = await refusal(client.request<Page>(CURSOR_PAGE, { cursor, limit: 1 }));
    expect(expired.message).toContain('The cursor is unknown or has expired');
  });

  it('a cursor is bound to its query field and its reader, and must be asked with items', async () => {
    const emulator = await shop(products(3));
    const client = reader(emulator);
    const cursor = (await client.request<Page>(CURSOR_PAGE, { cursor: '', limit: 1 })).Product.cursor ?? '';
    const other = await refusal(
      client.request(
        gql`
          query ($cursor: String) {
            Item(cursor: $cursor) {
              items {
                _id
              }
            }
          }
        `,
        { cursor },
      ),
    );
    expect(other.message).toBe('The cursor was opened by the query field Product, not Item');
    const stranger = new GraphQLClient(`${emulator.url}/content/v2`, {
      headers: { authorization: `Basic ${Buffer.from(`${emulator.credentials.appKey}:${emulator.credentials.secret}`).toString('base64')}` },
    });
    expect((await refusal(stranger.request<Page>(CURSOR_PAGE, { cursor, limit: 1 }))).message).toContain('The cursor is unknown or has expired');
    const totalOnly = await refusal(
      client.request(gql`
        {
          Product(cursor: "") {
            total
          }
        }
      `),
    );
    expect(totalOnly.message).toContain('must select at least one field of items');
  });

  it('orderBy takes _ranking DOC and RELEVANCE; other values are refused', async () => {
    const emulator = await shop(products(3));
    const client = reader(emulator);
    const relevance = await client.request<Page>(gql`
      {
        Product(orderBy: { _ranking: RELEVANCE }) {
          total
          cursor
          items {
            _id
          }
        }
      }
    `);
    expect(relevance.Product.items.map((i) => i._id)).toEqual(['p0', 'p1', 'p2']);
    const wrong = await refusal(
      client.request(gql`
        {
          Product(orderBy: { _ranking: NEWEST }) {
            total
          }
        }
      `),
    );
    expect(wrong.status).toBe(400);
  });
});

describe('the 10,000 window and total(all: true)', () => {
  it('skip + limit reach the first 10,000 results only, total is -1 past 10,000 unless all: true, and a cursor reaches every item', async () => {
    const emulator = await shop([...products(10_000), { id: 'last', language: 'sv' }]);
    const client = reader(emulator);
    const totals = await client.request<{ all: { total: number }; counted: { total: number }; english: { total: number } }>(gql`
      {
        all: Product {
          total
        }
        counted: Product {
          total(all: true)
        }
        english: Product(locale: [en]) {
          total
        }
      }
    `);
    expect(totals).toEqual({ all: { total: -1 }, counted: { total: 10_001 }, english: { total: 10_000 } });

    const lastPage = await client.request<Page>(gql`
      {
        Product(skip: 9990, limit: 10) {
          total
          cursor
          items {
            _id
          }
        }
      }
    `);
    expect(lastPage.Product.items.map((i) => i._id)).toEqual(products(10, 'en', 9990).map((p) => String(p.id)));
    const past = await refusal(
      client.request(gql`
        {
          Product(skip: 9991, limit: 10) {
            items {
              _id
            }
          }
        }
      `),
    );
    expect(past.message).toContain('skip + limit must be at most 10000');
    const defaultLimit = await refusal(
      client.request(gql`
        {
          Product(skip: 9990) {
            items {
              _id
            }
          }
        }
      `),
    );
    expect(defaultLimit.message).toContain('(here 10010)');

    let cursor = '';
    const ids = new Set<string>();
    for (;;) {
      const page = await client.request<Page>(CURSOR_PAGE, { cursor, limit: 100 });
      if (page.Product.items.length === 0) break;
      for (const item of page.Product.items) ids.add(item._id);
      cursor = page.Product.cursor ?? '';
    }
    expect(ids.size).toBe(10_001);
    expect(ids.has('last')).toBe(true);
  }, 60_000);
});
