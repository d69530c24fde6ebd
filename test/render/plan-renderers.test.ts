import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { parsePlanFile } from '../../src/plan/plan-file.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { emptyPlan, mixedPlan, planWithDiagnostics, prunePlan } from './plan-fixtures.js';

const plain = new Chalk({ level: 0 });
const text = (plan = mixedPlan(), showDiff = false) => renderPlanText(plan, { color: plain, showDiff });

describe('renderPlanText', () => {
  it('mixed plan', async () => {
    await expect(text()).toMatchFileSnapshot('golden/plan-mixed.txt');
  });

  it('mixed plan with --diff', async () => {
    await expect(text(mixedPlan(), true)).toMatchFileSnapshot('golden/plan-mixed-diff.txt');
  });

  it('prune plan', async () => {
    await expect(text(prunePlan())).toMatchFileSnapshot('golden/plan-prune.txt');
  });

  it('no changes', async () => {
    await expect(text(emptyPlan())).toMatchFileSnapshot('golden/plan-empty.txt');
  });

  it('diagnostics', async () => {
    await expect(text(planWithDiagnostics())).toMatchFileSnapshot('golden/plan-diagnostics.txt');
  });

  it('says data loss was allowed when apply runs with --allow-data-loss', () => {
    const allowed = renderPlanText(mixedPlan(), { color: plain, showDiff: false, dataLossAllowed: true });
    expect(allowed).toContain('DATA LOSS WAS ALLOWED with --allow-data-loss');
    expect(allowed).not.toContain('Applying it needs --allow-data-loss');
  });

  it('has the summary line of the contract', () => {
    expect(text()).toContain('Plan: 1 to create, 1 to update in place, 2 to replace (DELETES DATA), 0 to delete, 1 orphaned.');
  });

  it('paints data loss red when colours are on', () => {
    const colored = renderPlanText(mixedPlan(), { color: new Chalk({ level: 1 }), showDiff: false });
    expect(colored).toContain('\u001b[31m\u001b[1m!! DATA LOSS: applying this plan DELETES CONTENT ITEMS');
  });
});

describe('renderPlanMarkdown', () => {
  it('mixed plan', async () => {
    await expect(renderPlanMarkdown(mixedPlan())).toMatchFileSnapshot('golden/plan-mixed.md');
  });

  it('prune plan', async () => {
    await expect(renderPlanMarkdown(prunePlan())).toMatchFileSnapshot('golden/plan-prune.md');
  });

  it('no changes', async () => {
    await expect(renderPlanMarkdown(emptyPlan())).toMatchFileSnapshot('golden/plan-empty.md');
  });

  it('puts data loss first', () => {
    const md = renderPlanMarkdown(mixedPlan());
    expect(md.indexOf('[!CAUTION]')).toBeLessThan(md.indexOf('| Source |'));
  });
});

describe('renderPlanJson', () => {
  it('mixed plan', async () => {
    await expect(renderPlanJson(mixedPlan())).toMatchFileSnapshot('golden/plan-mixed.json');
  });

  it('is a plan file', () => {
    expect(parsePlanFile(renderPlanJson(prunePlan()), 'x.json')).toEqual(prunePlan());
  });
});
