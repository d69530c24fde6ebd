import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import type { SourceDefinition } from '../../src/model/types.js';
import type { State } from '../../src/state/types.js';
import { recordRefreshed } from '../../src/workflows/internal/refresh-only.js';

const held: SourceDefinition = { label: 'Shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: { Name: { type: 'String' } } } } };
const applied: SourceDefinition = {
  ...held,
  contentTypes: { Product: { contentType: [], properties: { Name: { type: 'String' }, Color: { type: 'String' } } } },
};

function plan(): Plan {
  const outside = [{ kind: 'property.removed' as const, path: 'contentTypes.Product.properties.Color', before: { type: 'String' }, after: null }];
  return {
    formatVersion: 2,
    tool: { name: 'graphform', version: '0.1.0' },
    environment: 'local',
    state: { lineage: 'l', serial: 1 },
    desiredHash: 'sha256:x',
    createdAt: '2026-11-27T00:00:00.000Z',
    summary: { create: 0, partial: 0, full: 0, delete: 0, orphan: 0, none: 1, pending: 0, dataLoss: false },
    sources: [{ id: 'shop', action: 'none', dataLoss: false, reasons: [], changes: [], outside, requests: [] }],
    unmanaged: [],
    diagnostics: [],
    refreshOnly: true,
  };
}

describe('apply --refresh-only records what the service holds', () => {
  it("keeps the source's pending work and its ledger of pushed data items", () => {
    const data = { format: 1 as const, items: 2, rows: 'AAAA', entries: 'BBBB' };
    const pending = { repush: { since: '2026-11-26T00:00:00.000Z', reason: 'a full update of source shop deletes its items' } };
    const state: State = {
      formatVersion: 1,
      lineage: 'l',
      serial: 1,
      sources: { shop: { definition: applied, hash: 'sha256:a', appliedAt: 'then', toolVersion: '0.1.0', pending, data } },
    };
    const recorded = recordRefreshed({
      plan: plan(),
      state,
      remote: { shop: { status: 'found', definition: held, unknown: [], hasDescription: false } },
      now: new Date('2026-11-27T00:00:00.000Z'),
      toolVersion: '0.1.0',
      newLineage: () => 'new',
    });
    expect(recorded.state?.sources.shop).toMatchObject({ definition: held, pending, data });
    expect(recorded.outcomes).toEqual([{ id: 'shop', action: 'none', status: 'recorded', durationMs: 0 }]);
  });
});
