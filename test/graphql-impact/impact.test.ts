import { describe, expect, it } from 'vitest';
import { graphqlChanges, inspectorChanges } from '../../src/graphql-impact/impact.js';
import { readDeclarationFiles } from '../../src/load/read-declarations.js';
import { SCALAR_TYPES, type SourceDefinition } from '../../src/model/types.js';
import { validateDeclarations } from '../../src/validate/validate.js';
import type { GraphqlChange } from '../../src/plan/types.js';
import { sampleDefinition } from '../helpers/emulator.js';

const base = sampleDefinition();
const changed = (edit: (definition: SourceDefinition) => void): SourceDefinition => {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
};

describe('graphqlChanges', () => {
  it.each<[string, SourceDefinition | undefined, SourceDefinition | undefined, GraphqlChange[]]>([
    ['no change', base, base, []],
    [
      'a property removed',
      base,
      changed((d) => delete d.contentTypes.Product?.properties.Quantity),
      [{ criticality: 'BREAKING', message: "Field 'Quantity' was removed from object type 'Product'", path: 'Product.Quantity' }],
    ],
    [
      "a property's type changed",
      base,
      changed((d) => (d.contentTypes.Product!.properties.Quantity = { type: 'Float' })),
      [{ criticality: 'BREAKING', message: "Field 'Product.Quantity' changed type from 'Int' to 'Float'", path: 'Product.Quantity' }],
    ],
    [
      'a content type removed',
      changed((d) => (d.contentTypes.Review = { contentType: ['Item'], properties: { Rating: { type: 'Int' } } })),
      base,
      [{ criticality: 'BREAKING', message: "Type 'Review' was removed", path: 'Review' }],
    ],
    [
      'a content type added: one line, not one per field',
      base,
      changed((d) => (d.contentTypes.Review = { contentType: ['Item'], properties: { Rating: { type: 'Int' } } })),
      [{ criticality: 'NON_BREAKING', message: "Type 'Review' was added", path: 'Review' }],
    ],
    [
      'a property added to a base: on the interface and on every type implementing it',
      base,
      changed((d) => (d.contentTypes.Item!.properties.Tagline = { type: 'String' })),
      [
        { criticality: 'NON_BREAKING', message: "Field 'Tagline' was added to interface 'Item'", path: 'Item.Tagline' },
        { criticality: 'NON_BREAKING', message: "Field 'Tagline' was added to object type 'Product'", path: 'Product.Tagline' },
      ],
    ],
    ['a label change is no GraphQL change', base, { ...base, label: 'Renamed' }, []],
    [
      'a new source: its types, but not the date scalars every schema has',
      undefined,
      base,
      [
        { criticality: 'NON_BREAKING', message: "Type 'Item' was added", path: 'Item' },
        { criticality: 'NON_BREAKING', message: "Type 'Product' was added", path: 'Product' },
        { criticality: 'NON_BREAKING', message: "Type 'Dimensions' was added", path: 'Dimensions' },
      ],
    ],
    [
      'a deleted source',
      base,
      undefined,
      [
        { criticality: 'BREAKING', message: "Type 'Item' was removed", path: 'Item' },
        { criticality: 'BREAKING', message: "Type 'Product' was removed", path: 'Product' },
        { criticality: 'BREAKING', message: "Type 'Dimensions' was removed", path: 'Dimensions' },
      ],
    ],
  ])('%s', async (_case, before, after, expected) => {
    expect(await graphqlChanges(before, after)).toEqual(expected);
  });

  it('lists breaking changes first, then dangerous, then safe', async () => {
    const after = changed((d) => {
      d.contentTypes.Review = { contentType: [], properties: { Rating: { type: 'Int' } } };
      d.contentTypes.Sellable = { abstract: true, contentType: [], properties: {} };
      d.contentTypes.Product!.contentType.push('Sellable');
      delete d.contentTypes.Product?.properties.Tags;
    });
    expect(await graphqlChanges(base, after)).toEqual([
      { criticality: 'BREAKING', message: "Field 'Tags' was removed from object type 'Product'", path: 'Product.Tags' },
      { criticality: 'DANGEROUS', message: "'Product' object implements 'Sellable' interface", path: 'Product' },
      { criticality: 'NON_BREAKING', message: "Type 'Sellable' was added", path: 'Sellable' },
      { criticality: 'NON_BREAKING', message: "Type 'Review' was added", path: 'Review' },
    ]);
  });
});

describe('a source being created', () => {
  it('lists its types as added without building schemas, exactly as the inspector does', async () => {
    const root = new URL('../..', import.meta.url).pathname;
    const files = await readDeclarationFiles(`${root}content-sources`, root);
    const { declarations } = validateDeclarations(
      files.filter((f) => !f.file.includes('/data/')),
      { scalarTypes: [...SCALAR_TYPES], reservedTypeNames: [], maxSources: undefined, stateSources: {} },
    );
    const definitions = [base, ...declarations.map((d) => d.definition)];
    expect(definitions.length).toBeGreaterThan(2);
    for (const definition of definitions) {
      const fast = await graphqlChanges(undefined, definition);
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(await inspectorChanges(undefined, definition));
    }
  });
});
