import type { InvalidCase } from './case.js';

/** A source with content type Article (Title, Version) and property type Size (Width); `block` is appended as written. */
export const withKeep = (block: string): string =>
  [
    'id: news',
    'label: News',
    'languages: [en]',
    'propertyTypes:',
    '  Size:',
    '    properties:',
    '      Width: { type: Float }',
    'contentTypes:',
    '  Article:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    '      Version: { type: Float }',
    '      Box: { type: Size }',
    block,
    '',
  ].join('\n');

export const keepCases: InvalidCase[] = [
  {
    name: 'moved from a name that is still declared',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Article.Title, to: Article.Version }') },
    expected: ['news.yaml:16:13 GF_MOVED_FROM_DECLARED'],
    messages: ['`Article.Title` is moved to `Article.Version` but is still declared'],
  },
  {
    name: 'moved to a name that is not declared, with a suggestion',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Post, to: Articel }') },
    expected: ['news.yaml:16:23 GF_MOVED_TO_MISSING'],
    messages: ['`Post` is moved to `Articel`, which this source does not declare; did you mean `Article`?'],
  },
  {
    name: 'two moves to one name, and one name moved twice',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Post, to: Article }\n  - { from: Story, to: Article }\n  - { from: Post, to: Size }') },
    expected: ['news.yaml:17:24 GF_MOVED_TWICE', 'news.yaml:18:13 GF_MOVED_TWICE'],
    messages: ['`Story` and `Post` both move to `Article`', '`Post` is moved twice'],
  },
  {
    name: 'a type moved to a property',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Post, to: Article.Title }') },
    expected: ['news.yaml:16:23 GF_MOVED_KIND'],
  },
  {
    name: 'convert of a property that is not declared, and an onError the format does not know',
    files: { 'news.yaml': withKeep('convert:\n  Article.Versoin: { onError: fail }\n  Size.Width: { onError: skip }') },
    expected: ['news.yaml:16:3 GF_CONVERT_UNKNOWN_PROPERTY', 'news.yaml:17:26 GF_INVALID_VALUE'],
    messages: ['convert names `Article.Versoin`, which is not a property of a content type or property type of this source; did you mean `Article.Version`?'],
  },
  {
    name: 'convert keys that are not Type.Property are errors at their key, so the file is never taken as not declared',
    files: { 'news.yaml': withKeep('convert:\n  Version: { onError: fail }\n  Article.Box.Width: { onError: fail }\n  Nothing: { onError: fail }') },
    expected: ['news.yaml:16:3 GF_CONVERT_UNKNOWN_PROPERTY', 'news.yaml:17:3 GF_CONVERT_UNKNOWN_PROPERTY', 'news.yaml:18:3 GF_CONVERT_UNKNOWN_PROPERTY'],
    messages: [
      "convert key `Version` is not of the form `Type.Property` (a content type's or property type's property); did you mean `Article.Version`?",
      'convert key `Article.Box.Width` is not of the form `Type.Property`',
      "convert key `Nothing` is not of the form `Type.Property` (a content type's or property type's property); write it as `Type.Property`",
    ],
  },
  {
    name: 'a property moved to another type',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Article.Summary, to: Size.Width }') },
    expected: ['news.yaml:16:34 GF_MOVED_ACROSS_TYPES'],
  },
  {
    name: 'a property moved onto one the source already holds (state)',
    files: { 'news.yaml': withKeep('moved:\n  - { from: Article.Summary, to: Article.Title }') },
    context: {
      stateSources: {
        news: {
          label: 'News',
          languages: ['en'],
          contentTypes: { Article: { contentType: [], properties: { Title: { type: 'String' }, Summary: { type: 'String' } } } },
        },
      },
    },
    expected: ['news.yaml:16:34 GF_MOVED_ONTO_EXISTING'],
  },
  {
    name: 'keep with a default the format does not know',
    files: { 'news.yaml': withKeep('keep:\n  defaults: { Status: Live }') },
    expected: ['news.yaml:16:23 GF_INVALID_VALUE'],
  },
];
