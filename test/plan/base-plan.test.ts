import { describe, expect, it } from 'vitest';
import { compareWithBase } from '../../src/plan/base-plan.js';
import { lossOnBaseNote } from '../../src/render/base-plan-note.js';
import { detailedExitCode } from '../../src/plan/policy.js';
import type { Plan } from '../../src/plan/types.js';
import { declaration, edit, planOf, shop } from './builders.js';

const news = edit(shop(), (d) => void (d.label = 'News'));
const withoutColor = edit(shop(), (d) => void delete d.contentTypes.Product?.properties.Color);
const withSearchableQuantity = edit(shop(), (d) => void (d.contentTypes.Product!.properties.Quantity = { type: 'Int', searchable: true }));
const withTitle = edit(news, (d) => void (d.contentTypes.Item!.properties.Title = { type: 'String' }));

/** main drops shop's Color (a full update that loses items); news is unchanged there. */
const base = planOf({ applied: { shop: shop(), news }, declared: [declaration('shop', withoutColor), declaration('news', news)] });

interface Case {
  name: string;
  /** The pull request's plan: main's declarations plus its own change. */
  plan: Plan;
  own: string[];
  alreadyPlanned: string[];
  exitCode: 0 | 2 | 3;
}

const cases: Case[] = [
  {
    name: "a change to another source: main's pending data loss is the base's, the pull request's change its own",
    plan: planOf({ applied: { shop: shop(), news }, declared: [declaration('shop', withoutColor), declaration('news', withTitle)] }),
    own: ['news'],
    alreadyPlanned: ['shop'],
    exitCode: 2,
  },
  {
    name: 'nothing of its own: only what main already plans, exit code 0',
    plan: base,
    own: ['news'],
    alreadyPlanned: ['shop'],
    exitCode: 0,
  },
  {
    name: "a change to the same source makes its entry the pull request's, with the base's change inside",
    plan: planOf({
      applied: { shop: shop(), news },
      declared: [
        declaration(
          'shop',
          edit(withoutColor, (d) => void (d.contentTypes.Product!.properties.Quantity = { type: 'Int', searchable: true })),
        ),
        declaration('news', news),
      ],
    }),
    own: ['news', 'shop'],
    alreadyPlanned: [],
    exitCode: 3,
  },
  {
    name: "a source the base does not plan at all is the pull request's",
    plan: planOf({ applied: { shop: shop(), news }, declared: [declaration('shop', withoutColor), declaration('news', news), declaration('blog', news)] }),
    own: ['blog', 'news'],
    alreadyPlanned: ['shop'],
    exitCode: 2,
  },
];

describe('compareWithBase', () => {
  it.each(cases)('$name', ({ plan, own, alreadyPlanned, exitCode }) => {
    const compared = compareWithBase(plan, base);
    if ('mismatch' in compared) throw new Error(compared.mismatch);
    expect(compared.own.sources.map((s) => s.id).sort()).toEqual(own);
    expect(compared.alreadyPlanned.map((s) => s.id)).toEqual(alreadyPlanned);
    expect(detailedExitCode(compared.own)).toBe(exitCode);
    expect(compared.own.summary.none + compared.own.summary.partial + compared.own.summary.full + compared.own.summary.create).toBe(own.length);
  });

  it("takes an entry whose item count differs (a measurement, not the change) as the base's", () => {
    const counted = (plan: Plan, total: number): Plan => ({
      ...plan,
      sources: plan.sources.map((s) => (s.dataLoss ? { ...s, deletes: { known: true, total, byLanguage: { en: total } } } : s)),
    });
    const compared = compareWithBase(counted(base, 4), counted(base, 3));
    expect('alreadyPlanned' in compared && compared.alreadyPlanned.map((s) => s.id)).toEqual(['shop']);
  });

  it("names the base's loss on a source the change also loses items of, and no other", () => {
    const sameSource = planOf({
      applied: { shop: shop(), news },
      declared: [
        declaration(
          'shop',
          edit(withoutColor, (d) => void (d.contentTypes.Product!.properties.Quantity = { type: 'Int', searchable: true })),
        ),
        declaration('news', news),
      ],
    });
    const compared = compareWithBase(sameSource, base);
    if ('mismatch' in compared) throw new Error(compared.mismatch);
    expect(compared.lossOnBase.map((s) => [s.id, s.dataLoss])).toEqual([['shop', true]]);
    expect(lossOnBaseNote(compared.lossOnBase)).toBe(
      "The base branch already plans a loss for shop (replace, loses items), not approved yet: what this plan loses there includes it. This change's own part is the difference.",
    );
    const other = compareWithBase(
      planOf({ applied: { shop: shop(), news }, declared: [declaration('shop', withoutColor), declaration('news', withTitle)] }),
      base,
    );
    expect('lossOnBase' in other && other.lossOnBase).toEqual([]);
  });

  it("a partial update planned on both sides with another change is not the base's", () => {
    const mainPartial = planOf({ applied: { shop: shop() }, declared: [declaration('shop', withSearchableQuantity)] });
    const prPartial = planOf({
      applied: { shop: shop() },
      declared: [
        declaration(
          'shop',
          edit(withSearchableQuantity, (d) => void (d.contentTypes.Product!.properties.Rating = { type: 'Int' })),
        ),
      ],
    });
    const compared = compareWithBase(prPartial, mainPartial);
    expect('own' in compared && compared.own.sources.map((s) => s.id)).toEqual(['shop']);
  });

  it.each([
    ['another environment', { ...base, environment: 'staging' }, 'environment staging'],
    ['another state serial', { ...base, state: { lineage: base.state!.lineage, serial: base.state!.serial + 1 } }, 'state changed between the two plans'],
    ['no state', { ...base, state: null }, 'none (no state yet)'],
  ])('cannot compare with a base plan of %s', (_name, other, words) => {
    const compared = compareWithBase(base, other as Plan);
    expect('mismatch' in compared && compared.mismatch).toContain(words);
  });
});
