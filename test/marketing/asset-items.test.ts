import { describe, expect, it } from 'vitest';
import { assetMatches, assetQueries, assetRecord, valueAt } from '../../src/marketing/asset-items.js';
import type { Asset } from '../../src/marketing/types.js';
import type { AssetFilter, SourceDeclaration, SourceImport } from '../../src/model/types.js';

const ASSET: Asset = {
  id: 'a-1',
  title: 'Spring launch',
  type: 'article',
  folder_id: 'f-news',
  is_archived: false,
  file_location: '/all assets/News',
  labels: [
    {
      group: { id: 'g-campaign', name: 'Campaign' },
      values: [
        { id: 'v-spring', name: 'Spring 2025' },
        { id: 'v-launch', name: 'Launch' },
      ],
    },
    { group: { id: 'g-topic', name: 'Topic' }, values: [{ id: 'v-shoes', name: 'Footwear' }] },
  ],
  content: { type: 'html_body', value: '<p>Hello</p>' },
  thumbnail_url: null,
  links: { self: 'https://api.example.com/v3/assets/a-1' },
};

const DECLARATION: SourceDeclaration = {
  id: 'news',
  file: 'content-sources/news.yaml',
  data: [],
  definition: {
    label: 'News',
    languages: ['en', 'sv'],
    contentTypes: {
      Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
      Story: { abstract: true, contentType: ['Item'], properties: {} },
      Article: { contentType: ['Story'], properties: { Body: { type: 'String' }, Thumb: { type: 'String' } } },
    },
  },
};

describe('assetMatches', () => {
  it.each<{ filter: AssetFilter | undefined; asset?: Partial<Asset>; matches: boolean }>([
    { filter: undefined, matches: true },
    { filter: undefined, asset: { is_archived: true }, matches: false },
    { filter: { archived: true }, asset: { is_archived: true }, matches: true },
    { filter: { archived: true }, matches: false },
    { filter: { type: ['article', 'image'] }, matches: true },
    { filter: { type: ['video'] }, matches: false },
    { filter: { folder: ['f-news'] }, matches: true },
    { filter: { folder: ['f-other'] }, matches: false },
    { filter: { folder: ['null'] }, asset: { folder_id: null }, matches: false },
    { filter: { labels: ['Spring 2025'] }, matches: true },
    { filter: { labels: ['v-shoes'] }, matches: true },
    { filter: { labels: ['Campaign: Launch'] }, matches: true },
    { filter: { labels: ['Topic:Footwear'] }, matches: true },
    { filter: { labels: ['Autumn', 'Topic: Footwear'] }, matches: true },
    { filter: { labels: ['Topic: Launch'] }, matches: false },
    { filter: { labels: ['Campaign'] }, matches: false },
    { filter: { labels: ['g-campaign'] }, matches: false },
    { filter: { labels: ['spring 2025'] }, matches: false },
    { filter: { labels: ['Spring 2025'] }, asset: { labels: undefined }, matches: false },
    { filter: { labels: ['Spring 2025'] }, asset: { labels: [] }, matches: false },
    { filter: { labels: ['campaign'] }, asset: { labels: ['campaign'] }, matches: true },
    { filter: { type: ['article'], folder: ['f-news'], labels: ['Autumn'] }, matches: false },
  ])('$filter on $asset → $matches', ({ filter, asset, matches }) => {
    expect(assetMatches({ ...ASSET, ...asset }, filter)).toBe(matches);
  });
});

describe('assetQueries', () => {
  it('sends type and folder_id, one listing per folder, is_archived only when the filter names archived, and never the labels', () => {
    expect(assetQueries(undefined)).toEqual([{}]);
    expect(assetQueries({ type: ['article', 'image'], labels: ['Spring 2025'], archived: true })).toEqual([{ archived: true, types: ['article', 'image'] }]);
    expect(assetQueries({ archived: false })).toEqual([{ archived: false }]);
    expect(assetQueries({ folder: ['f-1', 'f-2', 'f-1'] })).toEqual([{ folderId: 'f-1' }, { folderId: 'f-2' }]);
  });
});

describe('valueAt', () => {
  it.each([
    ['title', 'Spring launch'],
    ['content.value', '<p>Hello</p>'],
    ['links.self', 'https://api.example.com/v3/assets/a-1'],
    ['labels.0.group.name', 'Campaign'],
    ['labels.0.values.1.name', 'Launch'],
    ['labels.1.values.0.id', 'v-shoes'],
    ['file_location', '/all assets/News'],
    ['labels.x', undefined],
    ['content.value.length', undefined],
    ['missing.field', undefined],
    ['constructor', undefined],
    ['content.toString', undefined],
    ['thumbnail_url', null],
  ])('%s → %j', (path, expected) => {
    expect(valueAt(ASSET, path)).toEqual(expected);
  });
});

describe('assetRecord', () => {
  const spec: SourceImport = {
    from: 'assets',
    contentType: 'Article',
    mapping: { Name: 'title', Body: 'content.value', Thumb: 'thumbnail_url', Status: 'type' },
  };

  it('makes an item of the import content type, with its bases first, the asset id as _id and mapped properties', () => {
    expect(assetRecord(ASSET, 3, DECLARATION, spec)).toEqual({
      file: 'asset a-1',
      line: 3,
      action: { kind: 'index', id: 'a-1', language: 'en' },
      item: {
        ContentType: ['Item', 'Story', 'Article'],
        Language: { Name: 'en' },
        Status: 'article',
        _rbac: 'r:Everyone:Read',
        Name: 'Spring launch',
        Body: '<p>Hello</p>',
      },
    });
  });

  it('uses the import language and leaves out fields the asset lacks', () => {
    const record = assetRecord({ id: 'a-2' }, 1, DECLARATION, { ...spec, language: 'sv' });
    expect(record.action).toEqual({ kind: 'index', id: 'a-2', language: 'sv' });
    expect(record.item).toEqual({ ContentType: ['Item', 'Story', 'Article'], Language: { Name: 'sv' }, Status: 'Published', _rbac: 'r:Everyone:Read' });
  });

  it('keeps a property named like an Object member as data', () => {
    const mapping = JSON.parse('{"__proto__": "title", "constructor": "type"}') as Record<string, string>;
    const record = assetRecord(ASSET, 1, DECLARATION, { ...spec, mapping });
    expect(Object.getPrototypeOf(record.item)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(record.item, '__proto__')?.value).toBe('Spring launch');
    expect(Object.getOwnPropertyDescriptor(record.item, 'constructor')?.value).toBe('article');
  });
});
