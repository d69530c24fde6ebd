import { buildSchema, parse, TypeInfo, validate, type GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { VARIABLE_RULES, variablesRule } from '../../src/operations/variable-rules.js';

const schema = buildSchema(`
  input Range { gte: Int, lte: Int }
  input Where { name: String, range: Range, tags: [String!] }
  input OneKey @oneOf { id: ID, slug: String }
  type Item { name: String, related(first: Int = 10, where: Where): [Item] }
  type Query {
    items(where: Where, limit: Int, locale: [String], required: String!, defaulted: String! = "x"): [Item]
    byKey(key: OneKey): Item
    item(id: ID!): Item
  }
`);

/** Each error as it reads and where it points: what the check gives an operation. */
function described(errors: readonly GraphQLError[]): string[] {
  return errors.map((e) => `${e.message} @ ${(e.locations ?? []).map((l) => `${l.line}:${l.column}`).join(',')}`).sort();
}

function ours(source: string): string[] {
  const typeInfo = new TypeInfo(schema);
  return described(validate(schema, parse(source), [variablesRule(typeInfo)], undefined, typeInfo));
}

function graphqls(source: string): string[] {
  return described(validate(schema, parse(source), [...VARIABLE_RULES]));
}

// Each case with the number of errors graphql's own three rules find, so none passes by finding nothing on both sides.
const CASES: [string, string, number][] = [
  ['all fine', 'query Q($w: Where, $n: Int) { items(where: $w, limit: $n, required: "a") { name } }', 0],
  ['undefined, named', 'query Q { items(limit: $n, required: "a") { name } }', 1],
  ['undefined, anonymous', '{ items(limit: $n, required: "a") { name } }', 1],
  ['unused, named and anonymous', 'query Q($n: Int, $m: String) { items(required: "a") { name } } query($k: Int) { item(id: "1") { name } }', 3],
  ['wrong type', 'query Q($n: String) { items(limit: $n, required: "a") { name } }', 1],
  ['nullable where non-null is required', 'query Q($r: String) { items(required: $r) { name } }', 1],
  ['nullable with a default of its own', 'query Q($r: String = "d") { items(required: $r) { name } }', 0],
  ['nullable with a null default', 'query Q($r: String = null) { items(required: $r) { name } }', 1],
  ['nullable where the place has a default', 'query Q($r: String) { items(required: "a", defaulted: $r) { name } }', 0],
  ['non-null where nullable is wanted', 'query Q($r: String!, $n: Int!) { items(required: $r, limit: $n) { name } }', 0],
  ['list items stricter', 'query Q($l: [String!]) { items(required: "a", locale: $l) { name } }', 0],
  ['list where an item is wanted', 'query Q($l: [String]) { items(required: $l) { name } }', 1],
  ['inside input objects and lists', 'query Q($g: String, $t: String) { items(required: "a", where: { range: { gte: $g }, tags: [$t] }) { name } }', 2],
  ['in a directive', 'query Q($show: String) { items(required: "a") { name @include(if: $show) } }', 1],
  [
    'in a fragment, defined by one operation only',
    'query A($n: Int) { items(required: "a") { ...F } } query B { items(required: "b") { ...F } } fragment F on Item { related(first: $n) { name } }',
    1,
  ],
  ['in a fragment, wrong type', 'query A($n: String) { items(required: "a") { ...F } } fragment F on Item { related(first: $n) { name } }', 1],
  [
    'through nested fragments',
    'query A($n: Int, $x: Int) { items(required: "a") { ...F } } fragment F on Item { ...G } fragment G on Item { related(first: $n) { name } }',
    1,
  ],
  ['unknown fragment and unknown argument', 'query A($n: Int) { items(required: "a", nope: $n) { ...Missing } }', 0],
  ['oneOf with a nullable variable', 'query Q($id: ID) { byKey(key: { id: $id }) { name } }', 1],
  ['oneOf with a non-null variable', 'query Q($id: ID!) { byKey(key: { id: $id }) { name } }', 0],
  ['a variable in its own default is no usage', 'query Q($n: Int = 3) { item(id: "1") { name } }', 1],
];

describe('variablesRule gives the errors of graphql NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition', () => {
  it.each(CASES)('%s', (_name, source, count) => {
    const expected = graphqls(source);
    expect(expected).toHaveLength(count);
    expect(ours(source)).toEqual(expected);
  });
});
