import { describe, expect, it } from 'vitest';
import { diffSource } from '../../src/diff/diff-source.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { pairedMoves } from '../../src/plan/moved-changes.js';

const source = (types: SourceDefinition['contentTypes'], propertyTypes?: SourceDefinition['propertyTypes']): SourceDefinition => ({
  label: 'News',
  languages: ['en'],
  contentTypes: types,
  ...(propertyTypes === undefined ? {} : { propertyTypes }),
});

describe('pairedMoves', () => {
  it.each([
    {
      name: 'a content type rename pairs its removal and addition',
      before: source({ ReleaseNote: { contentType: [], properties: { Title: { type: 'String' } } } }),
      after: source({ Changelog: { contentType: [], properties: { Title: { type: 'String' } } } }),
      moved: [{ from: 'ReleaseNote', to: 'Changelog' }],
      expected: [{ kind: 'contentType', from: 'ReleaseNote', to: 'Changelog' }],
    },
    {
      name: 'a chain pairs the first name with the last',
      before: source({ A: { contentType: [], properties: {} } }),
      after: source({ C: { contentType: [], properties: {} } }),
      moved: [
        { from: 'B', to: 'C' },
        { from: 'A', to: 'B' },
      ],
      expected: [{ kind: 'contentType', from: 'A', to: 'C' }],
    },
    {
      name: 'a property rename',
      before: source({ Article: { contentType: [], properties: { Summary: { type: 'String' } } } }),
      after: source({ Article: { contentType: [], properties: { Abstract: { type: 'String' } } } }),
      moved: [{ from: 'Article.Summary', to: 'Article.Abstract' }],
      expected: [{ kind: 'property', from: 'Article.Summary', to: 'Article.Abstract' }],
    },
    {
      name: 'a property type rename',
      before: source({ Article: { contentType: [], properties: {} } }, { Size: { properties: { W: { name: 'W', type: 'Float' } } } }),
      after: source({ Article: { contentType: [], properties: {} } }, { Dimensions: { properties: { W: { name: 'W', type: 'Float' } } } }),
      moved: [{ from: 'Size', to: 'Dimensions' }],
      expected: [{ kind: 'propertyType', from: 'Size', to: 'Dimensions' }],
    },
    {
      name: 'an entry already applied pairs nothing (it may stay in the file)',
      before: source({ Changelog: { contentType: [], properties: {} } }),
      after: source({ Changelog: { contentType: [], properties: {} }, Extra: { contentType: [], properties: {} } }),
      moved: [{ from: 'ReleaseNote', to: 'Changelog' }],
      expected: [],
    },
  ])('$name', ({ before, after, moved, expected }) => {
    expect(pairedMoves(diffSource(before, after), moved)).toEqual(expected);
  });
});
