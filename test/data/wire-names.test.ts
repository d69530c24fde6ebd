import { describe, expect, it } from 'vitest';
import { readKey } from '../../src/data/validate/wire-name-problems.js';
import { parseWireName, WireNames, wireName, type WireFlags, type WireShape } from '../../src/data/wire-names.js';

const isPropertyType = (type: string): boolean => type === 'Dimensions';

describe('the wire name of a declared property (wire-names.ts)', () => {
  it.each<[string, WireFlags, boolean, string]>([
    ['plain', { type: 'String' }, false, 'Name'],
    ['searchable', { type: 'String', searchable: true }, false, 'Name___searchable'],
    ['stored only (skip)', { type: 'String', skip: true }, false, 'Name___skip'],
    ['searchable and skip: searchable wins', { type: 'String', searchable: true, skip: true }, false, 'Name___searchable'],
    ['searchable: false', { type: 'String', searchable: false }, false, 'Name'],
    ['typed', { type: 'String' }, true, 'Name$$String'],
    ['typed and searchable', { type: 'String', searchable: true }, true, 'Name$$String___searchable'],
    ['typed and skip', { type: 'Int', skip: true }, true, 'Name$$Int___skip'],
    ['typed list: the element type', { type: '[String]' }, true, 'Name$$String'],
    ['typed Date', { type: 'Date' }, true, 'Name$$Date'],
    ['a property type keeps its plain name', { type: 'Dimensions', searchable: true }, true, 'Name'],
    ['a list of a property type too', { type: '[Dimensions]' }, true, 'Name'],
    ['a property type, untyped', { type: 'Dimensions', skip: true }, false, 'Name'],
  ])('%s', (_case, flags, typed, expected) => {
    expect(wireName('Name', flags, typed, isPropertyType)).toBe(expected);
  });
});

describe('a key read as a wire name', () => {
  it.each<[string, { name: string; typeTag: string | undefined; suffix: string | undefined }]>([
    ['Name', { name: 'Name', typeTag: undefined, suffix: undefined }],
    ['Name___searchable', { name: 'Name', typeTag: undefined, suffix: 'searchable' }],
    ['Name___skip', { name: 'Name', typeTag: undefined, suffix: 'skip' }],
    ['Name$$String', { name: 'Name', typeTag: 'String', suffix: undefined }],
    ['Name$$String___searchable', { name: 'Name', typeTag: 'String', suffix: 'searchable' }],
    ['Count$$Int___skip', { name: 'Count', typeTag: 'Int', suffix: 'skip' }],
    ['___searchable', { name: '___searchable', typeTag: undefined, suffix: undefined }],
    ['My_Name', { name: 'My_Name', typeTag: undefined, suffix: undefined }],
  ])('%s', (key, expected) => {
    expect(parseWireName(key)).toEqual(expected);
  });

  it('goes both ways: every wire name reads back as its property', () => {
    const cases: WireFlags[] = [{ type: 'String' }, { type: 'String', searchable: true }, { type: 'Int', skip: true }, { type: '[Float]', searchable: true }];
    for (const flags of cases) {
      for (const typed of [false, true]) {
        const parsed = parseWireName(wireName('Title', flags, typed, isPropertyType));
        expect(parsed.name).toBe('Title');
        expect(parsed.typeTag).toBe(typed ? flags.type.replace(/[[\]]/g, '') : undefined);
      }
    }
  });
});

const shop: WireShape = {
  propertyTypes: { Dimensions: { properties: { Width: { type: 'Float', searchable: true }, Height: { type: 'Float' } } } },
  contentTypes: {
    Item: { contentType: [], properties: { Name: { type: 'String', searchable: true }, Notes: { type: 'String', skip: true } } },
    Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Sizes: { type: '[Dimensions]' } } },
  },
};

