import { describe, expect, it } from 'vitest';
import { checkDrafts, draftContext } from '../../src/declare/check-declarations.js';
import { formatDeclaration, type DeclarationOrigin } from '../../src/declare/format-declaration.js';
import type { SourceDefinition } from '../../src/model/types.js';

const origin: DeclarationOrigin = {
  environment: 'production',
  toolVersion: '0.1.0',
  importedAt: '2026-11-22T10:00:00.000Z',
  schemaPath: '../node_modules/graphform/schema/content-source.schema.json',
};

/** The example of DESIGN.md section 3, as GET types answers it (names filled in, defaults spelt out). */
const shop: SourceDefinition = {
  label: 'Shop catalogue',
  description: 'Everything we sell',
  languages: ['en', 'sv'],
  propertyTypes: {
    Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } },
  },
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
    Product: {
      abstract: false,
      contentType: ['Item'],
      properties: { Quantity: { type: 'Int', searchable: false }, Size: { type: 'Dimensions' }, Tags: { type: '[String]' } },
    },
  },
};

const context = draftContext({ scalarTypes: ['String', 'Int', 'Float', 'Boolean', 'Date', 'DateTime'], reservedTypeNames: [] }, {}, []);

/** Formats, then reads the text back the way `graphform validate` does. */
function roundTrip(id: string, definition: SourceDefinition): ReturnType<typeof checkDrafts> & { text: string } {
  const text = formatDeclaration(id, definition, origin);
  return { text, ...checkDrafts([{ id, file: `content-sources/${id}.yaml`, text, definition }], context) };
}

describe('formatDeclaration', () => {
  it('writes the declaration a person would: key order, flow properties, defaults and filled-in names left out', async () => {
    await expect(formatDeclaration('shop', shop, origin)).toMatchFileSnapshot('golden/shop.yaml');
  });

  it('starts with the schema line and says where and when the source came from', () => {
    const lines = formatDeclaration('shop', shop, origin).split('\n');
    expect(lines[0]).toBe('# yaml-language-server: $schema=../node_modules/graphform/schema/content-source.schema.json');
    expect(lines.slice(1, 3).join(' ')).toContain('graphform 0.1.0');
    expect(lines.slice(1, 3).join(' ')).toContain('environment production');
    expect(lines.slice(1, 3).join(' ')).toContain('2026-11-22T10:00:00.000Z');
  });

  it.each<[string, string, SourceDefinition, string[]]>([
    [
      'a property type property whose name differs from its key keeps it',
      'dims',
      {
        ...minimal(),
        propertyTypes: { Box: { properties: { W: { name: 'Width', type: 'Float' } } } },
        contentTypes: { Page: { contentType: [], properties: { Size: { type: 'Box' } } } },
      },
      ['      W: { name: Width, type: Float }'],
    ],
    ['no description and no property types: neither key', 'abc', minimal(), ['id: abc', 'label: Minimal', 'languages: [en]']],
    ['an empty description is no description', 'abc', { ...minimal(), description: '' }, ['label: Minimal', 'languages: [en]']],
    ['an id YAML would read as a number is quoted', '0012', minimal(), ['id: "0012"']],
    ['a label with YAML syntax in it is quoted', 'abc', { ...minimal(), label: 'Shop: #1 [new]' }, ['label: "Shop: #1 [new]"']],
    [
      'a list type is quoted',
      'abc',
      { ...minimal(), contentTypes: { Page: { contentType: [], properties: { Tags: { type: '[String]' } } } } },
      ['      Tags: { type: "[String]" }'],
    ],
    ['a content type without properties', 'abc', { ...minimal(), contentTypes: { Page: { contentType: [], properties: {} } } }, ['    properties: {}']],
    [
      'several bases and languages',
      'abc',
      {
        ...minimal(),
        languages: ['en', 'sv', 'fi'],
        contentTypes: { A: { contentType: [], properties: {} }, B: { contentType: [], properties: {} }, C: { contentType: ['A', 'B'], properties: {} } },
      },
      ['languages: [en, sv, fi]', '    contentType: [A, B]'],
    ],
  ])('%s', (_name, id, definition, expected) => {
    const { text, diagnostics, different } = roundTrip(id, definition);
    const lines = text.split('\n');
    for (const line of expected) expect(lines, text).toContain(line);
    expect(diagnostics).toEqual([]);
    expect(different).toEqual([]);
  });

  it.each<[string, SourceDefinition]>([
    ['the DESIGN example', shop],
    ['a multi-line description with quotes and a trailing space', { ...minimal(), description: 'Line one: "quoted"\n  indented # not a comment\nlast ' }],
    [
      'names Object.prototype has',
      {
        ...minimal(),
        contentTypes: { constructor: { contentType: [], properties: { toString: { type: 'String' }, valueOf: { type: 'Int', searchable: true } } } },
      },
    ],
    ['unicode and a very long label', { ...minimal(), label: `Ärenden – ${'x'.repeat(300)}` }],
    [
      'stored-only properties (skip), in a content type and a property type',
      {
        ...minimal(),
        propertyTypes: { Box: { properties: { Code: { name: 'Code', type: 'String', skip: true } } } },
        contentTypes: { Page: { contentType: [], properties: { Secret: { type: 'String', skip: true }, Box: { type: 'Box' } } } },
      },
    ],
    [
      "keys named like the format's own",
      { ...minimal(), contentTypes: { languages: { contentType: [], properties: { contentType: { type: 'String' }, languages: { type: '[String]' } } } } },
    ],
  ])('%s reads back as the same definition', (_name, definition) => {
    const { text, diagnostics, different } = roundTrip('abc', definition);
    expect(diagnostics, text).toEqual([]);
    expect(different).toEqual([]);
  });
});

describe('checkDrafts', () => {
  it('reports what validate would, and catches a collision between two drafts', () => {
    const page = (id: string): { id: string; file: string; text: string; definition: SourceDefinition } => {
      const definition = { ...minimal(), contentTypes: { Page: { contentType: [], properties: {} } } };
      return { id, file: `content-sources/${id}.yaml`, text: formatDeclaration(id, definition, origin), definition };
    };
    const { diagnostics } = checkDrafts([page('aa'), page('bb')], context);
    expect(diagnostics.map((d) => `${d.file} ${d.code}`)).toContain('content-sources/bb.yaml GF_TYPE_NAME_COLLISION');
  });

  it('names a draft that would not declare the definition it was made from', () => {
    const text = formatDeclaration('abc', minimal(), origin);
    const { diagnostics, different } = checkDrafts([{ id: 'abc', file: 'x.yaml', text, definition: { ...minimal(), label: 'Other' } }], context);
    expect(diagnostics).toEqual([]);
    expect(different).toEqual(['abc']);
  });

  it('leaves the sources being imported out of the state it checks names against', () => {
    const state = { abc: minimal(), other: { ...minimal(), contentTypes: { Other: { contentType: [], properties: {} } } } };
    const built = draftContext({ scalarTypes: ['String'], reservedTypeNames: ['StartPage'] }, state, ['abc']);
    expect(Object.keys(built.stateSources)).toEqual(['other']);
    expect(built.reservedTypeNames).toEqual(['StartPage']);
  });
});

function minimal(): SourceDefinition {
  return { label: 'Minimal', languages: ['en'], contentTypes: { Page: { contentType: [], properties: { Title: { type: 'String' } } } } };
}
