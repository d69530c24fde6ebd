import { describe, expect, it } from 'vitest';
import { readDefinition } from '../../src/graph/read-definition.js';
import { wireDefinition } from '../../src/model/wire.js';
import { fullBody } from '../../src/plan/request-body.js';

const valid = {
  label: 'Shop',
  languages: ['en'],
  description: 'The shop',
  propertyTypes: { Dim: { properties: { Width: { type: 'Float' } } } },
  contentTypes: { Product: { contentType: [], displayName: 'Product', properties: { Name: { type: 'String', searchable: true, sortOrder: 1 } } } },
};

describe('reading a definition back from GET types', () => {
  it('keeps every published field, keeps unknown fields verbatim at their level and names them, and fills property type names', () => {
    expect(readDefinition(valid)).toEqual({
      ok: true,
      hasDescription: true,
      unknown: ['contentTypes.Product.properties.Name.sortOrder'],
      definition: {
        label: 'Shop',
        description: 'The shop',
        languages: ['en'],
        propertyTypes: { Dim: { properties: { Width: { name: 'Width', type: 'Float' } } } },
        contentTypes: {
          Product: { contentType: [], displayName: 'Product', properties: { Name: { type: 'String', searchable: true, unknownFields: { sortOrder: 1 } } } },
        },
      },
    });
  });

  it('reads the published example of ContentSource_V3 (links, useTypedFieldNames, preset, ref, index, helpText, base) with nothing unknown', () => {
    const published = {
      label: null,
      description: null,
      languages: ['en'],
      preset: 'next',
      useTypedFieldNames: true,
      links: { Forecast: { from: 'Location', to: 'City' } },
      propertyTypes: { Location: { base: 'Place', abstract: false, properties: { Latitude: { type: 'Float', index: true, ref: { id: 'x', type: 'y' } } } } },
      contentTypes: {
        Weather: {
          contentType: [],
          base: 'Item',
          displayName: null,
          description: 'A forecast',
          sortOrder: 2.5,
          properties: { Location: { type: 'Location', helpText: null, index: false, ref: { id: 'loc' } } },
        },
      },
    };
    const read = readDefinition(published);
    expect(read).toMatchObject({ ok: true, unknown: [], hasDescription: true });
    expect(read.ok && read.definition).toEqual({
      label: null,
      description: null,
      languages: ['en'],
      preset: 'next',
      useTypedFieldNames: true,
      links: { Forecast: { from: 'Location', to: 'City' } },
      propertyTypes: {
        Location: { base: 'Place', abstract: false, properties: { Latitude: { name: 'Latitude', type: 'Float', index: true, ref: { id: 'x', type: 'y' } } } },
      },
      contentTypes: {
        Weather: {
          contentType: [],
          base: 'Item',
          displayName: null,
          description: 'A forecast',
          sortOrder: 2.5,
          properties: { Location: { type: 'Location', helpText: null, index: false, ref: { id: 'loc' } } },
        },
      },
    });
  });

  it('reads a source without label, languages or content types as the published defaults', () => {
    const read = readDefinition({ contentTypes: undefined });
    expect(read).toEqual({ ok: true, hasDescription: false, unknown: [], definition: { languages: [], contentTypes: {} } });
  });

  it('keeps unknown fields at the source, content type, property type, property and link levels', () => {
    const read = readDefinition({
      languages: ['en'],
      slot: 'new',
      links: { L: { from: 'a', to: 'b', weight: 2 } },
      propertyTypes: { P: { properties: { X: { type: 'Int', unit: 'cm' } }, colour: 'red' } },
      contentTypes: { C: { contentType: [], properties: {}, icon: { name: 'star' } } },
    });
    expect(read.ok && read.unknown).toEqual(['contentTypes.C.icon', 'links.L.weight', 'propertyTypes.P.colour', 'propertyTypes.P.properties.X.unit', 'slot']);
    expect(read.ok && read.definition).toMatchObject({
      unknownFields: { slot: 'new' },
      links: { L: { unknownFields: { weight: 2 } } },
      propertyTypes: { P: { unknownFields: { colour: 'red' }, properties: { X: { unknownFields: { unit: 'cm' } } } } },
      contentTypes: { C: { unknownFields: { icon: { name: 'star' } } } },
    });
  });

  it('keeps an unknown field whose value is null, at every level, and the next PUT body sends it back', () => {
    const answer = {
      languages: ['en'],
      webhook: null,
      links: { L: { from: 'a', to: 'b', weight: null } },
      contentTypes: { C: { contentType: [], icon: null, properties: { N: { type: 'String', unit: null } } } },
    };
    const read = readDefinition(answer);
    if (!read.ok) throw new Error(read.problem);
    const dropped = 'an unknown field whose value is null was dropped when the definition was read from the service';
    expect(read.unknown, dropped).toEqual(['contentTypes.C.icon', 'contentTypes.C.properties.N.unit', 'links.L.weight', 'webhook']);
    expect(read.definition.unknownFields, dropped).toEqual({ webhook: null });
    expect(read.definition.contentTypes.C?.unknownFields, dropped).toEqual({ icon: null });

    // The body a full update sends: what the client puts on the wire for the plan's PUT.
    const body = wireDefinition(fullBody(read.definition));
    const gone = 'the PUT body does not carry an unknown field whose value is null: the service would drop it';
    expect(body, gone).toHaveProperty('webhook', null);
    expect(body, gone).toHaveProperty(['links', 'L', 'weight'], null);
    expect(body, gone).toHaveProperty(['contentTypes', 'C', 'icon'], null);
    expect(body, gone).toHaveProperty(['contentTypes', 'C', 'properties', 'N', 'unit'], null);
  });

  it.each([
    ['not an object', [], 'the definition is not an object'],
    ['a label that is a number', { ...valid, label: 3 }, 'label is not a string or null'],
    ['languages that are not strings', { ...valid, languages: [1] }, 'languages is not a list of strings'],
    ['content types that are a list', { ...valid, contentTypes: [] }, 'contentTypes is not an object'],
    ['a content type that is a list', { ...valid, contentTypes: { P: [] } }, 'contentTypes.P is not an object'],
    ['a base list of numbers', { ...valid, contentTypes: { P: { contentType: [1], properties: {} } } }, 'contentTypes.P.contentType is not a list of strings'],
    [
      'a property without a type',
      { ...valid, contentTypes: { P: { contentType: [], properties: { N: {} } } } },
      'contentTypes.P.properties.N.type is not a string',
    ],
    [
      'searchable as a string',
      { ...valid, contentTypes: { P: { contentType: [], properties: { N: { type: 'String', searchable: 'yes' } } } } },
      'contentTypes.P.properties.N.searchable is not true or false',
    ],
    ['an unknown preset', { ...valid, preset: 'new' }, 'preset is not one of legacy, next'],
    ['a link without to', { ...valid, links: { L: { from: 'a' } } }, 'links.L.to is not a string'],
    [
      'a sort order that is text',
      { ...valid, contentTypes: { P: { contentType: [], sortOrder: 'first', properties: {} } } },
      'contentTypes.P.sortOrder is not a number',
    ],
    [
      'a ref with an extra field',
      { ...valid, contentTypes: { P: { contentType: [], properties: { N: { type: 'String', ref: { id: 'a', x: 1 } } } } } },
      'contentTypes.P.properties.N.ref.x is not a field of a ref (id, type)',
    ],
  ])('refuses %s', (_name, value, problem) => {
    expect(readDefinition(value)).toEqual({ ok: false, problem });
  });
});
