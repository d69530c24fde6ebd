import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { KeepAccount } from '../../src/keep/types.js';
import { parsePlanFile, serializePlan } from '../../src/plan/plan-file.js';
import type { Plan } from '../../src/plan/types.js';
import { deleteCountLines } from '../../src/render/delete-count.js';
import { keepView } from '../../src/render/keep-account.js';
import { summaryLine } from '../../src/render/plan-labels.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { thrownBy } from '../helpers/graphform-error.js';
import { keepPlan, keepUnknownPlan, mixedPlan, newsKeep, shopKeep, withKeep } from './plan-fixtures.js';

const plain = new Chalk({ level: 0 });
const text = (plan: Plan): string => renderPlanText(plan, { color: plain, showDiff: false });
/** keepPlan with only news: a plan that keeps every item. */
const keepsAll = (): Plan => {
  const plan = keepPlan();
  return withKeep({ ...plan, sources: plan.sources.filter((s) => s.id === 'news') }, {});
};

describe('keep accounts in the plan', () => {
  it('text: one source keeps every item, one loses items', async () => {
    await expect(text(keepPlan())).toMatchFileSnapshot('golden/plan-keep.txt');
  });

  it('markdown: one source keeps every item, one loses items', async () => {
    await expect(renderPlanMarkdown(keepPlan())).toMatchFileSnapshot('golden/plan-keep.md');
  });

  it('text and markdown: items that could not be read back', async () => {
    await expect(text(keepUnknownPlan())).toMatchFileSnapshot('golden/plan-keep-unknown.txt');
    await expect(renderPlanMarkdown(keepUnknownPlan())).toMatchFileSnapshot('golden/plan-keep-unknown.md');
  });

  it('the summary line leads with what is lost', () => {
    expect(summaryLine(keepPlan())).toBe(
      'Plan: loses 35 items (keeps 1,015); 0 to create, 0 to update in place, 2 to replace (1 LOSES ITEMS), 0 to delete, 0 orphaned.',
    );
    expect(summaryLine(keepsAll())).toBe(
      'Plan: keeps every item: 1,005 emptied and refilled; 0 to create, 0 to update in place, 1 to replace (every item kept), 0 to delete, 0 orphaned.',
    );
    expect(summaryLine(keepUnknownPlan())).toBe(
      'Plan: loses items; how many could not be counted; 0 to create, 0 to update in place, 1 to replace (LOSES ITEMS), 0 to delete, 0 orphaned.',
    );
  });

  it('a plan that keeps every item has no data-loss banner, only the note that it is emptied and refilled', () => {
    for (const out of [text(keepsAll()), renderPlanMarkdown(keepsAll())]) {
      expect(out).not.toMatch(/DATA LOSS|\[!CAUTION\]|deletes content items|loses content items/);
      expect(out).toContain(
        'is emptied and refilled: 1,005 items come back (1,000 carried over, 5 from data files) (GraphQL serves fewer items until the count matches)',
      );
    }
    expect(text(keepsAll())).toContain('~ news is emptied and refilled: 1,005 items come back');
  });

  it('the banner names only the sources that lose items, with what they lose', () => {
    const out = text(keepPlan());
    const banner = out.slice(out.indexOf('!! DATA LOSS'));
    expect(banner).toContain('!! DATA LOSS: applying this plan LOSES CONTENT ITEMS');
    expect(banner).toContain(
      '!!   -/+ shop: removing language sv needs a full update, which deletes all items of source shop in en, sv; deletes 45 items (en 41, sv 4)\n!!       loses 35 of 45 items (keeps 10)',
    );
    expect(banner).not.toContain('news');
    const md = renderPlanMarkdown(keepPlan());
    expect(md).toContain('> **This plan loses content items.**');
    expect(md).toContain(
      '> - `shop` (replace): removing language sv needs a full update, which deletes all items of source shop in en, sv; deletes 45 items (en 41, sv 4) — **loses 35 of 45 items (keeps 10)**',
    );
    expect(md.slice(0, md.indexOf('| Source |'))).not.toContain('`news` (replace)');
  });

  it('apply asks with what is lost and what is carried over', () => {
    expect(deleteCountLines(keepPlan())).toEqual([
      'This loses 35 items:',
      '  shop: loses 35 of 45 items (keeps 10)',
      'This empties and refills, carrying every item over:',
      '  news is emptied and refilled: 1,005 items come back (1,000 carried over, 5 from data files) (GraphQL serves fewer items until the count matches)',
    ]);
    expect(deleteCountLines(keepUnknownPlan())).toEqual([
      'This loses items; how many could not be counted:',
      '  shop: loses every item not in data files (items could not be read back: environment test has no admin credentials to read items with); deletes 44 items (en 40, sv 4)',
    ]);
  });

  it('keep: false says the items not in data files are lost', () => {
    const off: KeepAccount = { ...(shopKeep as Extract<KeepAccount, { known: true }>), enabled: false };
    expect(keepView(off, 'shop').headline).toBe('keep: false — the 35 items not in data files are lost');
  });

  it('a blocked conversion and an undeclared one say so', () => {
    const known = newsKeep as Extract<KeepAccount, { known: true }>;
    const blocked: KeepAccount = { ...known, blocked: true, conversions: [{ ...known.conversions[0]!, onError: 'undeclared', examples: [] }] };
    const notes = keepView(blocked, 'news').notes.map((n) => `${n.symbol} ${n.text}`);
    expect(notes[0]).toMatch(/^! a conversion fails where nothing may be sent/);
    expect(notes).toContain('! Article.Rating: String → Int (no convert: declared): 4 items do not convert');
  });

  it('a blocked conversion: the banners say apply refuses the plan and never suggest --allow-data-loss, which would not help', () => {
    const plan = keepPlan();
    const news = plan.sources.find((s) => s.id === 'news')!;
    const known = newsKeep as Extract<KeepAccount, { known: true }>;
    const keep: KeepAccount = { ...known, blocked: true, lost: 4, kept: known.kept - 4, conversions: [{ ...known.conversions[0]!, onError: 'fail' }] };
    const blocked: Plan = { ...plan, sources: plan.sources.map((s) => (s === news ? { ...s, keep, dataLoss: true } : s)) };
    const out = text(blocked);
    const banner = out.slice(out.indexOf('!! DATA LOSS'));
    expect(banner).not.toContain('--allow-data-loss');
    expect(banner).toContain('!! graphform apply refuses this plan: values of news do not convert to the declared types');
    const md = renderPlanMarkdown(blocked);
    const caution = md.slice(md.indexOf('> [!CAUTION]'), md.indexOf('| Source |'));
    expect(caution).not.toContain('--allow-data-loss');
    expect(caution).toContain('`graphform apply` refuses it: values of `news` do not convert to the declared types');
  });

  it('plans without keep accounts read as before', () => {
    expect(summaryLine(mixedPlan())).toBe('Plan: 1 to create, 1 to update in place, 2 to replace (DELETES DATA), 0 to delete, 1 orphaned.');
  });
});

