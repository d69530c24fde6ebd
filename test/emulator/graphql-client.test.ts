import { ClientError, gql, GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { indexLines, startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

interface ProductPage {
  Product: {
    total: number;
    items: Array<{ _id: string; Name: string; Quantity: number; Color: string | null; ContentType: string[]; Language: { Name: string } }>;
  };
}

const PRODUCTS = gql`
  query Products($color: String, $min: Int, $locale: [Locales], $limit: Int) {
    Product(where: { Color: { eq: $color }, Quantity: { gt: $min } }, locale: $locale, limit: $limit) {
      total
      items {
        _id
        Name
        Quantity
        Color
        ContentType
        Language {
          Name
        }
      }
    }
  }
`;

const colors = ['red', 'blue', 'red', 'green', 'red', 'blue'];

/**
 * End to end, with a published GraphQL client: graphform applies a declared source to the
 * emulator and pushes items, and graphql-request reads them back through the content
 * GraphQL endpoint with filters, locales, paging and total, as a front end would.
 */
describe('reading pushed items back with graphql-request', () => {
  it('applies a source, pushes items, and queries them with filters and total', async () => {
    const emulator = await startTestEmulator();
    const items = colors.map((color, i) => ({
      id: `p${i + 1}`,
      language: i < 4 ? 'en' : 'sv',
      fields: { Name: `Product ${i + 1}`, Quantity: (i + 1) * 10, Color: color },
    }));
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': indexLines(items) });
    const apply = await project.cli('apply', '--yes');
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const push = await project.cli('data', 'push', 'shop', 'items.ndjson');
    expect(push.code).toBe(0);

    const client = new GraphQLClient(`${emulator.url}/content/v2`, { headers: { authorization: `epi-single ${emulator.singleKey}` } });
    const red = await client.request<ProductPage>(PRODUCTS, { color: 'red' });
    expect(red.Product.total).toBe(3);
    expect(red.Product.items.map((i) => [i._id, i.Name, i.Language.Name])).toEqual([
      ['p1', 'Product 1', 'en'],
      ['p3', 'Product 3', 'en'],
      ['p5', 'Product 5', 'sv'],
    ]);
    expect(red.Product.items[0]).toMatchObject({ Quantity: 10, Color: 'red', ContentType: ['Item', 'Product'] });

    const bigEnglishRed = await client.request<ProductPage>(PRODUCTS, { color: 'red', min: 15, locale: ['en'] });
    expect(bigEnglishRed.Product).toEqual({ total: 1, items: [expect.objectContaining({ _id: 'p3', Quantity: 30 })] });

    const firstPage = await client.request<ProductPage>(PRODUCTS, { limit: 2 });
    expect(firstPage.Product.total).toBe(6);
    expect(firstPage.Product.items.map((i) => i._id)).toEqual(['p1', 'p2']);

    const swedish = await client.request<{ Item: { total: number } }>(gql`
      {
        Item(locale: [sv]) {
          total
        }
      }
    `);
    expect(swedish.Item.total).toBe(2);
  });

  it("gets the endpoint's errors as a ClientError: a wrong read key, then an unknown field", async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);

    const stranger = new GraphQLClient(`${emulator.url}/content/v2?auth=not-the-read-key`);
    const refused = await stranger.request(PRODUCTS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).response.status).toBe(401);
    expect((refused as ClientError).response.errors?.[0]?.message).toBe('Unknown read key');

    const client = new GraphQLClient(`${emulator.url}/content/v2?auth=${emulator.singleKey}`);
    const invalid = await client
      .request(gql`
        {
          Product {
            items {
              Weight
            }
          }
        }
      `)
      .catch((error: unknown) => error);
    expect((invalid as ClientError).response.status).toBe(400);
    expect((invalid as ClientError).response.errors?.[0]?.message).toBe('Cannot query field "Weight" on type "Product".');
  });
});
