import { describe, expect, it } from 'vitest';
import { diffSource } from '../../src/diff/diff-source.js';
import { applyChanges, revertChanges } from '../../src/diff/patch.js';
import { canonicalDefinition, canonicalJson, sortDeep } from '../../src/model/canonical.js';
import { ownValue, setOwn } from '../../src/model/own.js';
import { edit, shop } from '../plan/builders.js';

/** Every member name of Object.prototype, `__proto__` included: to diff and patch, plain names. */
const NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

describe('names are data in the model and the diff', () => {
  it.each(NAMES)('%s: adding a content type, property and property type so named is an addition', (name) => {
    const before = shop();
    const after = edit(shop(), (d) => {
      setOwn(d.contentTypes, name, { contentType: [], properties: {} });
      setOwn(d.contentTypes.Product!.properties, name, { type: 'String' });
      setOwn(d.propertyTypes!, name, { properties: {} });
    });
    const changes = diffSource(before, after);
    expect(changes.map((c) => `${c.kind} ${c.path}`).sort()).toEqual(
      [`contentType.added contentTypes.${name}`, `property.added contentTypes.Product.properties.${name}`, `propertyType.added propertyTypes.${name}`].sort(),
    );
    expect(canonicalDefinition(applyChanges(before, changes)!)).toEqual(canonicalDefinition(after));
    expect(canonicalDefinition(revertChanges(after, changes)!)).toEqual(canonicalDefinition(before));
    // And the other way: removals, never a "change" of an inherited member.
    expect(
      diffSource(after, before)
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['contentType.removed', 'property.removed', 'propertyType.removed']);
  });

  it.each(NAMES)('%s: canonical forms keep the name as an own key and leave the prototype alone', (name) => {
    const definition = edit(shop(), (d) => setOwn(d.contentTypes, name, { contentType: [], properties: {} }));
    const canonical = canonicalDefinition(definition);
    expect(Object.getPrototypeOf(canonical.contentTypes)).toBe(Object.prototype);
    expect(Object.keys(canonical.contentTypes)).toContain(name);
    expect(ownValue(canonical.contentTypes, name)).toEqual({ contentType: [], properties: {} });
    const parsed: unknown = JSON.parse(`{"b":1,${JSON.stringify(name)}:{"x":[1]}}`);
    // JSON.parse makes `__proto__` an own key; the sorted copy must keep it one.
    expect(Object.keys(JSON.parse(canonicalJson(parsed)) as object)).toEqual([name, 'b'].sort());
    expect(Object.getPrototypeOf(sortDeep(parsed))).toBe(Object.prototype);
  });

  it('ownValue finds own entries only', () => {
    const record: Record<string, number> = { a: 1 };
    expect(ownValue(record, 'a')).toBe(1);
    for (const name of NAMES) expect(ownValue(record, name)).toBeUndefined();
    expect(ownValue(undefined, 'a')).toBeUndefined();
  });
});
