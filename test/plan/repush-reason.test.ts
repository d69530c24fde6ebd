import { describe, expect, it } from 'vitest';
import type { ChangeKind } from '../../src/diff/change.js';
import { repushReason } from '../../src/plan/repush-reason.js';
import type { PlanAction, PlanSource } from '../../src/plan/types.js';

const source = (action: PlanAction, kinds: ChangeKind[], requests = 1): Pick<PlanSource, 'action' | 'requests' | 'changes'> => ({
  action,
  requests: Array.from({ length: requests }, () => ({
    kind: 'sources.post' as const,
    method: 'POST' as const,
    path: '/api/content/v3/sources?id=shop',
    body: { label: 'Shop', description: '' },
  })),
  changes: kinds.map((kind) => ({ kind, path: 'contentTypes.Product', before: null, after: null })),
});

describe("repushReason: when apply pushes a source's data: files again", () => {
  it.each<[string, ReturnType<typeof source>, ReturnType<typeof repushReason>]>([
    ['a create', source('create', ['source.added']), 'create'],
    ['a full update', source('full', ['property.removed']), 'full'],
    [
      'a partial update that switches searchable (renames the field in data lines)',
      source('partial', ['property.searchableChanged', 'property.added']),
      'rename',
    ],
    ['a partial update that only adds', source('partial', ['property.added', 'contentType.added']), undefined],
    ['a label change', source('partial', ['source.labelChanged']), undefined],
    ['nothing to send', source('none', [], 0), undefined],
    ['an orphan (no request)', source('orphan', [], 0), undefined],
  ])('%s', (_name, planned, expected) => {
    expect(repushReason(planned)).toBe(expected);
  });
});
