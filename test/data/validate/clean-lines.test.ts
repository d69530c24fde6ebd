import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceDefinition } from '../../../src/model/types.js';
import { NdjsonState } from '../../../src/data/read/ndjson-state.js';
import type { DataAction, ReadEntry } from '../../../src/data/types.js';
import { checkRecord, type RecordRulesContext } from '../../../src/data/validate/check-record.js';
import { CleanLines } from '../../../src/data/validate/clean-lines.js';
import { createItemValidators } from '../../../src/data/validate/item-validators.js';
import { jsonBytes } from '../../../src/data/validate/json-bytes.js';
import { seededRandom } from '../../helpers/seeded-random.js';
import { generatedItem } from '../integration/generate.js';
import { product, shopDeclaration } from '../fixtures.js';

/**
 * The quick check of data lines (CleanLines) against the full one (NdjsonState's line
 * rules, then checkRecord with ajv): a line it takes must be one the full check passes
 * with no diagnostic at all. Every case below is run through both; the quick check may
 * leave a clean line to the full check, but never take one the full check has a word about.
 */
const FIELDS = { idField: 'Id', languageField: 'language_routing' };

/** The shop source, with more to get wrong: a self-referring property type, a list of them, an Int list, an extra scalar, a field named like an action. */
function richDefinition(): SourceDefinition {
  const shop = shopDeclaration().definition;
  return {
    ...shop,
    propertyTypes: {
      ...shop.propertyTypes,
      Node: { properties: { Label: { name: 'Label', type: 'String' }, Next: { name: 'Next', type: 'Node' }, Counts: { name: 'Counts', type: '[Int]' } } },
    },
    contentTypes: {
      ...shop.contentTypes,
      Deep: {
        contentType: ['Item', 'Product'],
        properties: { Tree: { type: 'Node' }, Trees: { type: '[Node]' }, Cost: { type: 'Money' }, index: { type: 'String' }, When: { type: 'DateTime' } },
      },
    },
  };
}

interface Checkers {
  rules: RecordRulesContext;
  clean: CleanLines;
}

async function checkers(definition: SourceDefinition): Promise<Checkers> {
  const validators = createItemValidators(definition, [FIELDS.idField, FIELDS.languageField]);
  return { rules: { sourceId: 'shop', definition, validators }, clean: new CleanLines(definition, validators) };
}

/** What the full check says about the data line after `action`: its entries' diagnostics, and whether it made exactly one record of it. */
function fullCheck(line: string, action: DataAction, rules: RecordRulesContext): { clean: boolean; said: string[] } {
  const state = new NdjsonState('f.ndjson', FIELDS, { maxLineBytes: 1 << 20, mode: 'wire', pending: { line: 1, action } });
  const out: ReadEntry[] = [];
  state.line(line, 2, out);
  const said: string[] = [];
  let records = 0;
  for (const entry of out) {
    if (entry.kind === 'issue') said.push(`${entry.issue.code} ${entry.issue.message}`);
    else {
      records++;
      for (const d of checkRecord(entry.record, rules)) said.push(`${d.code} ${d.path ?? ''} ${d.message}`);
    }
  }
  return { clean: said.length === 0 && records === 1 && out[0]?.kind === 'record' && out[0].record.line === 2 && state.pending === undefined, said };
}

/** The quick check of the same line, read from the middle of a larger buffer as a block would hold it. */
function quickCheck(line: string, action: DataAction, clean: CleanLines, offset = 0): boolean {
  const prefix = 'x'.repeat(offset);
  const bytes = Buffer.from(`${prefix}${line}\n{"after":1}\n`, 'utf8');
  const start = Buffer.byteLength(prefix);
  return clean.accepts(jsonBytes(bytes), start, start + Buffer.byteLength(line), action.language) !== 'no';
}

const en: DataAction = { kind: 'index', id: '1', language: 'en' };
const sv: DataAction = { kind: 'index', id: '1', language: 'sv' };

const deep = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...product('d'),
  ContentType: ['Item', 'Product', 'Deep'],
  Tree: { Label: 'root', Next: { Label: 'leaf', Next: null, Counts: [1, 2] }, Counts: [] },
  Trees: [{ Label: 'a' }, null],
  Cost: { amount: 3, currency: 'EUR' },
  index: 'not an action',
  When: '2024-02-29T12:30:00Z',
  Released: '2024-02-29',
  Updated: '2021-06-01T00:00:00.5+02:00',
  InStock: true,
  Price: 9.5,
  ...extra,
});