describe('keep accounts in plan files', () => {
  it('json passes the account through, and the plan file reads it back', () => {
    for (const plan of [keepPlan(), keepsAll(), keepUnknownPlan()]) {
      const json = renderPlanJson(plan);
      expect(JSON.parse(json).sources.map((s: { keep?: unknown }) => s.keep)).toEqual(plan.sources.map((s) => s.keep));
      expect(parsePlanFile(json, 'plan.json')).toEqual(plan);
    }
  });

  const source = (plan: Plan, id: string): Record<string, unknown> => plan.sources.find((s) => s.id === id) as unknown as Record<string, unknown>;
  const edited = (change: (news: Record<string, unknown>) => void): string => {
    const plan = structuredClone(keepsAll());
    change(source(plan, 'news'));
    return serializePlan(plan);
  };
  it.each([
    ['a keep that is not an object', (s: Record<string, unknown>) => void (s.keep = 'yes'), /sources\[0\]: keep is neither/],
    ['an unread keep without a reason', (s: Record<string, unknown>) => void (s.keep = { known: false }), /keep is neither/],
    ['a keep without known', (s: Record<string, unknown>) => void (s.keep = { lost: 0 }), /keep is neither/],
    ['a count that is not a number', (s: Record<string, unknown>) => void ((s.keep as Record<string, unknown>).lost = '0'), /keep.lost is not a count/],
    ['no rows', (s: Record<string, unknown>) => void delete (s.keep as Record<string, unknown>).rows, /keep.rows is not a list/],
    [
      'a row without counts',
      (s: Record<string, unknown>) => void ((s.keep as { rows: unknown[] }).rows[1] = { type: 'ReleaseNote', to: null, language: 'en' }),
      /keep.rows\[1\] is not/,
    ],
    ['moves that are not a list', (s: Record<string, unknown>) => void ((s.keep as Record<string, unknown>).moved = {}), /keep.moved is not a list/],
    [
      'a conversion without examples',
      (s: Record<string, unknown>) => void delete (s.keep as { conversions: Array<Record<string, unknown>> }).conversions[0]!.examples,
      /keep.conversions is not a list/,
    ],
    [
      'defaults that are not strings',
      (s: Record<string, unknown>) => void ((s.keep as Record<string, unknown>).defaults = { _rbac: 1 }),
      /keep.defaults is not/,
    ],
    [
      'a full update without its data-loss flag whose keep loses items',
      (s: Record<string, unknown>) => void ((s.keep as Record<string, unknown>).lost = 3),
      /dataLoss false does not fit action full/,
    ],
    [
      'a full update without its data-loss flag whose keep is unread',
      (s: Record<string, unknown>) => void (s.keep = { known: false, reason: 'x' }),
      /dataLoss false does not fit action full/,
    ],
    ['a full update without its data-loss flag or keep', (s: Record<string, unknown>) => void delete s.keep, /dataLoss false does not fit action full/],
  ])('refuses %s with GF_PLAN_FORMAT', (_name, change, message) => {
    const error = thrownBy(() => parsePlanFile(edited(change), 'plan.json'));
    expect(error.code).toBe('GF_PLAN_FORMAT');
    expect(error.message).toMatch(message);
  });
});
