import { describe, expect, it } from 'vitest';
import { itemFingerprint } from '../../src/graph/item-fingerprint.js';
import type { SourceDefinition } from '../../src/model/types.js';

const definition = {
  languages: ['en'],
  contentTypes: {
    Item: { contentType: [], properties: { Name: { type: 'String', searchable: true }, Launched: { type: 'DateTime' } } },
    Product: { contentType: ['Item'], properties: { Size: { type: 'Dimensions' }, Sizes: { type: '[Dimensions]' }, Tags: { type: '[String]' } } },
  },
  propertyTypes: { Dimensions: { properties: { Width: { type: 'Float' }, Made: { type: 'Date' } } } },
} as unknown as SourceDefinition;

describe('itemFingerprint: what was sent and what GraphQL serves back print alike', () => {
  const sent = {
    ContentType: ['Item', 'Product'],
    Status: 'Draft',
    Tags$$String: ['a', 'b'],
    Size: { Made$$Date: '2024-05-01', Width$$Float: 1.5 },
    Name$$String___searchable: 'Lamp',
    Name: 'an unsearchable copy GraphQL does not serve',
    Launched$$DateTime: '2024-05-01T12:00:00+02:00',
    Sizes: [{ Width: 2 }, null],
    Unknown: 1,
  };
  const served = {
    _id: 'lamp',
    Name: 'Lamp',
    Launched: '2024-05-01T10:00:00.000Z',
    Size: { Width: 1.5, Made: '2024-05-01T00:00:00.000Z' },
    Sizes: [{ Width: 2, Made: null }, null],
    Tags: ['a', 'b'],
    ContentType: ['Item', 'Product'],
  };

  it('is the same for wire names, any field order, another writing of an instant, and null for missing', () => {
    expect(itemFingerprint(definition, 'Product', served)).toBe(itemFingerprint(definition, 'Product', sent));
  });

  it.each([
    ['a name', { Name: 'Lampa' }],
    ['a nested value', { Size: { Width: 1.6, Made: '2024-05-01T00:00:00.000Z' } }],
    ['a list order', { Tags: ['b', 'a'] }],
    ['a value dropped', { Tags: null }],
    ['a number written as text', { Size: { Width: '1.5', Made: '2024-05-01T00:00:00.000Z' } }],
  ])('differs when %s differs', (_what, change) => {
    expect(itemFingerprint(definition, 'Product', { ...served, ...change })).not.toBe(itemFingerprint(definition, 'Product', sent));
  });
});