describe('WireNames: an item in the wire form', () => {
  const names = new WireNames(shop);

  it('renames declared properties, nested values and lists of them, and keeps every other key and the order', () => {
    const item = {
      ContentType: ['Item', 'Product'],
      Name: 'Lamp',
      Notes: 'n',
      Quantity: 3,
      Size: { Width: 1, Height: 2 },
      Sizes: [{ Width: 3 }, null],
      Extra: 1,
    };
    const wire = names.toWire(item, 'Product');
    expect(JSON.stringify(wire)).toBe(
      '{"ContentType":["Item","Product"],"Name___searchable":"Lamp","Notes___skip":"n","Quantity":3,"Size":{"Width___searchable":1,"Height":2},"Sizes":[{"Width___searchable":3},null],"Extra":1}',
    );
    expect(names.needsRename(item, 'Product')).toBe(true);
  });

  it('leaves an item already in the wire form as it is (the same object)', () => {
    const item = { ContentType: ['Item', 'Product'], Name___searchable: 'Lamp', Quantity: 3, Size: { Width___searchable: 1 } };
    expect(names.needsRename(item, 'Product')).toBe(false);
    expect(names.toWire(item, 'Product')).toBe(item);
  });

  it('has nothing to rename for a source without flags', () => {
    const plain = new WireNames({ contentTypes: { Page: { contentType: [], properties: { Title: { type: 'String' } } } } });
    expect(plain.renames).toBe(false);
    const item = { ContentType: ['Page'], Title: 'x' };
    expect(plain.toWire(item, 'Page')).toBe(item);
  });

  it('puts the type first under useTypedFieldNames, but not for a property type', () => {
    const typed = new WireNames({ ...shop, useTypedFieldNames: true });
    const wire = typed.toWire({ Name: 'Lamp', Quantity: 3, Size: { Width: 1, Height: 2 } }, 'Product');
    expect(Object.keys(wire)).toEqual(['Name$$String___searchable', 'Quantity$$Int', 'Size']);
    expect(wire.Size).toEqual({ Width$$Float___searchable: 1, Height$$Float: 2 });
  });

  it('reads a key as plain, wire, wrong or unknown', () => {
    const table = names.contentType('Product');
    if (table === undefined) throw new Error('no table');
    expect(readKey(table, 'Name').kind).toBe('plain');
    expect(readKey(table, 'Name___searchable').kind).toBe('wire');
    expect(readKey(table, 'Quantity').kind).toBe('wire');
    expect(readKey(table, 'Name___skip')).toMatchObject({ kind: 'wrong', field: { name: 'Name', wire: 'Name___searchable' } });
    expect(readKey(table, 'Quantity___searchable')).toMatchObject({ kind: 'wrong', field: { wire: 'Quantity' } });
    expect(readKey(table, 'Name$$String___searchable').kind).toBe('wrong');
    expect(readKey(table, 'Colour').kind).toBe('unknown');
  });
});

describe('WireNames.renameLine: the same bytes as renaming the parsed item, from the text', () => {
  const names = new WireNames(shop);
  const nestedFlagless = new WireNames({ ...shop, propertyTypes: { Dimensions: { properties: { Width: { type: 'Float' } } } } });

  it.each<[string, WireNames, Record<string, unknown>]>([
    ['top-level keys', names, { ContentType: ['Item', 'Product'], Name: 'L "amp"', Notes: 'a,b}', Quantity: 3, Extra: { Name: 'kept' } }],
    ['a nested value without renames', nestedFlagless, { Name: 'x', Size: { Width: 1 }, Sizes: [{ Width: 2 }], ContentType: ['Item', 'Product'] }],
    ['already in the wire form', names, { ContentType: ['Item', 'Product'], Name___searchable: 'x', Quantity: 1 }],
    ['unicode and escapes in values', names, { ContentType: ['Item', 'Product'], Name: 'Ünïcode ✓ \\ \n', Notes: null }],
  ])('%s', (_case, wire, item) => {
    const line = JSON.stringify(item);
    expect(wire.renameLine(line)).toBe(JSON.stringify(wire.toWire(item, 'Product')));
  });

  it('gives up (the caller parses) where the text way would not be exact', () => {
    expect(names.renameLine(JSON.stringify({ ContentType: ['Item', 'Product'], Size: { Width: 1 } }))).toBeUndefined();
    expect(names.renameLine('{"N\\u0061me":"x","ContentType":["Item","Product"]}')).toBeUndefined();
    expect(names.renameLine('{"Name":"x"}')).toBeUndefined();
  });
});
