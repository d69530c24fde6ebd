import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { sourceJsonSchema } from '../../src/codegen/json-schema.js';
import { compiledItemSchema } from '../../src/data/validate/item-schema.js';
import type { SourceDefinition } from '../../src/model/types.js';

const shop: SourceDefinition = {
  label: 'Shop',
  languages: ['en'],
  propertyTypes: { Dimensions: { properties: { Width: { name: 'Width', type: 'Float' } } } },
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
    Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' } } },
    Bundle: { contentType: ['Item'], properties: { Sizes: { type: '[Dimensions]' } } },
  },
};
const routing = ['Id', 'language_routing'];

describe('sourceJsonSchema', () => {
  it("holds each content type's schema exactly as the data validator compiles it, with the property types beside them", () => {
    const document = sourceJsonSchema('shop', shop, routing, ['Generated.']);
    for (const name of ['Item', 'Product', 'Bundle']) {
      const { definitions, ...compiled } = compiledItemSchema(shop, name, routing);
      expect(document.definitions?.[name]).toEqual(compiled);
      expect(document.definitions?.Dimensions).toEqual(definitions?.Dimensions);
    }
    expect(Object.keys(document.definitions ?? {})).toEqual(['Bundle', 'Dimensions', 'Item', 'Product']);
    expect(document.anyOf).toEqual([{ $ref: '#/definitions/Bundle' }, { $ref: '#/definitions/Product' }]);
    expect(document.$comment).toBe('Generated.');
  });

  it('validates items with a standard JSON Schema validator as graphform does', () => {
    const validate = new Ajv({ strict: false }).compile(sourceJsonSchema('shop', shop, routing, []));
    expect(validate({ Id: 'p1', ContentType: ['Item', 'Product'], Name: 'Table', Quantity: 3, Size: { Width: 1.5 } })).toBe(true);
    expect(validate({ ContentType: ['Item', 'Bundle'], Sizes: [{ Width: 2 }] })).toBe(true);
    expect(validate({ ContentType: ['Item', 'Product'], Quantity: 1.5 })).toBe(false);
    expect(validate({ ContentType: ['Item', 'Product'], Size: { Depth: 1 } })).toBe(false);
    expect(validate({ Name: 'no ContentType' })).toBe(false);
  });
});
