import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { ancestorsOf, compiledItemSchema, effectiveProperties, itemSchema, propertySchema } from '../../../src/data/validate/item-schema.js';
import { shopDeclaration } from '../fixtures.js';

const definition = shopDeclaration().definition;

describe('item schema derivation', () => {
  it.each([
    ['String', { type: ['string', 'null'], title: 'String' }],
    ['Int', { type: ['integer', 'null'], title: 'Int', minimum: -2147483648, maximum: 2147483647 }],
    ['Float', { type: ['number', 'null'], title: 'Float' }],
    ['Boolean', { type: ['boolean', 'null'], title: 'Boolean' }],
    ['Date', { type: ['string', 'null'], title: 'Date', format: 'date' }],
    ['DateTime', { type: ['string', 'null'], title: 'DateTime', format: 'date-time' }],
    ['Dimensions', { $ref: '#/definitions/Dimensions' }],
    ['[String]', { type: ['array', 'null'], title: '[String]', items: { type: 'string', title: 'String' } }],
    ['[Dimensions]', { type: ['array', 'null'], title: '[Dimensions]', items: { $ref: '#/definitions/Dimensions' } }],
    ['Money', { title: 'Money' }],
  ])('%s', (type, expected) => {
    expect(propertySchema(type, definition)).toEqual(expected);
  });

  it('collects inherited properties, bases first', () => {
    expect(Object.keys(effectiveProperties(definition, 'Product'))).toEqual([
      'Name',
      'Quantity',
      'Price',
      'InStock',
      'Released',
      'Updated',
      'Size',
      'Tags',
      'Sizes',
    ]);
    expect(effectiveProperties(definition, 'Service')).toEqual({ Name: 'String', Hours: 'Float' });
  });

  it('follows multi-level inheritance and stops at cycles', () => {
    const deep = {
      label: 'x',
      languages: ['en'],
      contentTypes: {
        A: { contentType: ['C'], properties: { a: { type: 'Int' } } },
        B: { contentType: ['A'], properties: { b: { type: 'Int' } } },
        C: { contentType: ['B'], properties: { c: { type: 'Int' } } },
      },
    };
    expect(Object.keys(effectiveProperties(deep, 'C')).sort()).toEqual(['a', 'b', 'c']);
    expect(ancestorsOf(deep, 'C')).toEqual(['B', 'A']);
  });

  it('adds the service fields and the property types', () => {
    const schema = itemSchema(definition, 'Product');
    expect(schema.required).toEqual(['ContentType']);
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['ContentType', 'Language', 'Status', 'RolesWithReadAccess', '_rbac', '__typename', 'Size']),
    );
    expect(schema.properties?._rbac).toEqual({ type: 'string', title: 'String' });
    expect(schema.definitions?.Dimensions).toEqual({
      type: ['object', 'null'],
      title: 'Dimensions',
      properties: { Width: { type: ['number', 'null'], title: 'Float' }, Height: { type: ['number', 'null'], title: 'Float' } },
    });
  });

  it('derives schemas that draft-07 accepts: the validator compiles them without checking them against the meta-schema', () => {
    const ajv = new Ajv({ strict: false });
    for (const typeName of Object.keys(definition.contentTypes)) {
      const schema = compiledItemSchema(definition, typeName, ['Id', 'language_routing']);
      expect(ajv.validateSchema(schema), `${typeName}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });
});
