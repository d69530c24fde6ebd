import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type Change } from '../../src/diff/change.js';
import { describeChange } from '../../src/diff/describe-change.js';
import { diffSource } from '../../src/diff/diff-source.js';
import { applyChanges, revertChanges } from '../../src/diff/patch.js';
import { canonicalDefinition } from '../../src/model/canonical.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { edit, shop } from '../plan/builders.js';

const base = shop();

/** Every change kind at once, on one definition. */
const changedEverywhere = edit(base, (d) => {
  d.label = 'Renamed';
  d.description = 'Now described';
  d.languages = ['en', 'de'];
  d.propertyTypes!.Money = { properties: { Amount: { name: 'Amount', type: 'Float' } } };
  d.propertyTypes!.Dimensions!.properties.Depth = { name: 'Depth', type: 'Float' };
  d.contentTypes.Review = { contentType: [], properties: { Stars: { type: 'Int' } } };
  d.contentTypes.Product!.contentType = [];
  d.contentTypes.Product!.abstract = true;
  d.contentTypes.Product!.properties.Price = { type: 'Money' };
  delete d.contentTypes.Product!.properties.Color;
  d.contentTypes.Product!.properties.Quantity = {
    type: 'Float',
    searchable: true,
    skip: true,
    index: true,
    helpText: 'How many',
    ref: { id: 'q' },
    unknownFields: { unit: 'pcs' },
  };
  d.preset = 'next';
  d.useTypedFieldNames = true;
  d.links = { Changed: { from: 'a', to: 'c' }, Added: { from: 'x', to: 'y' } };
  d.unknownFields = { slot: 'new' };
  Object.assign(d.contentTypes.Product!, { base: 'Thing', displayName: 'Product', description: 'A product', sortOrder: 3, unknownFields: { icon: 'box' } });
});
const applied = edit(base, (d) => {
  d.propertyTypes!.Old = { properties: { X: { name: 'X', type: 'Int' } } };
  d.contentTypes.Gone = { contentType: [], properties: {} };
  d.links = { Changed: { from: 'a', to: 'b' }, Old: { from: 'o', to: 'p' } };
});

function byKindOf(changes: readonly Change[], kind: Change['kind']): Change | undefined {
  return changes.find((c) => c.kind === kind);
}

describe('diffSource', () => {
  it('finds nothing between equal definitions', () => {
    expect(diffSource(base, shop())).toEqual([]);
    expect(diffSource(undefined, undefined)).toEqual([]);
  });

  it('produces every change kind with paths, values and a stable order', () => {
    const changes = diffSource(applied, changedEverywhere);
    expect(changes.map((c) => `${c.path} ${c.kind}`)).toEqual([
      'contentTypes.Gone contentType.removed',
      'contentTypes.Product.abstract contentType.abstractChanged',
      'contentTypes.Product.base contentType.baseFieldChanged',
      'contentTypes.Product.contentType contentType.baseChanged',
      'contentTypes.Product.description contentType.descriptionChanged',
      'contentTypes.Product.displayName contentType.displayNameChanged',
      'contentTypes.Product.properties.Color property.removed',
      'contentTypes.Product.properties.Price property.added',
      'contentTypes.Product.properties.Quantity.helpText property.helpTextChanged',
      'contentTypes.Product.properties.Quantity.index property.indexChanged',
      'contentTypes.Product.properties.Quantity.ref property.refChanged',
      'contentTypes.Product.properties.Quantity.searchable property.searchableChanged',
      'contentTypes.Product.properties.Quantity.skip property.skipChanged',
      'contentTypes.Product.properties.Quantity.type property.typeChanged',
      'contentTypes.Product.properties.Quantity.unknownFields.unit property.unknownFieldChanged',
      'contentTypes.Product.sortOrder contentType.sortOrderChanged',
      'contentTypes.Product.unknownFields.icon contentType.unknownFieldChanged',
      'contentTypes.Review contentType.added',
      'description source.descriptionChanged',
      'label source.labelChanged',
      'languages.de source.languageAdded',
      'languages.sv source.languageRemoved',
      'links.Added link.added',
      'links.Changed link.changed',
      'links.Old link.removed',
      'preset source.presetChanged',
      'propertyTypes.Dimensions propertyType.changed',
      'propertyTypes.Money propertyType.added',
      'propertyTypes.Old propertyType.removed',
      'unknownFields.slot source.unknownFieldChanged',
      'useTypedFieldNames source.typedFieldNamesChanged',
    ]);
    expect(byKindOf(changes, 'contentType.displayNameChanged')).toMatchObject({ before: null, after: 'Product' });
    expect(byKindOf(changes, 'property.unknownFieldChanged')).toMatchObject({ before: null, after: 'pcs' });
    expect(byKindOf(changes, 'link.changed')).toMatchObject({ before: { from: 'a', to: 'b' }, after: { from: 'a', to: 'c' } });
    const byKind = (kind: Change['kind']): Change | undefined => changes.find((c) => c.kind === kind);
    expect(byKind('property.removed')).toEqual({
      kind: 'property.removed',
      path: 'contentTypes.Product.properties.Color',
      before: { type: 'String' },
      after: null,
    });
    expect(byKind('property.typeChanged')).toMatchObject({ before: 'Int', after: 'Float' });
    expect(byKind('property.searchableChanged')).toMatchObject({ before: false, after: true });
    expect(byKind('contentType.baseChanged')).toMatchObject({ before: ['Item'], after: [] });
    expect(byKind('contentType.abstractChanged')).toMatchObject({ before: false, after: true });
    expect(byKind('source.languageRemoved')).toMatchObject({ before: 'sv', after: null });
    expect(byKind('contentType.added')?.after).toEqual({ contentType: [], properties: { Stars: { type: 'Int' } } });
  });

  it('reports a whole source added or removed', () => {
    const [added] = diffSource(undefined, base);
    expect(added).toEqual({ kind: 'source.added', path: '', before: null, after: canonicalDefinition(base) });
    expect(diffSource(base, undefined).map((c) => c.kind)).toEqual(['source.removed']);
  });

  it('does not report properties of added or removed content types separately', () => {
    const changes = diffSource(
      base,
      edit(base, (d) => void delete d.contentTypes.Product),
    );
    expect(changes.map((c) => c.kind)).toEqual(['contentType.removed']);
  });

  it('is serialisable: a JSON round trip changes nothing', () => {
    const changes = diffSource(applied, changedEverywhere);
    expect(JSON.parse(JSON.stringify(changes))).toEqual(changes);
  });
});

