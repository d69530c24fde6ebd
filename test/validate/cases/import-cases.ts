import type { InvalidCase } from './case.js';

/** A source with abstract Item and concrete Article deriving from it; `block` is the import's lines (indented two spaces). */
const withImport = (block: string): string =>
  [
    'id: news',
    'label: News',
    'languages: [en, sv]',
    'contentTypes:',
    '  Item:',
    '    abstract: true',
    '    contentType: []',
    '    properties:',
    '      Name: { type: String }',
    '  Article:',
    '    contentType: [Item]',
    '    properties:',
    '      Body: { type: String }',
    'import:',
    block,
    '',
  ].join('\n');

export const importCases: InvalidCase[] = [
  {
    name: 'import.contentType that the source does not declare, with a suggestion',
    files: { 'news.yaml': withImport('  from: assets\n  contentType: Articel\n  mapping: { Name: title }') },
    expected: ['news.yaml:16:16 GF_IMPORT_UNKNOWN_CONTENT_TYPE'],
    messages: ['import.contentType `Articel` is not a content type of this source; did you mean `Article`?'],
  },
  {
    name: 'import.contentType that is abstract',
    files: { 'news.yaml': withImport('  from: assets\n  contentType: Item\n  mapping: { Name: title }') },
    expected: ['news.yaml:16:16 GF_IMPORT_ABSTRACT_CONTENT_TYPE'],
    messages: ['`Item` is abstract'],
  },
  {
    name: 'import.language that the source does not have',
    files: { 'news.yaml': withImport('  from: assets\n  contentType: Article\n  language: de\n  mapping: { Name: title }') },
    expected: ['news.yaml:17:13 GF_IMPORT_UNKNOWN_LANGUAGE'],
    messages: ["import.language `de` is not one of the source's languages (en, sv)"],
  },
  {
    name: 'import.mapping fills a property the content type lacks (inherited ones count), and reads an undocumented asset field (warning)',
    files: { 'news.yaml': withImport('  from: assets\n  contentType: Article\n  mapping:\n    Name: title\n    Bdy: content.value\n    Body: titel') },
    expected: ['news.yaml:19:5 GF_IMPORT_UNKNOWN_PROPERTY', 'news.yaml:20:11 GF_IMPORT_UNKNOWN_ASSET_FIELD'],
    messages: ['import.mapping fills `Bdy`, which content type `Article` does not have; did you mean `Body`?', '`titel` is not a documented asset field'],
  },
  {
    name: 'import without contentType and mapping, and a filter key the format does not know',
    files: { 'news.yaml': withImport('  from: assets\n  filter: { folderId: [f1] }') },
    expected: ['news.yaml:14:1 GF_MISSING_FIELD', 'news.yaml:14:1 GF_MISSING_FIELD', 'news.yaml:16:13 GF_UNKNOWN_KEY'],
  },
];
