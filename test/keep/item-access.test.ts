import { describe, expect, it } from 'vitest';
import { isPublicItem, namedItem } from '../../src/keep/item-access.js';

describe('isPublicItem', () => {
  it.each([
    [{ Status: 'Published', _rbac: 'r:Everyone:Read' }, true],
    [{ Status: 'Published', _rbac: 'r:Editors:Read, r:Everyone:Read' }, true],
    [{ Status: 'Draft', _rbac: 'r:Everyone:Read' }, false],
    [{ Status: 'Published', _rbac: 'r:Editors:Read' }, false],
    [{ Status: 'Published', _rbac: 'r:Everyone:ReadWrite' }, false],
    [{ Status: 'Published' }, false],
    [{ _rbac: 'r:Everyone:Read' }, false],
    [{}, false],
  ])('%j is public: %s', (service, expected) => {
    expect(isPublicItem(service)).toBe(expected);
  });
});

describe('namedItem', () => {
  it('shows the value only when there is one', () => {
    expect(namedItem({ id: 'a1', language: 'sv', value: '"n/a"' })).toBe('a1 (sv): "n/a"');
    expect(namedItem({ id: 'a1', language: 'sv' })).toBe('a1 (sv)');
  });
});
