import { describe, expect, it } from 'vitest';
import { hashDefinition } from '../../src/model/hash.js';
import { parseState, serializeState } from '../../src/state/state-format.js';
import { emptyState, stateDefinitions, stateEntry, withoutSource, withSource } from '../../src/state/state.js';
import { shop } from '../plan/builders.js';

const LINEAGE = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('state helpers', () => {
  it('starts empty at serial 0', () => {
    expect(emptyState(LINEAGE)).toEqual({ formatVersion: 1, lineage: LINEAGE, serial: 0, sources: {} });
  });

  it('withSource and withoutSource add one to the serial, keep ids sorted and leave the input alone', () => {
    const entry = stateEntry(shop(), '2026-11-22T10:00:00.000Z', '0.1.0');
    expect(entry.hash).toBe(hashDefinition(shop()));
    const empty = emptyState(LINEAGE);
    const one = withSource(empty, 'shop', entry);
    const two = withSource(one, 'blog', entry);
    expect(empty.sources).toEqual({});
    expect(two.serial).toBe(2);
    expect(Object.keys(two.sources)).toEqual(['blog', 'shop']);
    const three = withoutSource(two, 'shop');
    expect(three.serial).toBe(3);
    expect(Object.keys(three.sources)).toEqual(['blog']);
    expect(three.lineage).toBe(LINEAGE);
    expect(Object.keys(stateDefinitions(three))).toEqual(['blog']);
    expect(stateDefinitions(undefined)).toEqual({});
  });

  it('serialises and parses back', () => {
    const state = withSource(emptyState(LINEAGE), 'shop', stateEntry(shop(), 't', '0.1.0'));
    expect(parseState(serializeState(state), 'memory')).toEqual(state);
  });
});
