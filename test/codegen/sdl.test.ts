import { buildSchema, validateSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { scalarsOnlySdl, sdlTypeNames, sourceSdl } from '../../src/codegen/sdl.js';
import type { SourceDefinition } from '../../src/model/types.js';

const definition = (contentTypes: SourceDefinition['contentTypes'], propertyTypes: SourceDefinition['propertyTypes'] = {}): SourceDefinition => ({
  label: 'Test',
  languages: ['en'],
  propertyTypes,
  contentTypes,
});

describe('sourceSdl', () => {
  it.each<[string, SourceDefinition, string[]]>([
    [
      'a concrete type is an object type, scalars as declared',
      definition({
        Page: { contentType: [], properties: { Title: { type: 'String' }, Views: { type: 'Int' }, Score: { type: 'Float' }, Live: { type: 'Boolean' } } },
      }),
      ['type Page {\n  Title: String\n  Views: Int\n  Score: Float\n  Live: Boolean\n}'],
    ],
    [
      'Date and DateTime are custom scalars, declared',
      definition({ Event: { contentType: [], properties: { On: { type: 'Date' }, At: { type: 'DateTime' } } } }),
      ['scalar Date\nscalar DateTime', 'type Event {\n  On: Date\n  At: DateTime\n}'],
    ],
    ['a list stays a list', definition({ Page: { contentType: [], properties: { Tags: { type: '[String]' } } } }), ['  Tags: [String]']],
    [
      'a property type is an object type',
      definition(
        { Page: { contentType: [], properties: { Size: { type: 'Box' }, Boxes: { type: '[Box]' } } } },
        { Box: { properties: { W: { name: 'W', type: 'Float' } } } },
      ),
      ['type Box {\n  W: Float\n}', '  Size: Box\n  Boxes: [Box]'],
    ],
    [
      'an abstract type is an interface; a derived type implements it with every inherited field',
      definition({
        Base: { abstract: true, contentType: [], properties: { Name: { type: 'String' } } },
        Page: { contentType: ['Base'], properties: { Body: { type: 'String' } } },
      }),
      ['interface Base {\n  Name: String\n}', 'type Page implements Base {\n  Name: String\n  Body: String\n}'],
    ],
    [
      'interfaces of every abstract ancestor; a concrete base only gives its fields',
      definition({
        A: { abstract: true, contentType: [], properties: { a: { type: 'Int' } } },
        B: { abstract: true, contentType: ['A'], properties: { b: { type: 'Int' } } },
        C: { contentType: ['B'], properties: { c: { type: 'Int' } } },
        D: { contentType: ['C'], properties: { d: { type: 'Int' } } },
      }),
      ['interface B implements A {', 'type C implements B & A {', 'type D implements B & A {\n  a: Int\n  b: Int\n  c: Int\n  d: Int\n}'],
    ],
    [
      'a custom scalar from the config is declared where used',
      definition({ Link: { contentType: [], properties: { Href: { type: 'Url' } } } }),
      ['scalar Date\nscalar DateTime\nscalar Url'],
    ],
    ['a type without properties has no braces', definition({ Marker: { contentType: [], properties: {} } }), ['\ntype Marker\n']],
  ])('%s', (_case, source, expected) => {
    const sdl = sourceSdl(source);
    for (const part of expected) expect(sdl).toContain(part);
    expect(() => buildSchema(sdl)).not.toThrow();
  });

  it('is a valid GraphQL schema once a query type is added, for the example shop', () => {
    const shop = definition(
      {
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String' }, Tags: { type: '[String]' } } },
        Product: { contentType: ['Item'], properties: { Size: { type: 'Dimensions' }, Released: { type: 'Date' } } },
        Bundle: { contentType: ['Item'], properties: { Sizes: { type: '[Dimensions]' } } },
      },
      { Dimensions: { properties: { Width: { name: 'Width', type: 'Float' } } } },
    );
    const schema = buildSchema(`${sourceSdl(shop)}\ntype Query { items: [Item] }\n`);
    expect(validateSchema(schema)).toEqual([]);
  });

  it('sorts types by name and starts with the header as comments, whatever the declaration order', () => {
    const a = definition({ Zed: { contentType: [], properties: { z: { type: 'Int' } } }, Amy: { contentType: [], properties: { a: { type: 'Int' } } } });
    const b = definition({ Amy: { contentType: [], properties: { a: { type: 'Int' } } }, Zed: { contentType: [], properties: { z: { type: 'Int' } } } });
    const sdl = sourceSdl(a, ['Generated.', 'Do not edit.']);
    expect(sdl).toBe(sourceSdl(b, ['Generated.', 'Do not edit.']));
    expect(sdl.startsWith('# Generated.\n# Do not edit.\n\nscalar Date')).toBe(true);
    expect(sdl.indexOf('type Amy')).toBeLessThan(sdl.indexOf('type Zed'));
  });

  it('declares only the date scalars for a source that does not exist', () => {
    expect(scalarsOnlySdl()).toBe('scalar Date\nscalar DateTime\n');
  });
});

describe('sdlTypeNames', () => {
  it('names the types sourceSdl declares, in its order, without writing it', () => {
    const names = (sdl: string): string[] =>
      [...sdl.matchAll(/^(?:type|interface|scalar|enum|input|union) ([_A-Za-z][_0-9A-Za-z]*)/gm)].map((m) => m[1] as string);
    const sources = [
      definition(
        { Page: { contentType: [], properties: { Link: { type: 'Url' }, On: { type: 'Date' } } }, Base: { abstract: true, contentType: [], properties: {} } },
        { Box: { properties: {} }, Alpha: { properties: {} } },
      ),
      {
        ...definition({ Z: { contentType: [], properties: { Tags: { type: '[Tag]' } } } }, { Tag: { properties: { N: { name: 'N', type: 'String' } } } }),
        useTypedFieldNames: true,
      },
      definition({}),
    ];
    for (const source of sources) expect(sdlTypeNames(source)).toEqual(names(sourceSdl(source)));
    expect(sdlTypeNames(sources[0] as SourceDefinition)).toEqual(['Date', 'DateTime', 'Url', 'Base', 'Page', 'Alpha', 'Box']);
  });
});
