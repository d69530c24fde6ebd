import { yaml } from '../validate-helpers.js';
import type { InvalidCase } from './case.js';

export const shapeCases: InvalidCase[] = [
  {
    name: 'languages missing (label is optional, as published)',
    files: { 'shop.yaml': '# yaml-language-server: $schema=x\nid: shop\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:1 GF_MISSING_FIELD'],
    messages: ['missing the required field `languages`'],
  },
  {
    name: 'published fields misspelt or mistyped, and a known field under unknownFields',
    files: {
      'shop.yaml': yaml`
        id: shop
        languages: [en]
        preset: newest
        links:
          Forecast: { from: City }
        contentTypes:
          Product:
            contentType: []
            displayname: Product
            sortOrder: first
            properties:
              Name: { type: String, helptext: Hi, ref: { id: 1 } }
            unknownFields:
              displayName: Product
              weight: .inf
      `,
    },
    expected: [
      'shop.yaml:3:9 GF_INVALID_VALUE',
      'shop.yaml:5:3 GF_MISSING_FIELD',
      'shop.yaml:9:5 GF_UNKNOWN_KEY',
      'shop.yaml:10:16 GF_INVALID_TYPE',
      'shop.yaml:12:29 GF_UNKNOWN_KEY',
      'shop.yaml:12:54 GF_INVALID_TYPE',
      'shop.yaml:14:7 GF_UNKNOWN_FIELD_KNOWN',
      'shop.yaml:15:15 GF_INVALID_VALUE',
    ],
    messages: [
      'legacy',
      '`to`',
      'did you mean `displayName`?',
      '',
      'did you mean `helpText`?',
      '',
      'write it directly at this level',
      'not a plain JSON value',
    ],
  },
  {
    name: 'a content type without contentType or properties',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            abstract: false
      `,
    },
    expected: ['shop.yaml:5:3 GF_MISSING_FIELD', 'shop.yaml:5:3 GF_MISSING_FIELD'],
    messages: ['content type `Product` is missing the required field `contentType`', '`properties`'],
  },
  {
    name: 'an unknown top-level key with a suggestion',
    files: { 'shop.yaml': 'id: shop\nlabel: Shop\nlangauges: [en]\ncontentTypes: {}\n' },
    expected: ['shop.yaml:1:1 GF_MISSING_FIELD', 'shop.yaml:3:1 GF_UNKNOWN_KEY'],
    messages: ['`languages`', 'unknown key `langauges` in the declaration; did you mean `languages`?'],
  },
  {
    name: 'an unknown key on a property, and one without a close match',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties:
              Name: { type: String, searchible: true, weight: 2 }
      `,
    },
    expected: ['shop.yaml:8:29 GF_UNKNOWN_KEY', 'shop.yaml:8:47 GF_UNKNOWN_KEY'],
    messages: ['did you mean `searchable`?', 'allowed keys: type, searchable'],
  },
  {
    name: 'a property written straight under its content type',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties: {}
            Name: { type: String }
      `,
    },
    expected: ['shop.yaml:8:5 GF_UNKNOWN_KEY'],
    messages: ['properties go under `properties:`'],
  },
  {
    name: 'wrong value types: a string for a list, a string for a boolean',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: en
        contentTypes:
          Product:
            contentType: Item
            properties:
              Name: { type: String, searchable: "yes" }
          Item:
            abstract: true
            contentType: []
            properties: {}
      `,
    },
    expected: ['shop.yaml:3:12 GF_INVALID_TYPE', 'shop.yaml:6:18 GF_INVALID_TYPE', 'shop.yaml:8:41 GF_INVALID_TYPE'],
    messages: [
      '`languages`: expected an array of strings, got a string (`en`); write it as a list: [en]',
      'expected an array of strings, got a string (`Item`)',
      'expected true or false, got a string (`yes`)',
    ],
  },
  {
    name: 'empty values where maps and strings are expected',
    files: {
      'shop.yaml': yaml`
        id: shop
        label:
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties:
      `,
    },
    expected: ['shop.yaml:2:1 GF_INVALID_TYPE', 'shop.yaml:7:5 GF_INVALID_TYPE'],
    messages: ['`label`: expected a string, got nothing', 'write {} for none'],
  },
  {
    name: 'empty label, no languages, a repeated language and a bad language code',
    files: {
      'shop.yaml': 'id: shop\nlabel: ""\nlanguages: []\ncontentTypes: {}\n---\n',
      'blog.yaml': 'id: blog\nlabel: Blog\nlanguages: [en, sv, en, "e n"]\ncontentTypes: {}\n',
    },
    expected: [
      'blog.yaml:3:21 GF_DUPLICATE_ITEM',
      'blog.yaml:3:25 GF_INVALID_VALUE',
      'shop.yaml:2:8 GF_INVALID_VALUE',
      'shop.yaml:3:12 GF_INVALID_VALUE',
      'shop.yaml:5:1 GF_MULTIPLE_DOCUMENTS',
    ],
    messages: ['lists `en` more than once', 'a language code', '`label` must not be empty', '`languages` must not be empty', 'one source per file'],
  },
  {
    name: 'unknownFields values that YAML tags make something other than JSON: binary, a set, a date, an ordered map',
    files: {
      'shop.yaml': yaml`
        id: shop
        languages: [en]
        contentTypes: {}
        unknownFields:
          blob: !!binary aGVsbG8=
          tags: !!set { a, b }
          since: !!timestamp 2001-12-14
          nested: { order: !!omap [{ x: 1 }] }
          plain: { a: [1, "b", null, true] }
      `,
    },
    expected: ['shop.yaml:5:18 GF_INVALID_VALUE', 'shop.yaml:6:15 GF_INVALID_VALUE', 'shop.yaml:7:22 GF_INVALID_VALUE', 'shop.yaml:8:11 GF_INVALID_VALUE'],
    messages: ['unknownFields.blob is not a plain JSON value', 'unknownFields.tags', 'unknownFields.since', 'unknownFields.nested'],
  },
  {
    name: 'import from an unknown place',
    files: {
      'shop.yaml':
        'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Page: { contentType: [], properties: { Name: { type: String } } }\nimport:\n  from: crm\n  contentType: Page\n  mapping: { Name: title }\n',
    },
    expected: ['shop.yaml:7:9 GF_INVALID_VALUE'],
    messages: ['must be one of `assets`, got a string (`crm`)'],
  },
];
