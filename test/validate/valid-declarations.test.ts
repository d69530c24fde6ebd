import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludeDataFiles } from '../../src/load/exclude-data-files.js';
import { readDeclarationFiles } from '../../src/load/read-declarations.js';
import { validateDeclarations } from '../../src/validate/validate.js';
import { parseDeclarationFile, type ParsedDeclarationFile } from '../../src/load/parse.js';
import type { LazySourceMap } from '../../src/load/source-map.js';
import { declarationText } from '../bench/generate-sources.js';
import { brief, defaultContext, validateTexts, yaml } from './validate-helpers.js';

const repository = path.resolve(import.meta.dirname, '../..');

describe('the example declarations in content-sources/', () => {
  it('validate with no diagnostics and give one declaration per file, sorted by id', async () => {
    const files = excludeDataFiles(await readDeclarationFiles(path.join(repository, 'content-sources'), repository));
    const result = validateDeclarations(files, defaultContext);
    expect(result.diagnostics).toEqual([]);
    expect(result.declarations.map((d) => [d.id, d.file])).toEqual([
      ['blog', 'content-sources/blog.yaml'],
      ['faq', 'content-sources/faq.yaml'],
      ['shop', 'content-sources/shop.yaml'],
    ]);
  });

  it('give the shop its service definition: base type, derived types, property types and lists', async () => {
    const files = excludeDataFiles(await readDeclarationFiles(path.join(repository, 'content-sources'), repository));
    const shop = validateDeclarations(files, defaultContext).declarations.find((d) => d.id === 'shop');
    expect(shop?.data).toEqual(['data/shop/*.ndjson']);
    expect(shop?.definition.languages).toEqual(['en', 'sv']);
    expect(Object.keys(shop?.definition ?? {})).toEqual(['label', 'languages', 'propertyTypes', 'contentTypes']);
    expect(shop?.definition.contentTypes.Item).toMatchObject({ abstract: true, contentType: [] });
    expect(shop?.definition.contentTypes.Product?.contentType).toEqual(['Item']);
    expect(shop?.definition.contentTypes.Product?.properties.Size).toEqual({ type: 'Dimensions' });
    expect(shop?.definition.contentTypes.Bundle?.properties.PackageSizes).toEqual({ type: '[Dimensions]' });
    expect(shop?.definition.contentTypes.Item?.properties.Name).toEqual({ type: 'String', searchable: true });
    expect(shop?.definition.propertyTypes?.Dimensions?.properties.Width).toEqual({ name: 'Width', type: 'Float' });
  });

  it('stay valid when the CMS names and a state source are known', async () => {
    const files = excludeDataFiles(await readDeclarationFiles(path.join(repository, 'content-sources'), repository));
    const result = validateDeclarations(files, {
      ...defaultContext,
      reservedTypeNames: ['StandardPage', 'ArticlePage'],
      maxSources: 3,
      stateSources: { shop: { label: 'Old shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } } },
    });
    expect(result.diagnostics).toEqual([]);
  });
});

describe('positions', () => {
  const parseAll = (texts: readonly string[]) => texts.map((text, index) => parseDeclarationFile(`content-sources/s${index}.yaml`, text));
  const parsedAgain = (files: readonly ParsedDeclarationFile[]) => files.map((file) => (file.sourceMap as LazySourceMap).parsed);

  it('are never worked out for valid files: each is parsed once', () => {
    const files = parseAll([declarationText(0), declarationText(1), declarationText(2)]);
    expect(validateDeclarations(files, defaultContext).diagnostics).toEqual([]);
    expect(parsedAgain(files)).toEqual([false, false, false]);
  });

  it('are worked out only for the files a diagnostic names', () => {
    // The third file repeats a content type name of the first: the message names both places.
    const clash = declarationText(2).replace('S002Type5:', 'S000Type5:');
    const files = parseAll([declarationText(0), declarationText(1), clash]);
    expect(validateDeclarations(files, defaultContext).diagnostics.map(brief)).toEqual(['content-sources/s2.yaml:108:3 GF_TYPE_NAME_COLLISION']);
    expect(parsedAgain(files)).toEqual([true, false, true]);
  });
});

describe('the declaration produced', () => {
  const text = yaml`
    id: news
    label: News
    languages: [en, sv]
    propertyTypes:
      Author:
        properties:
          Name: { type: String }
          Mail: { name: Email, type: String }
    contentTypes:
      Story:
        contentType: []
        properties:
          By: { type: "[Author]", searchable: false }
    data:
      - data/news/*.ndjson
    import:
      from: assets
      contentType: Story
      filter: { type: [article] }
      mapping: { By: owner_organization_id }
  `;

  it('fills property type property names from their keys, keeping explicit ones', () => {
    const [declaration] = validateTexts({ 'content-sources/news.yaml': text }).declarations;
    expect(declaration?.definition.propertyTypes).toEqual({
      Author: { properties: { Name: { name: 'Name', type: 'String' }, Mail: { name: 'Email', type: 'String' } } },
    });
  });

  it('carries only the service fields in the definition, and graphform keys beside it', () => {
    const result = validateTexts({ 'content-sources/news.yaml': text });
    expect(result.diagnostics).toEqual([]);
    expect(result.declarations).toEqual([
      {
        id: 'news',
        file: 'content-sources/news.yaml',
        data: ['data/news/*.ndjson'],
        dataAt: [{ line: 15, column: 5 }],
        definition: {
          label: 'News',
          languages: ['en', 'sv'],
          propertyTypes: {
            Author: { properties: { Name: { name: 'Name', type: 'String' }, Mail: { name: 'Email', type: 'String' } } },
          },
          contentTypes: { Story: { contentType: [], properties: { By: { type: '[Author]', searchable: false } } } },
        },
        import: { from: 'assets', contentType: 'Story', filter: { type: ['article'] }, mapping: { By: 'owner_organization_id' } },
      },
    ]);
  });

  it('leaves propertyTypes out when none are declared', () => {
    const result = validateTexts({ 'a.yaml': 'id: a\nlabel: A\nlanguages: [en]\ncontentTypes: {}\n' });
    expect(result.declarations[0]?.definition).toEqual({ label: 'A', languages: ['en'], contentTypes: {} });
  });

  it('is not affected by file order: files are taken in name order and declarations sorted by id', () => {
    const a = 'id: zz\nlabel: A\nlanguages: [en]\ncontentTypes:\n  Same:\n    contentType: []\n    properties: {}\n';
    const b = 'id: aa\nlabel: B\nlanguages: [en]\ncontentTypes:\n  Same:\n    contentType: []\n    properties: {}\n';
    const forward = validateTexts({ 'a.yaml': a, 'b.yaml': b });
    const backward = validateTexts({ 'b.yaml': b, 'a.yaml': a });
    expect(backward).toEqual(forward);
    expect(forward.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['b.yaml GF_TYPE_NAME_COLLISION']);
    expect(forward.declarations.map((d) => d.id)).toEqual(['zz']);
  });
});

describe('rules that must not fire', () => {
  it('a state source that is still declared does not collide with itself', () => {
    const result = validateTexts(
      { 'shop.yaml': 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties: {}\n' },
      { stateSources: { shop: { label: 'Shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } } } },
    );
    expect(result.diagnostics).toEqual([]);
  });

  it('the state check waits while a file cannot be read, since it may declare the state source', () => {
    const result = validateTexts(
      {
        'broken.yaml': 'id: shop\nlabel: [\n',
        'blog.yaml': 'id: blog\nlabel: Blog\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties: {}\n',
      },
      { stateSources: { shop: { label: 'Shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } } } },
    );
    expect(result.diagnostics.map((d) => d.code)).toEqual(['GF_YAML_SYNTAX']);
    expect(result.declarations.map((d) => d.id)).toEqual(['blog']);
  });

  it('a diamond inherits one property twice with the same type without conflict', () => {
    const result = validateTexts({
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Base: { contentType: [], properties: { Name: { type: String } } }
          Left: { contentType: [Base], properties: { Name: { type: String } } }
          Right: { contentType: [Base], properties: {} }
          Both: { contentType: [Left, Right], properties: { Extra: { type: Int } } }
      `,
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('configured scalar types replace the default ones', () => {
    const text = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  P:\n    contentType: []\n    properties:\n      Price: { type: Decimal }\n';
    expect(validateTexts({ 's.yaml': text }).diagnostics.map((d) => d.code)).toEqual(['GF_UNKNOWN_PROPERTY_TYPE']);
    expect(validateTexts({ 's.yaml': text }, { scalarTypes: ['String', 'Decimal'] }).diagnostics).toEqual([]);
  });

  it('within maxSources nothing is reported', () => {
    const one = 'id: a\nlabel: A\nlanguages: [en]\ncontentTypes: {}\n';
    expect(validateTexts({ 'a.yaml': one }, { maxSources: 1 }).diagnostics).toEqual([]);
  });
});
