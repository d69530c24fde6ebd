import { describe, expect, it } from 'vitest';
import type { RemoteDefinition } from '../../src/graph/types.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { detailedExitCode } from '../../src/plan/policy.js';
import { refreshedSources, refreshOnlyPlan } from '../../src/plan/refresh-only.js';
import { declaration, edit, planOf, shop } from './builders.js';

const base = shop();

const found = (definition: SourceDefinition): RemoteDefinition => ({ status: 'found', definition, unknown: [], hasDescription: false });

describe('refresh-only plans', () => {
  it('send nothing and keep only what changed outside graphform; --detailed-exitcode says 2 for it', () => {
    const withExtra = edit(base, (d) => void (d.contentTypes.Product!.properties.Extra = { type: 'String' }));
    const plan = planOf({ applied: { shop: base }, declared: [declaration('shop', base)], remote: { shop: found(withExtra) } });
    expect(plan.sources[0]).toMatchObject({ action: 'full', dataLoss: true });
    const refresh = refreshOnlyPlan(plan);
    expect(refresh.refreshOnly).toBe(true);
    expect(refresh.sources[0]).toMatchObject({ action: 'none', dataLoss: false, changes: [], requests: [], outside: [{ kind: 'property.added' }] });
    expect(refresh.summary).toMatchObject({ none: 1, full: 0, dataLoss: false });
    expect(refreshedSources(refresh)).toEqual(['shop']);
    expect(detailedExitCode(refresh)).toBe(2);
  });

  it('with nothing changed outside: exit 0, nothing to record, whatever the declarations say', () => {
    const declared = edit(base, (d) => void delete d.contentTypes.Product!.properties.Color);
    const refresh = refreshOnlyPlan(planOf({ applied: { shop: base }, declared: [declaration('shop', declared)], remote: { shop: found(base) } }));
    expect(refreshedSources(refresh)).toEqual([]);
    expect(detailedExitCode(refresh)).toBe(0);
  });
});
