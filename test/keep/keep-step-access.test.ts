import { describe, expect, it } from 'vitest';
import { checkedKeep, type KeptItems } from '../../src/keep/keep-step.js';
import type { KeepAccount } from '../../src/keep/types.js';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { keepPlan, newsKeep } from '../render/plan-fixtures.js';

/**
 * apply's own check of the keep step, before anything is sent: items given keep.defaults'
 * `_rbac` without knowing who could read them (no single key) are a loss of access
 * information, refused unless losing data is allowed, as lost items are.
 */
describe('checkedKeep: access from the default', () => {
  const source = keepPlan().sources.find((s) => s.id === 'news');
  if (source === undefined) throw new Error('the keep plan fixture has no news source');
  if (!newsKeep.known) throw new Error('the news keep fixture is not a known account');
  const account: KeepAccount = { ...newsKeep, access: { source: 'default', public: 0, hidden: 0, fromDefault: newsKeep.kept } };
  const kept: KeptItems = {
    account,
    before: { languages: ['en'], contentTypes: {} },
    snapshot: { snapshot: '.graphform/snapshots/test/news.ndjson', hash: 'sha256:0', items: 1_000 },
  };

  it('refuses without --allow-data-loss, naming how many items and what to do', () => {
    let thrown: unknown;
    try {
      checkedKeep(source, kept, undefined, false);
    } catch (error) {
      thrown = error;
    }
    expect(isGraphformError(thrown) && thrown.code, 'items given keep.defaults._rbac blindly went through apply').toBe('GF_KEEP_ACCESS_UNKNOWN');
    expect(isGraphformError(thrown) ? thrown.message : '').toContain('would give 1000 items the _rbac of keep.defaults');
  });

  it('goes on with --allow-data-loss, and when access is known (single key) without it', () => {
    expect(checkedKeep(source, kept, undefined, true)?.snapshot).toEqual(kept.snapshot);
    expect(checkedKeep(source, { ...kept, account: newsKeep }, undefined, false)?.snapshot).toEqual(kept.snapshot);
  });
});
