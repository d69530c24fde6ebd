import { describe, expect, it } from 'vitest';
import { wireName } from '../../../src/data/wire-names.js';
import { definedKey, definedKeys, readKey, storedKeys } from '../../../src/emulator/graph/field-keys.js';
import type { ContentSourceV3, ContentTypePropertyV3 } from '../../../src/emulator/graph/wire-definition.js';

const plain: ContentSourceV3 = { propertyTypes: { Dimensions: { properties: { Width: { type: 'Float' } } } } };
const typed: ContentSourceV3 = { ...plain, useTypedFieldNames: true };

/** [property, its definition's flags, key untyped, key under useTypedFieldNames] from the service's naming rules. */
const DEFINED: [string, ContentTypePropertyV3, string, string][] = [
  ['Title', { type: 'String' }, 'Title', 'Title$$String'],
  ['Title', { type: 'String', searchable: true }, 'Title___searchable', 'Title$$String___searchable'],
  ['Secret', { type: 'String', skip: true }, 'Secret___skip', 'Secret$$String___skip'],
  ['Both', { type: 'String', searchable: true, skip: true }, 'Both___searchable', 'Both$$String___searchable'],
  ['Off', { type: 'String', searchable: false, skip: false }, 'Off', 'Off$$String'],
  ['Count', { type: 'Int' }, 'Count', 'Count$$Int'],
  ['Genres', { type: '[String]', searchable: true }, 'Genres___searchable', 'Genres$$String___searchable'],
  ['When', { type: 'DateTime' }, 'When', 'When$$DateTime'],
  ['Size', { type: 'Dimensions', searchable: true }, 'Size', 'Size'],
  ['Sizes', { type: '[Dimensions]' }, 'Sizes', 'Sizes'],
];

describe("the emulator's wire-name rules", () => {
  it.each(DEFINED)('%s %j arrives as %s, typed as %s', (name, flags, untypedKey, typedKey) => {
    expect(definedKey(name, flags, plain)).toBe(untypedKey);
    expect(definedKey(name, flags, typed)).toBe(typedKey);
  });

  it.each(DEFINED)("agrees with graphform's own writer of names for %s %j (each side checks the other)", (name, flags) => {
    const isPropertyType = (type: string): boolean => type === 'Dimensions';
    expect(definedKey(name, flags, plain)).toBe(wireName(name, flags, false, isPropertyType));
    expect(definedKey(name, flags, typed)).toBe(wireName(name, flags, true, isPropertyType));
  });

  it.each<[string, string, boolean]>([
    ['Title', 'Title', false],
    ['Title___searchable', 'Title', true],
    ['Title___skip', 'Title', false],
    ['Title$$String', 'Title', false],
    ['Title$$String___searchable', 'Title', true],
    ['Count$$Int___skip', 'Count', false],
    ['___searchable', '___searchable', false],
    ['___skip', '___skip', false],
    ['Title___skip___searchable', 'Title___skip', true],
    ['$$String', '$$String', false],
    ['a__searchable', 'a__searchable', false],
  ])('reads the key %s as %s, searchable %s', (key, name, searchable) => {
    expect(readKey(key)).toEqual({ name, searchable });
  });

  it('looks a value up under every stored form of its name, the searchable ones first', () => {
    const keys = storedKeys('Title');
    expect(keys.slice(0, 7).map((key) => key.key)).toEqual([
      'Title___searchable',
      'Title$$String___searchable',
      'Title$$Int___searchable',
      'Title$$Float___searchable',
      'Title$$Boolean___searchable',
      'Title$$Date___searchable',
      'Title$$DateTime___searchable',
    ]);
    expect(keys.filter((key) => key.searchable).every((key) => key.key.endsWith('___searchable'))).toBe(true);
    expect(keys.filter((key) => !key.searchable).map((key) => key.key)).toContain('Title');
    expect(keys.filter((key) => !key.searchable).map((key) => key.key)).toContain('Title$$Int___skip');
    expect(keys).toHaveLength(21);
    for (const { key } of keys) expect(readKey(key).name, `${key} reads back as another name`).toBe('Title');
  });

  it("gives a content type its bases' properties, its own declaration of a name winning", () => {
    const definition: ContentSourceV3 = {
      contentTypes: {
        Base: { contentType: [], abstract: true, properties: { Title: { type: 'String' }, Body: { type: 'String', searchable: true } } },
        Page: { contentType: ['Base'], properties: { Title: { type: 'String', searchable: true }, Tag: { type: 'String', skip: true } } },
        constructor: { contentType: [] },
      },
    };
    const keys = definedKeys(definition, 'Page');
    expect(Object.fromEntries(keys?.keyOf ?? [])).toEqual({ Title: 'Title___searchable', Body: 'Body___searchable', Tag: 'Tag___skip' });
    expect(keys?.nameOf.get('Tag___skip')).toBe('Tag');
    expect(definedKeys(definition, 'Missing')).toBeUndefined();
    expect(definedKeys(definition, 'toString'), 'a name on Object.prototype is no content type').toBeUndefined();
    expect(definedKeys(definition, 'constructor')?.keyOf.size).toBe(0);
  });
});
