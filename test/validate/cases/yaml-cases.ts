import { yaml } from '../validate-helpers.js';
import { type InvalidCase, valid } from './case.js';

export const yamlCases: InvalidCase[] = [
  {
    name: 'a YAML syntax error',
    files: { 'shop.yaml': 'id: shop\nlabel: "Shop\nlanguages: [en]\n' },
    expected: ['shop.yaml:4:1 GF_YAML_SYNTAX'],
    messages: ['missing closing "quote'],
  },
  {
    name: 'an unclosed flow list',
    files: { 'shop.yaml': 'id: shop\nlabel: Shop\nlanguages: [en, sv\ncontentTypes: {}\n' },
    expected: ['shop.yaml:4:1 GF_YAML_SYNTAX'],
  },
  {
    name: 'duplicate keys, at the top level and nested',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        label: Shop again
        contentTypes:
          Product:
            contentType: []
            properties:
              Name: { type: String }
              Name: { type: Int }
      `,
    },
    expected: ['shop.yaml:4:1 GF_YAML_DUPLICATE_KEY', 'shop.yaml:10:7 GF_YAML_DUPLICATE_KEY'],
    messages: ['duplicate key `label` (first at line 2)', 'duplicate key `Name` (first at line 9)'],
  },
  {
    name: 'an empty file',
    files: { 'shop.yaml': '# nothing declared yet\n\n' },
    expected: ['shop.yaml:1:1 GF_EMPTY_FILE'],
  },
  {
    name: 'a file whose top level is a list',
    files: { 'shop.yaml': '# sources\n- id: shop\n  label: Shop\n' },
    expected: ['shop.yaml:2:1 GF_NOT_A_MAPPING'],
    messages: ['the top level is a list'],
  },
  {
    name: 'a file whose top level is a single value',
    files: { 'shop.yaml': 'shop\n' },
    expected: ['shop.yaml:1:1 GF_NOT_A_MAPPING'],
  },
];

export const combinedCases: InvalidCase[] = [
  {
    name: 'several problems in one file are all reported, in order',
    files: {
      'shop.yaml': yaml`
        id: Shopping
        label: Shop
        languages: [en, sv]
        colour: blue
        contentTypes:
          Product:
            contentType: [Item]
            properties:
              Size: { type: Dimensions }
              Tags: { type: "[Strin]" }
          bad-name:
            contentType: []
            properties: {}
      `,
    },
    expected: [
      'shop.yaml:1:5 GF_ID_INVALID_CHARS',
      'shop.yaml:1:5 GF_ID_TOO_LONG',
      'shop.yaml:4:1 GF_UNKNOWN_KEY',
      'shop.yaml:7:19 GF_UNKNOWN_BASE_TYPE',
      'shop.yaml:9:21 GF_UNKNOWN_PROPERTY_TYPE',
      'shop.yaml:10:21 GF_UNKNOWN_PROPERTY_TYPE',
      'shop.yaml:11:3 GF_INVALID_NAME',
    ],
    messages: [
      undefined,
      undefined,
      'allowed keys: id, label, description, languages, preset, useTypedFieldNames, links, propertyTypes, contentTypes, data, import, moved, convert, keep, unknownFields',
      undefined,
      undefined,
      'did you mean `[String]`?',
    ],
  },
  {
    name: 'one bad file does not hide the problems of another',
    files: {
      'a.yaml': 'id: a\nlabel: [broken\n',
      'b.yaml': 'id: bbbbb\nlabel: B\nlanguages: [en]\ncontentTypes: {}\n',
      'c.yaml': valid('c', 'C'),
    },
    expected: ['a.yaml:3:1 GF_YAML_SYNTAX', 'b.yaml:1:5 GF_ID_TOO_LONG'],
  },
];
