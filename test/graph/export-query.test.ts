import { describe, expect, it } from 'vitest';
import { exportedItem, itemSelection, pageQuery, typeProperties, type ItemSelection } from '../../src/graph/export-query.js';
import type { SourceDefinition } from '../../src/model/types.js';

const DEFINITION: SourceDefinition = {
  languages: ['en', 'pt-BR'],
  propertyTypes: { Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } } },
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' }, Code: { type: 'String' } } },
    Product: { contentType: ['Item'], properties: { Code: { type: 'Int' }, Size: { type: '[Dimensions]' } } },
    Special: { contentType: ['Product'], properties: { Status: { type: 'String' } } },
  },
};

describe('the export query text', () => {
  it('selects own and inherited properties, transitively; the nearest declaration wins', () => {
    expect([...typeProperties(DEFINITION, 'Special')]).toEqual([
      ['Name', 'String'],
      ['Code', 'Int'],
      ['Size', '[Dimensions]'],
      ['Status', 'String'],
    ]);
  });

  it('selects a list of a property type with its properties, and a name the item already serves once', () => {
    const selection = itemSelection(DEFINITION, 'Special', ['Status'], 8) as ItemSelection;
    expect(selection).toEqual({ text: '_id ContentType Status Name Code Size { Width Height }', depth: 2, properties: ['Name', 'Code', 'Size'] });
    expect(pageQuery('Special', 'pt-BR', selection)).toBe(
      'query graphformExport($cursor: String) {\n  page: Special(cursor: $cursor, limit: 100, locale: [pt_BR], orderBy: { _ranking: DOC }) {\n    total(all: true)\n    cursor\n    items { _id ContentType Status Name Code Size { Width Height } }\n  }\n}',
    );
  });

  it('reads an answer: nulls of objects left out, list elements kept in place, service fields only as strings', () => {
    const selection: ItemSelection = { text: '', depth: 2, properties: ['Name', 'Code', 'Size'] };
    const raw = { _id: 'x', ContentType: ['Item', 'Product'], Status: null, Name: null, Code: 3, Size: [{ Width: 1, Height: null }, null] };
    expect(exportedItem(raw, 'Product', 'en', selection, ['Status'])).toEqual({
      type: 'Product',
      language: 'en',
      id: 'x',
      contentType: ['Item', 'Product'],
      values: { Code: 3, Size: [{ Width: 1 }, null] },
      service: {},
    });
  });
});
