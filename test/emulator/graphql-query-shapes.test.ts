import { GraphQLClient } from 'graphql-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor } from '../helpers/emulator.js';

// The query shapes of the vendor's GraphQL documentation (Where, Operators, Logical
// connectors, OrderBy, Full-text search, Facets, Item queries, Locale), written as a
// frontend writes them, sent with a real client, and checked against the items pushed.

interface Article {
  id: string;
  lang: string;
  Title: string;
  PublishedAt: string;
  Day: string;
  Views: number;
  Featured: boolean;
  Tags: string[];
  Author?: { Name: string; Age: number };
}

const articles: Article[] = [
  {
    id: 'a1',
    lang: 'en',
    Title: 'Graph search for beginners',
    PublishedAt: '2024-03-01T10:00:00Z',
    Day: '2024-03-01',
    Views: 120,
    Featured: true,
    Tags: ['search', 'intro'],
    Author: { Name: 'Ada', Age: 36 },
  },
  {
    id: 'a2',
    lang: 'en',
    Title: 'Faceted navigation',
    PublishedAt: '2024-05-20T08:30:00Z',
    Day: '2024-05-20',
    Views: 45,
    Featured: false,
    Tags: ['facets'],
    Author: { Name: 'Grace', Age: 45 },
  },
  {
    id: 'a3',
    lang: 'en',
    Title: 'Search ranking and search boost',
    PublishedAt: '2024-01-15T12:00:00Z',
    Day: '2024-01-15',
    Views: 300,
    Featured: true,
    Tags: ['search', 'ranking'],
  },
  {
    id: 'a4',
    lang: 'sv',
    Title: 'Sökning för nybörjare',
    PublishedAt: '2024-03-01T18:00:00Z',
    Day: '2024-03-01',
    Views: 12,
    Featured: false,
    Tags: ['search'],
    Author: { Name: 'Ada', Age: 36 },
  },
];

let emulator: RunningEmulator;
let graph: GraphQLClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const client = graphClientFor(emulator, { scheme: 'basic' });
  await client.putTypes('news', {
    label: 'News',
    languages: ['en', 'sv'],
    propertyTypes: { Person: { properties: { Name: { name: 'Name', type: 'String' }, Age: { name: 'Age', type: 'Int' } } } },
    contentTypes: {
      Article: {
        contentType: [],
        properties: {
          Title: { type: 'String', searchable: true },
          PublishedAt: { type: 'DateTime' },
          Day: { type: 'Date' },
          Views: { type: 'Int' },
          Featured: { type: 'Boolean' },
          Tags: { type: '[String]' },
          Author: { type: 'Person' },
        },
      },
    },
  });
  const lines = articles.map(({ id, lang, Title, ...fields }) =>
    [
      JSON.stringify({ index: { _id: id, language_routing: lang } }),
      JSON.stringify({ ContentType: ['Article'], Status: 'Published', _rbac: 'r:Everyone:Read', Title___searchable: Title, ...fields }),
    ].join('\n'),
  );
  await client.pushData('news', `${lines.join('\n')}\n`);
  graph = new GraphQLClient(`${emulator.url}/content/v2`, { headers: { authorization: `epi-single ${emulator.singleKey}` } });
  return () => emulator.close();
});

const ids = (list: readonly Article[]): string[] => list.map((a) => a.id);
const byDate = (a: Article, b: Article): number => Date.parse(b.PublishedAt) - Date.parse(a.PublishedAt);

async function articleIds(args: string): Promise<string[]> {
  const data = await graph.request<{ Article: { items: Array<{ _id: string }> } }>(`{ Article(${args}) { items { _id } } }`);
  return data.Article.items.map((i) => i._id);
}

