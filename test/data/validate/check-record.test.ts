import { beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, type RecordRulesContext } from '../../../src/data/validate/check-record.js';
import { createItemValidators } from '../../../src/data/validate/item-validators.js';
import { MovedFields } from '../../../src/data/validate/moved-fields.js';
import type { DataRecord } from '../../../src/data/types.js';
import { product, shopDeclaration } from '../fixtures.js';

const declaration = shopDeclaration();
let context: RecordRulesContext;
beforeAll(async () => {
  context = { sourceId: 'shop', definition: declaration.definition, validators: createItemValidators(declaration.definition, ['Id', 'language_routing']) };
});

function check(item: Record<string, unknown> | undefined, language = 'en', kind: 'index' | 'delete' = 'index'): string[] {
  const record: DataRecord = { file: 'f.ndjson', line: 7, action: { kind, id: '1', language }, ...(item === undefined ? {} : { item }) };
  return checkRecord(record, context).map((d) => `${d.severity === 'error' ? 'E' : 'W'} ${d.code} ${d.path}`);
}

describe('record rules', () => {
  it('accepts a complete valid product', () => {
    expect(
      check(
        product('1', 'en', {
          Price: 9.5,
          InStock: true,
          Released: '2024-05-31',
          Updated: '2024-05-31T10:00:00Z',
          Sizes: [{ Width: 1 }],
          RolesWithReadAccess: 'Everyone',
          __typename: 'Product',
        }),
      ),
    ).toEqual([]);
  });

  it('accepts null as "no value"', () => {
    expect(check(product('1', 'en', { Quantity: null, Size: null, Tags: null }))).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['Int given a string', { Quantity: '3' }, ['E GF_DATA_INVALID_VALUE /Quantity']],
    ['Int given a fraction', { Quantity: 1.5 }, ['E GF_DATA_INVALID_VALUE /Quantity']],
    ['Int out of 32-bit range', { Quantity: 2 ** 31 }, ['E GF_DATA_INVALID_VALUE /Quantity']],
    ['Float given a string', { Price: 'cheap' }, ['E GF_DATA_INVALID_VALUE /Price']],
    ['Boolean given a number', { InStock: 1 }, ['E GF_DATA_INVALID_VALUE /InStock']],
    ['Date malformed', { Released: '31/05/2024' }, ['E GF_DATA_INVALID_VALUE /Released']],
    ['DateTime without zone', { Updated: '2024-05-31 10:00' }, ['E GF_DATA_INVALID_VALUE /Updated']],
    ['nested property type value', { Size: { Width: 'wide', Height: 2 } }, ['E GF_DATA_INVALID_VALUE /Size/Width']],
    ['property type given a scalar', { Size: 5 }, ['E GF_DATA_INVALID_VALUE /Size']],
    ['list given a scalar', { Tags: 'a' }, ['E GF_DATA_INVALID_VALUE /Tags']],
    ['list element of wrong type', { Tags: ['a', 2] }, ['E GF_DATA_INVALID_VALUE /Tags/1']],
    ['null inside a list', { Tags: ['a', null] }, ['E GF_DATA_INVALID_VALUE /Tags/1']],
    ['list of property types', { Sizes: [{ Width: 1 }, { Width: true }] }, ['E GF_DATA_INVALID_VALUE /Sizes/1/Width']],
    ['_rbac as an object', { _rbac: { r: ['Everyone'] } }, ['E GF_DATA_RBAC_NOT_STRING /_rbac']],
    ['Status not a string', { Status: 1 }, ['E GF_DATA_INVALID_VALUE /Status']],
    ['RolesWithReadAccess not a string', { RolesWithReadAccess: ['Everyone'] }, ['E GF_DATA_INVALID_VALUE /RolesWithReadAccess']],
    ['Language.Name differs from language_routing', { Language: { Name: 'sv' } }, ['E GF_DATA_LANGUAGE_MISMATCH /Language/Name']],
    ['no ContentType', { ContentType: undefined }, ['E GF_DATA_MISSING_CONTENT_TYPE /ContentType']],
    ['empty ContentType', { ContentType: [] }, ['E GF_DATA_MISSING_CONTENT_TYPE /ContentType']],
    ['ContentType not an array', { ContentType: 'Product' }, ['E GF_DATA_MISSING_CONTENT_TYPE /ContentType']],
    ['unknown content type', { ContentType: ['Item', 'Gadget'] }, ['E GF_DATA_UNKNOWN_CONTENT_TYPE /ContentType/1']],
    ['abstract most-derived type', { ContentType: ['Item'] }, ['E GF_DATA_ABSTRACT_CONTENT_TYPE /ContentType/0']],
    ['base missing from ContentType', { ContentType: ['Product'] }, ['W GF_DATA_CONTENT_TYPE_BASES_MISSING /ContentType']],
    ['undeclared field', { Colour: 'red' }, ['W GF_DATA_UNDECLARED_FIELD /Colour']],
    // The action line's _id is "1" (check above): a data line that says another is an error of the item.
    ["_id other than the action line's", { _id: '2' }, ['E GF_DATA_ID_MISMATCH /_id', 'W GF_DATA_UNDECLARED_FIELD /_id']],
    ['_id of another kind', { _id: { id: '1' } }, ['E GF_DATA_ID_MISMATCH /_id', 'W GF_DATA_UNDECLARED_FIELD /_id']],
    ["_id equal to the action line's, as a number", { _id: 1 }, ['W GF_DATA_UNDECLARED_FIELD /_id']],
    ['undeclared nested field', { Size: { Width: 1, Depth: 2 } }, ['W GF_DATA_UNDECLARED_FIELD /Size/Depth']],
    ['property of a sibling type', { Hours: 3 }, ['W GF_DATA_UNDECLARED_FIELD /Hours']],
    ['misspelt Status', { Status: 'Publshed' }, ['W GF_DATA_UNKNOWN_STATUS /Status']],
    ['Status in the wrong case', { Status: 'draft' }, ['W GF_DATA_UNKNOWN_STATUS /Status']],
    ['a Status far from the known ones (the service documents no list)', { Status: 'Archived' }, []],
  ])('%s', (_name, change, expected) => {
    const item = product('1', 'en', change);
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete item[key];
    expect(check(item)).toEqual(expected);
  });

  it('suggests the closest name for a misspelt content type, status or field', () => {
    const messages = (change: Record<string, unknown>): string[] =>
      checkRecord({ file: 'f.ndjson', line: 7, action: { kind: 'index', id: '1', language: 'en' }, item: product('1', 'en', change) }, context).map(
        (d) => d.message,
      );
    expect(messages({ ContentType: ['Item', 'Prodcut'] })).toEqual([
      expect.stringMatching(/^Content type "Prodcut" is not declared in source shop \(declared: [^)]+\); did you mean `Product`\?$/),
    ]);
    expect(messages({ ContentType: ['Item', 'Gadget'] })).toEqual([
      expect.stringMatching(/^Content type "Gadget" is not declared in source shop \(declared: [^)]+\)\.$/),
    ]);
    expect(messages({ Status: 'Publshed' })).toEqual(['Status "Publshed" is not one that clients send ("Published", "Draft"); did you mean "Published"?']);
    expect(messages({ Quantty: 3 })).toEqual([
      expect.stringMatching(
        /^"Quantty" is not declared by \w+; the service stores it without a schema\. Declare it or leave it out; did you mean `Quantity`\?$/,
      ),
    ]);
  });

  it('refuses a language the source does not declare', () => {
    expect(check(product('1', 'de'), 'de')).toEqual(['E GF_DATA_UNKNOWN_LANGUAGE ']);
  });

  it('checks only the language of a delete', () => {
    expect(check(undefined, 'en', 'delete')).toEqual([]);
    expect(check(undefined, 'fi', 'delete')).toEqual(['E GF_DATA_UNKNOWN_LANGUAGE ']);
  });

  it('locates diagnostics at the record and explains _rbac', () => {
    const [d] = checkRecord(
      { file: 'f.ndjson', line: 7, action: { kind: 'index', id: '1', language: 'en' }, item: product('1', 'en', { _rbac: {} }) },
      context,
    );
    expect(d).toMatchObject({ file: 'f.ndjson', line: 7, column: 1, severity: 'error' });
    expect(d?.message).toMatch(/answers 200 .* indexes nothing/);
  });

  it("names both ids of a data line whose _id is not its action line's, and what to do", () => {
    const [d] = checkRecord(
      { file: 'f.ndjson', line: 8, action: { kind: 'index', id: 'p1', language: 'en' }, item: product('p1', 'en', { _id: 'p2' }) },
      context,
    );
    expect(d).toMatchObject({ code: 'GF_DATA_ID_MISMATCH', file: 'f.ndjson', line: 8, severity: 'error', path: '/_id' });
    expect(d?.message).toBe(
      'The data line\'s _id is "p2" but its action line\'s is "p1": the service indexes the item under the action line\'s _id. Make the two equal, or leave _id out of the data line.',
    );
  });
});

