import type { SourceDeclaration, SourceDefinition } from '../../src/model/types.js';

/** Three sources of issue 26: searchable, stored-only and plain properties; useTypedFieldNames; a property type and a link. */
export const WIRE_SOURCES: Record<string, SourceDefinition> = {
  flag: {
    languages: ['en'],
    contentTypes: {
      Note: { contentType: [], properties: { Title: { type: 'String', searchable: true }, Secret: { type: 'String', skip: true }, Count: { type: 'Int' } } },
    },
  },
  typd: {
    languages: ['en'],
    useTypedFieldNames: true,
    contentTypes: {
      Film: { contentType: [], properties: { Title: { type: 'String', searchable: true }, Year: { type: 'Int' }, Genres: { type: '[String]' } } },
    },
  },
  nest: {
    languages: ['en'],
    links: { Forecast: { from: 'City___searchable', to: 'Name' } },
    propertyTypes: { Dimensions: { properties: { Width: { name: 'Width', type: 'Float', searchable: true }, Height: { name: 'Height', type: 'Float' } } } },
    contentTypes: {
      Place: { contentType: [], properties: { City: { type: 'String', searchable: true }, Size: { type: 'Dimensions' }, Sizes: { type: '[Dimensions]' } } },
    },
  },
};

/** One of WIRE_SOURCES as a declaration. */
export function wireDeclaration(id: string): SourceDeclaration {
  return { id, file: `content-sources/${id}.yaml`, data: [], definition: WIRE_SOURCES[id] as SourceDefinition };
}
