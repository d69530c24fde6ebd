import { describe, expect, it } from 'vitest';
import { withPruneOrigin } from '../../src/plan/prune-reasons.js';
import { declaration, planOf, shop } from './builders.js';

describe('withPruneOrigin', () => {
  const pruned = planOf({ applied: { shop: shop(), old: shop() }, declared: [declaration('shop', shop())], options: { prune: true } });

  it("names the environment's prune: true as what asked for the delete", () => {
    const old = withPruneOrigin(pruned, { name: 'production', prune: true }).sources.find((s) => s.id === 'old');
    expect(old).toMatchObject({ action: 'delete', dataLoss: true });
    expect(old?.reasons[0]).toMatch(
      /^source old is no longer declared and environment production has `prune: true` in the config: DELETE sources deletes the source itself/,
    );
    expect(old?.reasons.slice(1)).toEqual(pruned.sources.find((s) => s.id === 'old')?.reasons.slice(1));
  });

  it('leaves the plan as it is when the environment does not prune (--prune asked)', () => {
    expect(withPruneOrigin(pruned, { name: 'production', prune: false })).toBe(pruned);
    expect(pruned.sources.find((s) => s.id === 'old')?.reasons[0]).toContain('--prune is set');
  });
});
