import { describe, expect, it } from 'vitest';
import { pendingWarning } from '../../src/plan/reasons.js';
import type { PendingWork } from '../../src/state/types.js';

const repush = { since: '2026-11-27T12:00:00.000Z', reason: 'a full update of source shop deletes its items' };
const keep = { snapshot: '.graphform/snapshots/local/shop-20261127T120000000Z.ndjson', hash: 'sha256:0', items: 3 };

/** The plan's warning for work an interrupted apply left pending: every command it names works and forgets nothing. */
describe('pendingWarning', () => {
  const cases: Array<{ name: string; pending: PendingWork; globs: string[]; names: string[] }> = [
    {
      name: 'a snapshot of kept items, no data: files',
      pending: { repush, keep },
      globs: [],
      names: ['apply pushes the 3 items of', `graphform data restore ${keep.snapshot}`],
    },
    {
      name: 'a snapshot of kept items and data: files',
      pending: { repush, keep },
      globs: ['items.ndjson'],
      names: ['and then items.ndjson again first', `graphform data restore ${keep.snapshot}`],
    },
    { name: 'data: files no longer declared', pending: { repush }, globs: [], names: ['declare them again and run `graphform apply`'] },
    { name: 'data: files', pending: { repush }, globs: ['items.ndjson'], names: ['graphform data push shop'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [text = ''] = pendingWarning('shop', c.pending, c.globs);
      for (const name of c.names) expect(text).toContain(name);
      // state rm forgets the source and the items still owed to it.
      expect(text, 'the warning must not advise `state rm`').not.toContain('state rm');
      // Without data: files data push fails (GF_DATA_NO_FILES); with a snapshot pending it pushes none of its items.
      if (c.pending.keep !== undefined || c.globs.length === 0) expect(text, 'the warning must not advise `data push`').not.toContain('data push');
    });
  }
});
