import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalAsJson, canonicalDefinition, canonicalJson, canonicalText, sortDeep, typesPart } from '../../src/model/canonical.js';
import { ownValue, recordFrom } from '../../src/model/own.js';
import { hashDeclarations, hashDefinition } from '../../src/model/hash.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { declaration, edit, shop } from '../plan/builders.js';

describe('canonicalDefinition', () => {
  it('sorts keys, sorts and de-duplicates languages, keeps base order', () => {
    const definition = edit(shop(), (d) => {
      d.languages = ['sv', 'en', 'sv'];
      d.contentTypes.Product!.contentType = ['Zeta', 'Item'];
    });
    const canonical = canonicalDefinition(definition);
    expect(Object.keys(canonical)).toEqual(['contentTypes', 'label', 'languages', 'propertyTypes']);
    expect(canonical.languages).toEqual(['en', 'sv']);
    expect(Object.keys(canonical.contentTypes)).toEqual(['Item', 'Product']);
    expect(Object.keys(canonical.contentTypes.Product!.properties)).toEqual(['Color', 'Quantity', 'Size']);
    expect(canonical.contentTypes.Product!.contentType).toEqual(['Zeta', 'Item']);
  });

  it('treats false and empty as absent and fills property type names', () => {
    const canonical = canonicalDefinition({
      label: 'L',
      languages: ['en'],
      propertyTypes: {},
      contentTypes: { A: { abstract: false, contentType: [], properties: { P: { type: 'String', searchable: false } } } },
    });
    expect(canonical).toEqual({ contentTypes: { A: { contentType: [], properties: { P: { type: 'String' } } } }, label: 'L', languages: ['en'] });
    const named = canonicalDefinition({
      label: 'L',
      languages: ['en'],
      propertyTypes: { D: { properties: { W: { type: 'Float' } as { name: string; type: string } } } },
      contentTypes: {},
    });
    expect(named.propertyTypes).toEqual({ D: { properties: { W: { name: 'W', type: 'Float' } } } });
  });

  it('keeps the published fields and unknown fields, drops stray keys, and typesPart leaves out the description', () => {
    const withExtras = { ...shop(), displayName: 'x', contentTypes: { A: { contentType: [], properties: {}, sortOrder: 3 } } } as unknown as SourceDefinition;
    expect(canonicalJson(canonicalDefinition(withExtras))).not.toMatch(/displayName/);
    expect(canonicalJson(canonicalDefinition(withExtras))).toMatch(/"sortOrder":3/);
    const kept = canonicalDefinition({ ...shop(), links: { L: { from: 'a', to: 'b' } }, useTypedFieldNames: false, unknownFields: { slot: { b: 1, a: 2 } } });
    expect(kept).toMatchObject({ links: { L: { from: 'a', to: 'b' } }, useTypedFieldNames: false, unknownFields: { slot: { a: 2, b: 1 } } });
    expect(canonicalDefinition({ ...shop(), links: {}, unknownFields: {}, label: null })).not.toHaveProperty('links');
    expect(canonicalDefinition({ ...shop(), label: null })).not.toHaveProperty('label');
    expect(canonicalDefinition({ ...shop(), label: '' })).toEqual(canonicalDefinition(edit(shop(), (d) => void delete d.label)));
    const described = { ...shop(), description: 'Everything we sell' };
    expect(canonicalDefinition(described).description).toBe('Everything we sell');
    expect(canonicalDefinition({ ...shop(), description: '' })).not.toHaveProperty('description');
    expect(typesPart(described)).not.toHaveProperty('description');
  });

  it('canonicalJson sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });

  it.each<[string, unknown]>([
    ['scalars', [null, true, false, 0, -0, 1.5, 'x', '']],
    ['numbers JSON has no words for', [NaN, Infinity, -Infinity]],
    ['holes, undefined and functions', [undefined, () => 1, [undefined], { a: undefined, b: () => 1 }]],
    ['strings that need escapes', { 'k"\\\n': 'v\u0000\u2028"', é: 'å' }],
    [
      'user-given names',
      recordFrom<unknown>([
        ['__proto__', { constructor: 1 }],
        ['toString', 2],
      ]),
    ],
    ['keys in code-unit order', { b: 1, B: 2, a: 3, 'a b': 4, '10a': 0 }],
    ['keys that are array indexes, which objects list first', { b: 1, '10': 5, '9': 6, '09': 7, '4294967294': 8, '4294967295': 9, '-1': 10 }],
    ['objects that are not plain', { date: new Date(0), map: new Map([[1, 2]]) }],
    ['a source', shop()],
  ])('canonicalJson writes %s as JSON.stringify(sortDeep(value)) does', (_name, value) => {
    expect(canonicalJson(value)).toBe(JSON.stringify(sortDeep(value)));
  });

  it.each<[string, SourceDefinition]>([
    ['the example shop', shop()],
    [
      'every published field, unknown fields, refs, links and a property type name left out',
      {
        ...shop(),
        label: 'Shop',
        description: 'All',
        preset: 'next',
        useTypedFieldNames: false,
        links: { L: { from: 'a', to: 'b', unknownFields: { z: 1, a: [{ y: 2, x: 1 }] } } },
        unknownFields: { slot: { b: 1, a: 2 }, '10': 'index-like key' },
        propertyTypes: {
          Box: {
            base: 'Other',
            abstract: true,
            properties: { W: { name: '', type: 'Float', index: false, ref: { type: 't', id: 'i' } } },
            unknownFields: { q: null },
          },
        },
        contentTypes: recordFrom([
          [
            '__proto__',
            {
              contentType: ['B', 'A'],
              abstract: true,
              displayName: 'D',
              description: '',
              sortOrder: 2,
              properties: { x: { type: 'Int', helpText: 'h', searchable: true, unknownFields: { k: [3, 1] } } },
            },
          ],
          ['A', { contentType: [], properties: {} }],
        ]),
      } as SourceDefinition,
    ],
  ])('canonicalAsJson(canonicalDefinition(d)) of %s is sortDeep(canonicalDefinition(d)), and canonicalText its canonicalJson', (_name, definition) => {
    const value = canonicalAsJson(canonicalDefinition(definition));
    expect(JSON.stringify(value)).toBe(JSON.stringify(sortDeep(canonicalDefinition(definition))));
    expect(canonicalText(canonicalDefinition(definition))).toBe(canonicalJson(canonicalDefinition(definition)));
    expect(value).toEqual(sortDeep(canonicalDefinition(definition)));
  });

  it('canonicalDefinition keeps `__proto__` and `constructor` as own names', () => {
    const definition: SourceDefinition = {
      label: 'L',
      languages: ['en'],
      contentTypes: recordFrom([['__proto__', { contentType: [], properties: recordFrom([['constructor', { type: 'String' }]]) }]]),
    };
    const canonical = canonicalDefinition(definition);
    expect(Object.keys(canonical.contentTypes)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(canonical.contentTypes)).toBe(Object.prototype);
    expect(Object.keys(ownValue(canonical.contentTypes, '__proto__')?.properties ?? {})).toEqual(['constructor']);
  });
});

describe('hashing', () => {
  it('is sha256 of the canonical form: equal for equal meaning', () => {
    const a = shop();
    const b = edit(shop(), (d) => {
      d.languages.reverse();
      d.contentTypes.Product!.properties.Color!.searchable = false;
    });
    expect(hashDefinition(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(hashDefinition(b)).toBe(hashDefinition(a));
    expect(hashDefinition(edit(a, (d) => void (d.label = 'x')))).not.toBe(hashDefinition(a));
    expect(hashDefinition(edit(a, (d) => void d.contentTypes.Product!.contentType.push('Other')))).not.toBe(hashDefinition(a));
  });

  it('hashDeclarations hashes the canonical JSON of the sorted list, as plan files made before recorded it', () => {
    const declarations = [declaration('shop', shop(), ['a.ndjson']), declaration('blog', { label: 'B "é"', languages: ['en'], contentTypes: {} })];
    const entries = [...declarations].reverse().map((d) => ({ id: d.id, definition: canonicalDefinition(d.definition), data: d.data }));
    const expected = `sha256:${createHash('sha256')
      .update(JSON.stringify(sortDeep(entries)), 'utf8')
      .digest('hex')}`;
    expect(hashDeclarations(declarations)).toBe(expected);
    expect(hashDeclarations([])).toBe(`sha256:${createHash('sha256').update('[]').digest('hex')}`);
  });

  it('hashDeclarations is order-free over sources, sensitive to ids, definitions and data globs', () => {
    const one = declaration('shop', shop(), ['a.ndjson']);
    const two = declaration('blog', { label: 'B', languages: ['en'], contentTypes: {} });
    expect(hashDeclarations([one, two])).toBe(hashDeclarations([two, one]));
    expect(hashDeclarations([one])).not.toBe(hashDeclarations([{ ...one, id: 'shp' }]));
    expect(hashDeclarations([one])).not.toBe(hashDeclarations([{ ...one, data: ['b.ndjson'] }]));
    expect(hashDeclarations([one])).not.toBe(hashDeclarations([{ ...one, definition: edit(shop(), (d) => void (d.label = 'x')) }]));
  });
});
