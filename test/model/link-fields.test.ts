import { describe, expect, it } from 'vitest';
import { linkFromWireName } from '../../src/model/link-fields.js';

const declaration = {
  id: 'wx',
  languages: ['en'],
  contentTypes: {
    A: {
      contentType: [],
      properties: {
        City: { type: 'String', searchable: true },
        Code: { type: 'String', skip: true },
        Both: { type: 'String', searchable: true },
        Plain: { type: 'String' },
      },
    },
    B: { contentType: [], properties: { Both: { type: 'String' } } },
  },
};

describe("the wire name a link's `from` should have (model/link-fields.ts)", () => {
  it.each<[string, string, string | undefined]>([
    ['a searchable property by its plain name', 'City', 'City___searchable'],
    ['a stored-only property by its plain name', 'Code', 'Code___skip'],
    ['a plain property', 'Plain', undefined],
    ['no property of the source', 'Other', undefined],
    ['a name two content types send differently', 'Both', undefined],
    ['the wire name already', 'City___searchable', undefined],
  ])('%s', (_case, from, wire) => {
    expect(linkFromWireName(declaration, from)).toBe(wire);
  });

  it('goes by the typed wire name under useTypedFieldNames, and reads any shape', () => {
    expect(linkFromWireName({ ...declaration, useTypedFieldNames: true }, 'Plain')).toBe('Plain$$String');
    expect(linkFromWireName({ contentTypes: { A: { contentType: 'x', properties: { City: { type: 7, searchable: true } } } } }, 'City')).toBeUndefined();
    expect(linkFromWireName('not a map', 'City')).toBeUndefined();
  });
});