/** Values to put in each field: every JSON type, edge numbers, near-miss strings. */
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  1e21,
  123456789012345,
  1234567890123456,
  '',
  'text',
  'Published',
  'published',
  'Draft',
  'Drafts',
  'en',
  'sv',
  'fi',
  '2024-02-29',
  '2023-02-29',
  '2023-13-01',
  '2023-1-01',
  '2023-01-01T10:00:00Z',
  '2023-01-01T25:00:00Z',
  '2023-01-01T10:00:00',
  'Item',
  'Product',
  'Service',
  'Deep',
  [],
  [1],
  ['a'],
  ['Item'],
  ['Product'],
  ['Item', 'Product'],
  ['Product', 'Item'],
  ['Item', 'Service'],
  ['Item', 'Product', 'Deep'],
  ['Item', 'Nope'],
  ['Item', 'Product', null],
  [null],
  {},
  { Name: 'en' },
  { Name: 'sv', DisplayName: 'Svenska' },
  { Name: 1 },
  { DisplayName: 'English', Extra: [1, { deep: true }] },
  { Width: 1, Height: 2 },
  { Width: '1' },
  { Width: 1, Depth: 2 },
  { Label: 'x', Next: { Label: 1 } },
  { Label: 'x', Counts: [1.5] },
  { Label: 'x', Counts: [2147483648] },
  [{ Width: 1 }, null],
  [{ Width: 1, Extra: 1 }],
  'é ☃ 𝄞',
];

const FIELD_NAMES = [
  'Id',
  'language_routing',
  'Name',
  'Quantity',
  'Price',
  'InStock',
  'Released',
  'Updated',
  'Size',
  'Tags',
  'Sizes',
  'Hours',
  'ContentType',
  'Language',
  'Status',
  'RolesWithReadAccess',
  '_rbac',
  '__typename',
  'Tree',
  'Trees',
  'Cost',
  'index',
  'When',
  'Undeclared',
  '__proto__',
  'constructor',
  'toString',
  'delete',
];

/** Text edits that JSON.stringify never makes: whitespace, escapes, control characters, repeated keys, broken syntax. */
const TEXT_EDITS: [string, (line: string) => string][] = [
  ['a space after the first colon', (l) => l.replace(':', ': ')],
  ['a space at the start', (l) => ` ${l}`],
  ['a space at the end', (l) => `${l} `],
  ['a tab at the end', (l) => `${l}\t`],
  ['a carriage return at the end', (l) => `${l}\r`],
  ['an escaped quote in a value', (l) => l.replace('"Published"', '"Pub\\"lished"')],
  ['an escaped character in a key', (l) => l.replace('"Status"', '"\\u0053tatus"')],
  ['an escaped language', (l) => l.replace('"Name":"en"', '"Name":"\\u0065n"')],
  ['a raw control character in a string', (l) => l.replace('"Published"', '"Pub\u0001lished"')],
  ['a repeated key, first value bad', (l) => l.replace('{', '{"Quantity":"x",')],
  ['a repeated key, both good', (l) => l.replace('{', '{"Quantity":1,')],
  ['a repeated ContentType', (l) => l.replace('{', '{"ContentType":["Item","Service"],')],
  ['a repeated Language.Name', (l) => l.replace('"Name":"en"', '"Name":"sv","Name":"en"')],
  ['a trailing comma', (l) => l.replace(/}$/, ',}')],
  ['two objects', (l) => `${l}${l}`],
  ['cut short', (l) => l.slice(0, -1)],
  ['an array line', (l) => `[${l}]`],
  ['a number with an exponent', (l) => l.replace('"Quantity":3', '"Quantity":3e0')],
  ['a number with a zero fraction', (l) => l.replace('"Quantity":3', '"Quantity":3.0')],
  ['a leading zero', (l) => l.replace('"Quantity":3', '"Quantity":03')],
  ['a bare minus', (l) => l.replace('"Quantity":3', '"Quantity":-')],
  ['a bad literal', (l) => l.replace('true', 'tru')],
  ['a capitalised literal', (l) => l.replace('true', 'True')],
  ['an action line', () => '{"index":{"_id":"1","language_routing":"en"}}'],
  ['a delete line', () => '{"delete":{"_id":"1","language_routing":"en"}}'],
  ['an empty object', () => '{}'],
  ['an empty ContentType', () => '{"ContentType":[]}'],
  ['a blank line', () => ''],
];

let rich: Checkers;
beforeAll(async () => {
  rich = await checkers(richDefinition());
});

