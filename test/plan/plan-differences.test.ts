import { describe, expect, it } from 'vitest';
import { inferPlanOptions, planDifferences } from '../../src/plan/plan-differences.js';
import { declaration, edit, planOf, shop, type PlanCase } from './builders.js';

const base = shop();
const withWeight = edit(base, (d) => void (d.contentTypes.Product!.properties.Weight = { type: 'Float' }));
const withoutColor = edit(base, (d) => void delete d.contentTypes.Product!.properties.Color);

describe('planDifferences', () => {
  it('finds none between two plans of the same inputs', () => {
    const c: PlanCase = { applied: { shop: base }, declared: [declaration('shop', withWeight)] };
    expect(planDifferences(planOf(c), planOf(c))).toEqual([]);
  });

  it('names a changed action with what each plan would do', () => {
    const saved = planOf({ applied: { shop: base }, declared: [declaration('shop', withWeight)] });
    const now = planOf({ applied: { shop: base }, declared: [declaration('shop', withoutColor)] });
    expect(planDifferences(saved, now)).toEqual([
      'source shop: the plan file would update it in place (POST) for adding property Product.Weight; a plan made now would replace its schema (PUT), deleting its items, for removing property Product.Color',
    ]);
  });

  it('names a source that appeared or went away, but not an unchanged one', () => {
    const saved = planOf({ applied: { shop: base }, declared: [declaration('shop', base)] });
    const now = planOf({
      applied: { shop: base },
      declared: [
        declaration('shop', base),
        declaration(
          'blog',
          edit(base, (d) => void (d.contentTypes = {})),
        ),
      ],
    });
    expect(planDifferences(saved, now)).toEqual(['source blog: not in the plan file; a plan made now would create it (PUT) for adding the source']);
  });

  it('names a property whose type changed where the change reads the same (adding Product.Zip as String, then as Int)', () => {
    const asString = edit(base, (d) => void (d.contentTypes.Product!.properties.Zip = { type: 'String' }));
    const asInt = edit(base, (d) => void (d.contentTypes.Product!.properties.Zip = { type: 'Int' }));
    const saved = planOf({ applied: { shop: base }, declared: [declaration('shop', asString)] });
    const now = planOf({ applied: { shop: base }, declared: [declaration('shop', asInt)] });
    const differences = planDifferences(saved, now, { declarationsChanged: true });
    expect(differences, 'the property type is what differs, not an edited file').toEqual(['source shop: Product.Zip: String in the plan file, Int now']);
  });

  it('names a changed field of a property besides its type', () => {
    const plain = edit(base, (d) => void (d.contentTypes.Product!.properties.Zip = { type: 'String' }));
    const searchable = edit(base, (d) => void (d.contentTypes.Product!.properties.Zip = { type: 'String', searchable: true }));
    const saved = planOf({ applied: { shop: base }, declared: [declaration('shop', plain)] });
    const now = planOf({ applied: { shop: base }, declared: [declaration('shop', searchable)] });
    expect(planDifferences(saved, now, { declarationsChanged: true })).toEqual(['source shop: Product.Zip searchable: absent in the plan file, true now']);
  });

  it('does not guess at an edited file when the declarations changed', () => {
    const c: PlanCase = { applied: { shop: base }, declared: [declaration('shop', withWeight)] };
    const saved = planOf(c);
    const other = withRequestBodiesEmptied(saved);
    expect(planDifferences(other, planOf(c), { declarationsChanged: true })).toEqual([
      "source shop: the plan file's requests differ from the ones a plan made now would send",
    ]);
  });

  it('catches a request edited by hand', () => {
    const c: PlanCase = { applied: { shop: base }, declared: [declaration('shop', withWeight)] };
    const saved = planOf(c);
    const tampered = withRequestBodiesEmptied(saved);
    expect(planDifferences(tampered, planOf(c))).toEqual([
      "source shop: the plan file's requests differ from the ones a plan made now would send (was the file edited?)",
    ]);
  });
});

describe('inferPlanOptions', () => {
  it.each([
    { name: 'a plain plan', c: { applied: { shop: base }, declared: [declaration('shop', withWeight)] }, expected: { prune: false, strategy: 'auto' } },
    {
      name: '--strategy full',
      c: { applied: { shop: base }, declared: [declaration('shop', withWeight)], options: { strategy: 'full' as const } },
      expected: { prune: false, strategy: 'full' },
    },
    {
      name: 'a needed full update is not --strategy full',
      c: { applied: { shop: base }, declared: [declaration('shop', withoutColor)] },
      expected: { prune: false, strategy: 'auto' },
    },
    {
      name: '--prune',
      c: { applied: { shop: base, old: base }, declared: [declaration('shop', base)], options: { prune: true } },
      expected: { prune: true, strategy: 'auto' },
    },
  ])('$name', ({ c, expected }) => {
    const plan = planOf(c);
    expect(inferPlanOptions(plan)).toEqual({ ...expected, targets: plan.sources.map((s) => s.id) });
    expect(planDifferences(plan, planOf({ ...c, options: inferPlanOptions(plan) }))).toEqual([]);
  });
});

/** The plan with every request's body replaced by an empty definition: a file edited by hand. */
function withRequestBodiesEmptied(plan: ReturnType<typeof planOf>): ReturnType<typeof planOf> {
  return {
    ...plan,
    sources: plan.sources.map((s) => ({ ...s, requests: s.requests.map((r) => ({ ...r, body: { languages: ['en'], contentTypes: {} } })) })),
  } as ReturnType<typeof planOf>;
}
