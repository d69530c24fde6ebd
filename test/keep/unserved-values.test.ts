import { describe, expect, it } from 'vitest';
import { checkedKeep } from '../../src/keep/keep-step.js';
import type { KeepAccount, KeepRow } from '../../src/keep/types.js';
import { unservedProperties, withUnservedValues } from '../../src/keep/unserved-values.js';
import type { Change } from '../../src/diff/change.js';
import type { SourceDefinition } from '../../src/model/types.js';
import type { PlanSource } from '../../src/plan/types.js';
import { thrownBy } from '../helpers/graphform-error.js';
import { keepAccountOf } from '../helpers/keep-account.js';

/** Declared: Color on the abstract base Item (inherited by Shoe and Hat), Notes on Hat only. */
const declared: SourceDefinition = {
  languages: ['en'],
  contentTypes: {
    Item: { abstract: true, contentType: [], properties: { Color: { type: 'String' } } },
    Shoe: { contentType: ['Item'], properties: { Size: { type: 'Int' } } },
    Hat: { contentType: ['Item'], properties: { Notes: { type: 'String' } } },
  },
};

const removed = (path: string): Change => ({ kind: 'property.removed', path, before: { type: 'String' }, after: null });

const row = (type: string, kept: number, fromData = 0): KeepRow => ({
  type,
  to: type,
  language: 'en',
  deleted: kept + fromData,
  fromData,
  kept,
  lost: 0,
  lostBy: {},
  access: { public: kept, hidden: 0, fromDefault: 0 },
});

const account = (rows: KeepRow[]): KeepAccount => keepAccountOf(rows);

describe('values of declared properties the service does not serve', () => {
  it('names only removals outside graphform of properties still declared', () => {
    const outside = [
      removed('contentTypes.Item.properties.Color'),
      removed('contentTypes.Shoe.properties.Legacy'),
      { kind: 'contentType.added' as const, path: 'contentTypes.Boot', before: null, after: null },
    ];
    expect(unservedProperties(outside, declared)).toEqual([['Item', 'Color']]);
    expect(unservedProperties(undefined, declared)).toEqual([]);
  });

  it('counts, per property, the items carried over of every type that has it, inherited too; data-file items come back whole', () => {
    const counted = withUnservedValues(
      account([row('Shoe', 10, 2), row('Hat', 4)]),
      [removed('contentTypes.Item.properties.Color'), removed('contentTypes.Hat.properties.Notes')],
      declared,
    );
    expect(counted.known && counted.unserved).toEqual([
      { property: 'Item.Color', items: 14 },
      { property: 'Hat.Notes', items: 4 },
    ]);
    const none = account([row('Shoe', 3)]);
    expect(withUnservedValues(none, [], declared)).toBe(none);
  });

  it('stops the update at apply unless data loss is allowed', () => {
    const source = { id: 'shop', action: 'full', dataLoss: true, reasons: [], changes: [], requests: [] } as PlanSource;
    const kept = {
      account: withUnservedValues(account([row('Shoe', 10)]), [removed('contentTypes.Item.properties.Color')], declared),
      before: declared,
      snapshot: { snapshot: 's.ndjson', hash: 'sha256:x', items: 10 },
    };
    const error = thrownBy(() => checkedKeep(source, kept, undefined, false));
    expect(error.code).toBe('GF_KEEP_VALUES_LOST');
    expect(error.message).toContain('would lose the values of Item.Color (up to 10 items)');
    expect(checkedKeep(source, kept, undefined, true)?.snapshot.items).toBe(10);
  });
});