function expectAgreement(line: string, action: DataAction, { rules, clean }: Checkers): boolean {
  const full = fullCheck(line, action, rules);
  const taken = quickCheck(line, action, clean, line.length % 5);
  if (taken) expect(full, `taken by the quick check: ${line}`).toEqual({ clean: true, said: [] });
  return taken;
}

describe('the quick check of data lines', () => {
  it('takes clean generated lines, of several types, in either language', () => {
    for (let i = 0; i < 200; i++) {
      const item = generatedItem(i);
      const action = i % 2 === 0 ? en : sv;
      expect(expectAgreement(JSON.stringify(item), action, rich), JSON.stringify(item)).toBe(true);
    }
    expect(expectAgreement(JSON.stringify(deep()), en, rich)).toBe(true);
    expect(expectAgreement(JSON.stringify(product('p', 'sv')), sv, rich)).toBe(true);
    expect(expectAgreement('{"ContentType":["Item","Product"]}', en, rich)).toBe(true);
  });

  it('never takes a line the full check has something to say about: every field given every kind of value', () => {
    let taken = 0;
    let cases = 0;
    for (const base of [product('p'), deep(), generatedItem(5)]) {
      for (const field of FIELD_NAMES) {
        for (const value of VALUES) {
          const item: Record<string, unknown> = { ...base };
          Object.defineProperty(item, field, { value, enumerable: true, writable: true, configurable: true });
          for (const action of [en, sv]) {
            cases++;
            if (expectAgreement(JSON.stringify(item), action, rich)) taken++;
          }
        }
      }
    }
    // Both outcomes occur: the quick check is used, and it leaves the rest.
    expect(taken).toBeGreaterThan(cases / 20);
    expect(taken).toBeLessThan(cases);
  });

  it.each(TEXT_EDITS)('leaves it to the full check: %s', (_name, edit) => {
    for (const base of [product('p'), deep()]) {
      const line = edit(JSON.stringify(base));
      if (line !== JSON.stringify(base)) expect(expectAgreement(line, en, rich), line).toBe(false);
    }
  });

  it('never takes a line the full check has something to say about: random edits of clean lines', () => {
    const next = seededRandom(20240229);
    const alphabet = [
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '\t',
      '0',
      '1',
      '-',
      '.',
      'e',
      'E',
      '+',
      'a',
      'n',
      't',
      'f',
      'u',
      'l',
      'é',
      '\u0000',
      '\u001f',
      '\u007f',
    ];
    const bases = [JSON.stringify(product('p')), JSON.stringify(deep()), JSON.stringify(generatedItem(3)), JSON.stringify(generatedItem(10))];
    let taken = 0;
    for (let round = 0; round < 6000; round++) {
      let line = bases[round % bases.length] ?? '';
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (line.length + 1));
        const char = alphabet[Math.floor(next() * alphabet.length)] ?? '';
        const kind = next();
        line =
          kind < 0.4
            ? line.slice(0, at) + char + line.slice(at + 1)
            : kind < 0.7
              ? line.slice(0, at) + char + line.slice(at)
              : line.slice(0, at) + line.slice(at + 1);
      }
      if (expectAgreement(line, round % 7 === 0 ? sv : en, rich)) taken++;
    }
    expect(taken).toBeGreaterThan(0);
  });

  it('follows the type of each line when types alternate, and a type whose schema it does not mirror goes the full way', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify(i % 3 === 0 ? deep() : generatedItem(i * 2)));
    for (const line of lines) expect(expectAgreement(line, en, rich)).toBe(true);
    // A property named like an Object.prototype member: ajv's own-property code is not mirrored, so nothing of the type is taken.
    const odd = richDefinition();
    odd.contentTypes = { ...odd.contentTypes, Odd: { contentType: [], properties: { valueOf: { type: 'String' } } } };
    const oddCheckers = await checkers(odd);
    expect(expectAgreement(JSON.stringify({ valueOf: 'x', ContentType: ['Odd'], Language: { Name: 'en' } }), en, oddCheckers)).toBe(false);
    expect(expectAgreement(JSON.stringify(product('p')), en, oddCheckers)).toBe(true);
  });

  it("reads a language that is not the source's, or a Language.Name of the other one, the full way", () => {
    expect(expectAgreement(JSON.stringify(product('p', 'fi')), { kind: 'index', id: '1', language: 'fi' }, rich)).toBe(false);
    expect(expectAgreement(JSON.stringify(product('p', 'sv')), en, rich)).toBe(false);
  });
});