describe('documented query shapes against the emulator', () => {
  it('orderBy a field: PublishedAt DESC and ASC, a second field breaking ties', async () => {
    expect(await articleIds('orderBy: {PublishedAt: DESC}, locale: [ALL]')).toEqual(ids([...articles].sort(byDate)));
    expect(await articleIds('orderBy: {PublishedAt: ASC}')).toEqual(ids([...articles].sort(byDate).reverse()));
    expect(await articleIds('orderBy: {Day: DESC, Views: ASC}')).toEqual(['a2', 'a4', 'a1', 'a3']);
    expect(await articleIds('orderBy: {Author: {Age: DESC}}')).toEqual(['a2', 'a1', 'a4', 'a3']);
  });

  it('filters on Date and DateTime fields with gte and lte', async () => {
    const expected = articles.filter((a) => a.Day >= '2024-03-01' && a.Day <= '2024-04-30');
    expect(await articleIds('where: {Day: {gte: "2024-03-01", lte: "2024-04-30"}}')).toEqual(ids(expected));
    expect(await articleIds('where: {PublishedAt: {gt: "2024-03-01T12:00:00Z"}}')).toEqual(ids(articles.filter((a) => a.PublishedAt > '2024-03-01T12:00:00Z')));
  });

  it('filters on a property type field, and with notEq, startsWith, exist, in, notIn, like', async () => {
    expect(await articleIds('where: {Author: {Name: {eq: "ada"}}}')).toEqual(ids(articles.filter((a) => a.Author?.Name === 'Ada')));
    expect(await articleIds('where: {Author: {Age: {gte: 40}}}')).toEqual(['a2']);
    expect(await articleIds('where: {Tags: {notEq: "search"}}')).toEqual(ids(articles.filter((a) => !a.Tags.includes('search'))));
    expect(await articleIds('where: {Title: {startsWith: "search"}}')).toEqual(['a3']);
    expect(await articleIds('where: {Views: {exist: false}}')).toEqual([]);
    expect(await articleIds('where: {Author: {Name: {exist: true}}}')).toEqual(['a1', 'a2', 'a4']);
    expect(await articleIds('where: {Views: {in: [45, 12]}}')).toEqual(['a2', 'a4']);
    expect(await articleIds('where: {Views: {notIn: [45, 12]}, Featured: {eq: true}}')).toEqual(['a1', 'a3']);
    expect(await articleIds('where: {Title: {like: "%nav_gation"}}')).toEqual(['a2']);
  });

  it('combines filters with _and, _or and _not', async () => {
    expect(await articleIds('where: {_or: [{Views: {gt: 200}}, {Tags: {eq: "facets"}}]}')).toEqual(['a2', 'a3']);
    expect(await articleIds('where: {_and: [{Featured: {eq: true}}, {Views: {lt: 200}}]}')).toEqual(['a1']);
    expect(await articleIds('where: {_not: [{Tags: {eq: "search"}}]}, locale: [en]')).toEqual(['a2']);
    expect(await articleIds('where: {_or: [{_and: [{Featured: {eq: false}}, {Views: {lt: 20}}]}, {Day: {eq: "2024-01-15"}}]}')).toEqual(['a3', 'a4']);
  });

  it('searches with _fulltext, answers _score, and ranks by relevance', async () => {
    const data = await graph.request<{ Article: { total: number; items: Array<{ _id: string; _score: number }> } }>(
      '{ Article(where: {_fulltext: {match: "search"}}, orderBy: {_ranking: RELEVANCE}) { total items { _id _score } } }',
    );
    expect(data.Article.total).toBe(2);
    expect(data.Article.items.map((i) => i._id)).toEqual(['a1', 'a3']);
    expect(data.Article.items.every((i) => i._score > 0)).toBe(true);
    expect(await articleIds('where: {_fulltext: {match: "search boost"}}')).toEqual(['a3']);
    expect(await articleIds('where: {Title: {match: "navigation", boost: 2}}')).toEqual(['a2']);
  });

  it('answers facets on String, Boolean, number and date fields, with limit 0 for facets only', async () => {
    const data = await graph.request<{ Article: { items: unknown[]; facets: Record<string, Array<{ name: string; count: number }>> } }>(`{
      Article(limit: 0) {
        items { _id }
        facets {
          Tags(orderType: COUNT, limit: 2) { name count }
          Featured { name count }
          Views(ranges: [{to: 100}, {from: 100}]) { name count }
          Day(unit: DAY) { name count }
        }
      }
    }`);
    const tagCounts = new Map<string, number>();
    for (const a of articles) for (const tag of a.Tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    expect(data.Article.items).toEqual([]);
    expect(data.Article.facets.Tags).toEqual([
      { name: 'search', count: tagCounts.get('search') },
      { name: 'facets', count: 1 },
    ]);
    expect(data.Article.facets.Featured).toEqual([
      { name: 'false', count: 2 },
      { name: 'true', count: 2 },
    ]);
    expect(data.Article.facets.Views).toEqual([
      { name: '*-100', count: articles.filter((a) => a.Views < 100).length },
      { name: '100-*', count: articles.filter((a) => a.Views >= 100).length },
    ]);
    expect(data.Article.facets.Day).toEqual([
      { name: '2024-01-15T00:00:00.000Z', count: 1 },
      { name: '2024-03-01T00:00:00.000Z', count: 2 },
      { name: '2024-05-20T00:00:00.000Z', count: 1 },
    ]);
  });

  it("narrows the items by a facet's filters, its counts staying", async () => {
    const data = await graph.request<{ Article: { total: number; items: Array<{ _id: string }>; facets: { Tags: Array<{ name: string; count: number }> } } }>(
      '{ Article { total items { _id } facets { Tags(filters: ["facets", "ranking"], orderType: VALUE, orderBy: ASC) { name count } } } }',
    );
    expect(data.Article.items.map((i) => i._id)).toEqual(['a2', 'a3']);
    expect(data.Article.total).toBe(2);
    expect(data.Article.facets.Tags.map((f) => f.name)).toEqual(['facets', 'intro', 'ranking', 'search']);
  });

  it('answers item, the single first hit', async () => {
    const data = await graph.request<{ Article: { item: { _id: string; Title: string } | null } }>(
      '{ Article(where: {Views: {gt: 100}}, orderBy: {Views: DESC}) { item { _id Title } } }',
    );
    expect(data.Article.item).toEqual({ _id: 'a3', Title: 'Search ranking and search boost' });
    const none = await graph.request<{ Article: { item: unknown } }>('{ Article(where: {Views: {gt: 1000}}) { item { _id } } }');
    expect(none.Article.item).toBeNull();
  });

  it('takes locale: [ALL] for every language and [NEUTRAL] for items of none', async () => {
    expect(await articleIds('locale: [ALL]')).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await articleIds('locale: [sv]')).toEqual(['a4']);
    expect(await articleIds('locale: [NEUTRAL]')).toEqual([]);
  });

  it('takes orderBy and where from variables, as generated clients send them', async () => {
    const data = await graph.request<{ Article: { items: Array<{ _id: string }> } }>(
      'query ($where: ArticleWhereInput, $order: ArticleOrderByInput) { Article(where: $where, orderBy: $order) { items { _id } } }',
      { where: { Day: { gte: '2024-03-01' } }, order: { Views: 'DESC' } },
    );
    expect(data.Article.items.map((i) => i._id)).toEqual(ids(articles.filter((a) => a.Day >= '2024-03-01').sort((a, b) => b.Views - a.Views)));
  });
});