describe('round trips', () => {
  const pairs: [string, SourceDefinition | undefined, SourceDefinition | undefined][] = [
    ['every kind', applied, changedEverywhere],
    ['every kind, backwards', changedEverywhere, applied],
    ['added', undefined, base],
    ['removed', base, undefined],
    ['searchable off', base, edit(base, (d) => void delete d.contentTypes.Item!.properties.Name!.searchable)],
    ['made concrete', base, edit(base, (d) => void delete d.contentTypes.Item!.abstract)],
    ['property types all removed', base, edit(base, (d) => void delete d.propertyTypes)],
    [
      'display metadata and unknown fields removed',
      changedEverywhere,
      edit(changedEverywhere, (d) => {
        delete d.contentTypes.Product!.displayName;
        delete d.contentTypes.Product!.unknownFields;
        delete d.unknownFields;
        delete d.links;
      }),
    ],
  ];
  const canon = (d: SourceDefinition | undefined) => (d === undefined ? undefined : canonicalDefinition(d));

  it.each(pairs)('applyChanges(a, diff(a, b)) means b, revertChanges(b, diff(a, b)) means a: %s', (_name, a, b) => {
    const changes = diffSource(a, b);
    expect(canon(applyChanges(a, changes))).toEqual(canon(b));
    expect(canon(revertChanges(b, changes))).toEqual(canon(a));
  });

  it('does not change its input', () => {
    const copy = structuredClone(applied);
    applyChanges(applied, diffSource(applied, changedEverywhere));
    expect(applied).toEqual(copy);
  });
});

describe('describeChange', () => {
  it('has words for every kind', () => {
    const changes = [...diffSource(applied, changedEverywhere), ...diffSource(undefined, base), ...diffSource(base, undefined)];
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(CHANGE_KINDS));
    expect(changes.map(describeChange)).toMatchInlineSnapshot(`
      [
        "removing content type Gone",
        "making Product abstract",
        "changing the base field of Product from null to "Thing"",
        "changing the base types of Product from [Item] to [] (none)",
        "changing the description of Product",
        "changing the display name of Product",
        "removing property Product.Color",
        "adding property Product.Price",
        "changing the help text of Product.Quantity",
        "changing index of Product.Quantity from null to true",
        "changing the ref of Product.Quantity",
        "making Product.Quantity searchable",
        "making Product.Quantity stored only (skip), which renames its field in data lines",
        "changing the type of Product.Quantity from Int to Float",
        "changing unit of Product.Quantity, a field graphform does not know",
        "changing the sort order of Product",
        "changing icon of Product, a field graphform does not know",
        "adding content type Review",
        "adding a description",
        "changing the label from "Shop catalogue" to "Renamed"",
        "adding language de",
        "removing language sv",
        "adding link Added",
        "changing link Changed",
        "removing link Old",
        "changing the preset from null to "next"",
        "changing property type Dimensions",
        "adding property type Money",
        "removing property type Old",
        "changing slot of the source, a field graphform does not know",
        "changing useTypedFieldNames from null to true",
        "adding the source",
        "removing the source",
      ]
    `);
  });
});