describe('a property a declared move took away, still named in a data line', () => {
  // Item.Title was renamed Name (inherited by Product), Product.Count became Quantity, Dimensions.W became Width, and Product.Cost became Price by way of Product.Amount.
  const moves = [
    { from: 'Item.Title', to: 'Item.Name' },
    { from: 'Product.Count', to: 'Product.Quantity' },
    { from: 'Dimensions.W', to: 'Dimensions.Width' },
    { from: 'Product.Cost', to: 'Product.Amount' },
    { from: 'Product.Amount', to: 'Product.Price' },
  ];
  let moved: RecordRulesContext;
  beforeAll(() => {
    moved = { ...context, moved: new MovedFields(moves, declaration.definition) };
  });
  const checkMoved = (extra: Record<string, unknown>): string[] =>
    checkRecord({ file: 'f.ndjson', line: 7, action: { kind: 'index', id: '1', language: 'en' }, item: product('1', 'en', extra) }, moved).map(
      (d) => `${d.severity === 'error' ? 'E' : 'W'} ${d.code} ${d.path}`,
    );

  it.each<[string, Record<string, unknown>, string[]]>([
    ['its own property, under the old name', { Count: 3 }, ['E GF_DATA_MOVED_FIELD /Count']],
    ["a base type's property", { Title: 'x' }, ['E GF_DATA_MOVED_FIELD /Title']],
    ['under a wire name of the old name', { Count___searchable: 3 }, ['E GF_DATA_MOVED_FIELD /Count___searchable']],
    ['inside a property type value', { Size: { Width: 1, W: 2 } }, ['E GF_DATA_MOVED_FIELD /Size/W']],
    ['inside a list of property type values', { Sizes: [{ Width: 1 }, { W: 2 }] }, ['E GF_DATA_MOVED_FIELD /Sizes/1/W']],
    ['the first name of a chain', { Cost: 2 }, ['E GF_DATA_MOVED_FIELD /Cost']],
    ['a field no move names stays a warning', { Colour: 'red' }, ['W GF_DATA_UNDECLARED_FIELD /Colour']],
  ])('%s', (_, extra, expected) => {
    expect(checkMoved(extra)).toEqual(expected);
  });

  it('says where the value went and what to write instead', () => {
    const [found] = checkRecord(
      { file: 'f.ndjson', line: 7, action: { kind: 'index', id: '1', language: 'en' }, item: product('1', 'en', { Cost: 2 }) },
      moved,
    );
    expect(found).toMatchObject({ file: 'f.ndjson', line: 7, severity: 'error' });
    expect(found?.message).toBe(
      '"Cost" names Product\'s property Cost, which the declaration moves to Price (moved: Product.Cost to Product.Amount): pushed under its old name, the value would be stored where nothing serves it. Rename the field to "Price" in the data file.',
    );
  });
});

describe("the service's own fields as the vendor's C# client writes them under useTypedFieldNames", () => {
  it('is refused with what to write instead, not as an item without content types', () => {
    const definition = { ...declaration.definition, useTypedFieldNames: true };
    const typed: RecordRulesContext = { sourceId: 'shop', definition, validators: createItemValidators(definition, ['Id', 'language_routing']) };
    const item = {
      ContentType$$String: ['Item', 'Product'],
      Status$$String: 'Published',
      Language: { Name$$String: 'en' },
      _rbac: 'r:Everyone:Read',
      __typename: 'Product',
    };
    const found = checkRecord({ file: 'f.ndjson', line: 3, action: { kind: 'index', id: '1', language: 'en' }, item }, typed);
    expect(found.map((d) => `${d.code} ${d.path}`)).toEqual(['GF_DATA_MISSING_CONTENT_TYPE /ContentType$$String']);
    expect(found[0]?.message).toContain("graphform reads and sends the service's own fields by their plain names (ContentType, Status, Language.Name)");
  });
});
