import { describe, expect, it } from 'vitest';
import { idsOf, onlyIds } from '../../src/emulator/graphql/id-filter.js';

describe('idsOf: the _ids a where narrows a query to, before any data line is read', () => {
  it.each([
    ['in', { _id: { in: ['a', 'b'] } }, ['a', 'b']],
    ['eq', { _id: { eq: 'a' } }, ['a']],
    ['in and eq together: both must hold', { _id: { in: ['a', 'b'], eq: 'b' } }, ['b']],
    ['eq outside in: nothing', { _id: { in: ['a'], eq: 'b' } }, []],
    ['in any case, as eq and in compare', { _id: { in: ['Lamp'], eq: 'LAMP' } }, ['lamp']],
  ])('%s', (_name, where, ids) => {
    expect([...(idsOf(where) ?? [])]).toEqual(ids);
  });

  it.each([
    ['no where', null],
    ['no _id filter', { Name: { eq: 'x' } }],
    ['an _id filter without in or eq', { _id: { contains: 'x' } }],
    ['an unset variable', { _id: { in: null, eq: null } }],
  ])('leaves the query unnarrowed for %s', (_name, where) => {
    expect(idsOf(where as Record<string, unknown> | null)).toBeUndefined();
  });
});

describe('onlyIds: whether the lookup by _id decides the whole where', () => {
  it.each([
    [{ _id: { in: ['a'] } }, true],
    [{ _id: { in: ['a'], eq: 'A' }, Name: null }, true],
    [{ _id: { eq: 'a', notEq: null } }, true],
    [{ _id: { in: ['a'] }, Name: { eq: 'x' } }, false],
    [{ _id: { in: ['a'], startsWith: 'a' } }, false],
    [{ _id: { in: ['a'], eq: 5 } }, false],
    [{ _id: { in: 'a', eq: 'a' } }, false],
    [{ _id: { contains: 'a' } }, false],
    [null, false],
  ])('%j: %s', (where, expected) => {
    expect(onlyIds(where as Record<string, unknown> | null)).toBe(expected);
  });
});
