import { describe, expect, it } from 'vitest';
import type { DeleteCount, Plan, PlanSource } from '../../src/plan/types.js';
import { Chalk } from 'chalk';
import { deleteCountLines, deleteCountText, purgeCountText } from '../../src/render/delete-count.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { mixedPlan } from './plan-fixtures.js';

const source = (id: string, deletes: DeleteCount | undefined, dataLoss = true): PlanSource => ({
  id,
  action: dataLoss ? 'full' : 'partial',
  dataLoss,
  reasons: [],
  changes: [],
  requests: [],
  ...(deletes === undefined ? {} : { deletes }),
});
const plan = (sources: PlanSource[]): Plan => ({ sources }) as unknown as Plan;
const known = (total: number, byLanguage: Record<string, number>): DeleteCount => ({ known: true, total, byLanguage });
const unknown: DeleteCount = { known: false, reason: 'environment prod has no content GraphQL read key (singleKey) to count with' };

describe('what a wipe deletes, in words', () => {
  it.each([
    [known(44, { en: 40, sv: 4 }), 'deletes 44 items (en 40, sv 4)'],
    [known(1, { en: 1 }), 'deletes 1 item (en 1)'],
    [known(12_345, { en: 12_345, sv: 0 }), 'deletes 12,345 items (en 12,345, sv 0)'],
    [known(0, {}), 'deletes no items now'],
    [known(0, { en: 0, sv: 0 }), 'deletes no items now'],
    [unknown, 'count unknown (environment prod has no content GraphQL read key (singleKey) to count with)'],
  ])('%j reads "%s"', (count, text) => {
    expect(deleteCountText(count)).toBe(text);
  });

  it.each([
    [
      'every source counted',
      [source('blog', known(3, { en: 3 })), source('shop', known(44, { en: 40, sv: 4 }))],
      ['This deletes 47 items:', '  blog: deletes 3 items (en 3)', '  shop: deletes 44 items (en 40, sv 4)'],
    ],
    [
      'some counted',
      [source('blog', unknown), source('shop', known(44, { en: 40, sv: 4 }))],
      [
        'This deletes at least 44 items; not every source could be counted:',
        `  blog: count unknown (${unknown.known ? '' : unknown.reason})`,
        '  shop: deletes 44 items (en 40, sv 4)',
      ],
    ],
    [
      'none counted',
      [source('shop', unknown)],
      ['This deletes items; how many could not be counted:', `  shop: count unknown (${unknown.known ? '' : unknown.reason})`],
    ],
    ['nothing deleted', [source('news', undefined, false)], []],
  ])('apply asks with one line per data-losing source: %s', (_name, sources, lines) => {
    expect(deleteCountLines(plan(sources))).toEqual(lines);
  });

  it('a data-losing source with nothing to delete reads "deletes no items now" under both banners', () => {
    const base = mixedPlan();
    const empty = { ...base, sources: base.sources.map((s) => (s.dataLoss ? { ...s, deletes: known(0, { en: 0, sv: 0 }) } : s)) };
    const text = renderPlanText(empty, { color: new Chalk({ level: 0 }), showDiff: false });
    const md = renderPlanMarkdown(empty);
    for (const out of [text, md]) {
      expect(out).toContain('in en, sv; deletes no items now');
      expect(out).not.toContain('deletes 0 items');
    }
  });

  it.each([
    [known(44, { en: 40, sv: 4 }), '44 items (en 40, sv 4)'],
    [known(0, { en: 0, sv: 0 }), 'no items (the source holds none in en, sv now)'],
    [unknown, `an unknown number of items (${unknown.known ? '' : unknown.reason})`],
  ])('data purge says what it deletes: %j', (count, text) => {
    expect(purgeCountText(count, ['en', 'sv'])).toBe(text);
  });
});
