import { describe, expect, it } from 'vitest';
import { assetMatches, assetRecord, valueAt } from '../../src/marketing/asset-items.js';
import type { Asset } from '../../src/marketing/types.js';
import type { AssetFilter, SourceDeclaration, SourceImport } from '../../src/model/types.js';

const ASSET: Asset = {
  id: 'a-1',
  title: 'Spring launch',
  type: 'article',
  folder_id: 'f-news',
  is_archived: false,
  labels: ['campaign', { name: 'spring' }],
  content: { type: 'html', value: '<p>Hello</p>' },
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
    { filter: { labels: ['spring'] }, matches: true },
    { filter: { labels: ['campaign', 'x'] }, matches: true },
    { filter: { labels: ['autumn'] }, matches: false },
    { filter: { labels: ['spring'] }, asset: { labels: undefined }, matches: false },
    { filter: { type: ['article'], folder: ['f-news'], labels: ['autumn'] }, matches: false },
  ])('$filter on $asset → $matches', ({ filter, asset, matches }) => {
    expect(assetMatches({ ...ASSET, ...asset }, filter)).toBe(matches);
  });
});

describe('valueAt', () => {
  it.each([
    ['title', 'Spring launch'],
    ['content.value', '<p>Hello</p>'],
    ['links.self', 'https://api.example.com/v3/assets/a-1'],
    ['labels.0', 'campaign'],
    ['labels.1.name', 'spring'],
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
  const spec: SourceImport = { from: 'assets', contentType: 'Article', mapping: { Name: 'title', Body: 'content.value', Thumb: 'thumbnail_url', Status: 'type' } };

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
