import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { KeepAccount } from '../../src/keep/types.js';
import { summaryLine } from '../../src/render/plan-labels.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { declaration, planOf } from '../plan/builders.js';
import type { Plan } from '../../src/plan/types.js';
import { withKeep } from './plan-fixtures.js';
import { parsePlanFile, serializePlan } from '../../src/plan/plan-file.js';
import { thrownBy } from '../helpers/graphform-error.js';
import { keepAccountOf } from '../helpers/keep-account.js';
import type { SourceDefinition } from '../../src/model/types.js';

const plain = new Chalk({ level: 0 });

const blog = (searchable: boolean): SourceDefinition => ({
  label: 'Blog',
  languages: ['en'],
  contentTypes: { Post: { contentType: [], properties: { Title: { type: 'String', searchable } } } },
});

/** The account of a partial update that makes Post.Title searchable: 43 items read, 3 from data files. */
function renameAccount(lost: number, enabled = true): KeepAccount {
  const lostBy = lost === 0 ? {} : { [enabled ? 'unreadable' : 'keep-off']: lost };
  return keepAccountOf(
    [
      {
        type: 'Post',
        to: 'Post',
        language: 'en',
        deleted: 43,
        fromData: 3,
        kept: 40 - lost,
        lost,
        lostBy,
        access: { public: 40 - lost, hidden: 0, fromDefault: 0 },
      },
    ],
    { enabled, rename: true },
  );
}

const renamePlan = (keep: KeepAccount): Plan =>
  withKeep(planOf({ applied: { blog: blog(false) }, declared: [declaration('blog', blog(true), ['data/posts.ndjson'])] }), { blog: keep });

describe('the keep account of a partial update that renames fields in data lines', () => {
  it('says every item is pushed again under the new names, not that the source is emptied', () => {
    const plan = renamePlan(renameAccount(0));
    expect(plan.sources[0]?.action).toBe('partial');
    const out = renderPlanText(plan, { color: plain, showDiff: false });
    expect(out).toContain(
      'keep: every item with a value under a renamed field is pushed again under the new field names: 43 items, 3 from data files, 40 carried over',
    );
    expect(out).not.toMatch(/deleted by the full update|emptied and refilled|DATA LOSS/);
    expect(out).toMatch(/Content type\s+Language\s+Renamed values\s+From data files/);
    expect(summaryLine(plan)).toBe(
      'Plan: keeps every item: 43 pushed again under new field names; 0 to create, 1 to update in place, 0 to replace, 0 to delete, 0 orphaned.',
    );
    expect(renderPlanMarkdown(plan)).toContain('is pushed again under the new field names');
  });

  it('counts the items whose values stay under the old names as lost, behind the gate', () => {
    const plan = renamePlan(renameAccount(40, false));
    expect(plan.summary.dataLoss).toBe(true);
    const out = renderPlanText(plan, { color: plain, showDiff: false });
    expect(out).toContain('the 40 items not in data files that hold a value under one keep it under the old name, which GraphQL no longer serves: lost');
    expect(out).toContain('DATA LOSS');
    expect(out).not.toMatch(/every item (comes back|is kept|is pushed again under the new field names)/);
    expect(summaryLine(plan)).toMatch(/^Plan: loses 40 items/);
  });

  it('survives plan --out and apply FILE, and an edited data-loss flag is refused', () => {
    for (const plan of [renamePlan(renameAccount(0)), renamePlan(renameAccount(40, false))]) {
      expect(parsePlanFile(serializePlan(plan), 'plan.json'), `a partial update with dataLoss ${String(plan.summary.dataLoss)}`).toEqual(plan);
    }
    const hidden = JSON.parse(serializePlan(renamePlan(renameAccount(40, false)))) as { sources: Array<{ dataLoss: boolean }> };
    (hidden.sources[0] as { dataLoss: boolean }).dataLoss = false;
    expect(thrownBy(() => parsePlanFile(JSON.stringify(hidden), 'plan.json')).message).toContain('dataLoss false does not fit action partial');
  });

  it('a full update that keeps every item but loses values of a property the service does not serve is data loss in the plan file too', () => {
    const full = withKeep(
      planOf({ applied: { blog: blog(false) }, declared: [declaration('blog', { ...blog(false), languages: ['en', 'sv'], contentTypes: {} }, [])] }),
      {
        blog: keepAccountOf(
          [
            {
              type: 'Post',
              to: 'Post',
              language: 'en',
              deleted: 5,
              fromData: 0,
              kept: 5,
              lost: 0,
              lostBy: {},
              access: { public: 5, hidden: 0, fromDefault: 0 },
            },
          ],
          { unserved: [{ property: 'Post.Color', items: 5 }] },
        ),
      },
    );
    const source = { ...full.sources[0], dataLoss: true } as Plan['sources'][number];
    const plan: Plan = { ...full, sources: [source], summary: { ...full.summary, dataLoss: true } };
    expect(source.action).toBe('full');
    expect(parsePlanFile(serializePlan(plan), 'plan.json')).toEqual(plan);
    const text = renderPlanText(plan, { color: plain, showDiff: false });
    expect(text).toContain('keep: loses the values of Post.Color (up to 5 items) that the service does not serve now');
    expect(text).not.toMatch(/every item comes back|emptied and refilled/);
    expect(summaryLine(plan)).toMatch(/^Plan: loses the values of 5 items \(a property the service does not serve\)/);
  });
});
