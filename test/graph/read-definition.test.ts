import { describe, expect, it } from 'vitest';
import { readDefinition } from '../../src/graph/read-definition.js';

const valid = {
  label: 'Shop',
  languages: ['en'],
  description: 'a field beyond the contract',
  propertyTypes: { Dim: { properties: { Width: { type: 'Float' } } } },
  contentTypes: { Product: { contentType: [], displayName: 'Product', properties: { Name: { type: 'String', searchable: true, sortOrder: 1 } } } },
};

describe('reading a definition back from GET types', () => {
  it('keeps the contract fields, drops the rest and fills property type names', () => {
    expect(readDefinition(valid)).toEqual({
      ok: true,
      definition: {
        label: 'Shop',
        languages: ['en'],
        propertyTypes: { Dim: { properties: { Width: { name: 'Width', type: 'Float' } } } },
        contentTypes: { Product: { contentType: [], properties: { Name: { type: 'String', searchable: true } } } },
      },
    });
  });

  it.each([
    ['not an object', [], 'the definition is not an object'],
    ['no label', { ...valid, label: undefined }, 'label is not a string'],
    ['no languages', { ...valid, languages: undefined }, 'languages is not a list of strings'],
    ['no content types', { ...valid, contentTypes: undefined }, 'contentTypes is not an object'],
    ['a content type that is a list', { ...valid, contentTypes: { P: [] } }, 'contentTypes.P is not an object'],
    ['a base list of numbers', { ...valid, contentTypes: { P: { contentType: [1], properties: {} } } }, 'contentTypes.P.contentType is not a list of strings'],
    ['a property without a type', { ...valid, contentTypes: { P: { contentType: [], properties: { N: {} } } } }, 'contentTypes.P.properties.N.type is not a string'],
    ['searchable as a string', { ...valid, contentTypes: { P: { contentType: [], properties: { N: { type: 'String', searchable: 'yes' } } } } }, 'contentTypes.P.properties.N.searchable is not true or false'],
  ])('refuses %s', (_name, value, problem) => {
    expect(readDefinition(value)).toEqual({ ok: false, problem });
  });
});
