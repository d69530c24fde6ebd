import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * What a script needs that the command line has, from the package's exports alone: the items
 * a plan loses per source, an apply event as `apply` prints it, the `--base-plan` comparison
 * and the GRAPHFORM_ALLOW_EMPTY switch as an option.
 */
const CONFIG = 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n';
const source = (id: string, type: string, properties: string[]): string =>
  `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${type}:\n    contentType: []\n    properties:\n${properties.map((p) => `      ${p}: { type: String }\n`).join('')}`;
/** The start of a terminal colour sequence (ESC [). */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[`);

describe('the helpers a script needs', () => {
  it('count the items a plan loses per source, as apply names them when it refuses', { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': source('shop', 'Product', ['Name', 'Color']) });
    const env = testHost(cwd);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    // Two drafts pushed from elsewhere: GraphQL serves no _rbac back and the single key does not see drafts, so without keep.defaults the full update below cannot keep them.
    const line = (id: string): string =>
      `{"index":{"_id":"${id}","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Draft","_rbac":"r:Everyone:Read","Name":"${id}"}\n`;
    await writeFile(path.join(cwd, 'items.ndjson'), line('p1') + line('p2'));
    expect((await graphform.dataPush({ source: 'shop', files: ['items.ndjson'] }, env)).summary.status).toBe('sent');
    await writeFile(path.join(cwd, 'content-sources/shop.yaml'), source('shop', 'Product', ['Name']));

    const { plan } = await graphform.plan({}, env);
    expect(graphform.itemsLost(plan)).toEqual([{ id: 'shop', items: 2 }]);
    const refused = await graphform.apply({ plan }, env);
    expect(refused.refused).toBe('data-loss');
    expect((refused.losing ?? []).map((s) => [s.id, graphform.itemsLostBy(s)])).toEqual([['shop', 2]]);
  });

  it('render each apply event and the summary as the command line prints them, in plain text by default', { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': source('shop', 'Product', ['Name']) });
    const lines: string[] = [];
    const report = await graphform.apply({ onEvent: (event) => lines.push(graphform.renderApplyEvent(event)) }, testHost(cwd));
    expect(lines[0]).toBe('shop: creating (PUT)…');
    expect(lines).toContainEqual(expect.stringMatching(/^shop: created after \d+\.\ds$/));
    expect(lines.filter((l) => ANSI.test(l))).toEqual([]);
    expect(report.result).toBeDefined();
    if (report.result === undefined) return;
    expect(graphform.renderApplySummary(report.result)).toBe('Apply complete! 1 applied, 0 failed, 0 not started.\n');
    // Given colours, the same text with them: what the command line passes is chalk.
    const marked: graphform.Painter = { ...graphform.PLAIN, green: Object.assign((t: string) => `<g>${t}</g>`, { bold: (t: string) => `<G>${t}</G>` }) };
    expect(graphform.renderApplySummary(report.result, marked)).toBe('<G>Apply complete!</G> 1 applied, 0 failed, 0 not started.\n');
  });

  it('render a plan and diagnostics as text with no colour library: plain unless given a Painter', { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': source('shop', 'Product', ['Name']) });
    const { plan } = await graphform.plan({}, testHost(cwd));
    const text = graphform.renderPlanText(plan, { showDiff: false });
    expect(text).toContain('+ shop will be created via PUT');
    expect(ANSI.test(text), 'no colour without a Painter').toBe(false);
    const diagnostic: graphform.Diagnostic = {
      code: 'GF_ID_TOO_LONG',
      severity: 'error',
      message: 'The source id is longer than 4 characters.',
      file: 'shop.yaml',
      line: 1,
      column: 5,
      path: 'id',
    };
    expect(graphform.renderDiagnosticsText([diagnostic], {})).toContain('shop.yaml:1:5 error GF_ID_TOO_LONG: The source id is longer than 4 characters.');
  });

  it("compare a plan with its base branch's plan as `plan --base-plan` does", { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': source('shop', 'Product', ['Name']) });
    const env = testHost(cwd);
    const base = (await graphform.plan({}, env)).plan;
    await writeFile(path.join(cwd, 'content-sources/blog.yaml'), source('blog', 'Article', ['Title']));
    const mine = (await graphform.plan({}, env)).plan;

    const view = graphform.againstBasePlan(mine, base);
    expect(view.shown.sources.map((s) => [s.id, s.action])).toEqual([['blog', 'create']]);
    expect(view.shown.summary.create).toBe(1);
    expect(view.note).toBe('Already planned on the base branch, not by this change: shop (create)');
    expect(view.mismatch).toBeUndefined();
    expect(graphform.detailedExitCode(view.shown)).toBe(2);

    // Once state moved on, the plans no longer compare: the whole plan, and why.
    expect((await graphform.apply({ targets: ['shop'] }, env)).ok).toBe(true);
    const after = (await graphform.plan({}, env)).plan;
    const whole = graphform.againstBasePlan(after, base);
    expect(whole.shown).toBe(after);
    expect(whole.mismatch).toMatch(/state changed between the two plans/);
  });

  it("allow a project emptied on purpose with the environment's allowEmpty, as GRAPHFORM_ALLOW_EMPTY=1 does", { timeout: 60_000 }, async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': source('shop', 'Product', ['Name']) });
    expect((await graphform.apply({}, testHost(cwd))).ok).toBe(true);
    await rm(path.join(cwd, 'content-sources/shop.yaml'));

    await expect(graphform.plan({ prune: true }, graphform.nodeHost({ cwd, variables: {} }))).rejects.toMatchObject({ code: 'GF_NOTHING_DECLARED' });
    const meant = await graphform.plan({ prune: true }, graphform.nodeHost({ cwd, variables: {}, allowEmpty: true }));
    expect(meant.plan.sources.map((s) => [s.id, s.action])).toEqual([['shop', 'delete']]);
    const byVariable = await graphform.plan({ prune: true }, graphform.nodeHost({ cwd, variables: { GRAPHFORM_ALLOW_EMPTY: '1' } }));
    expect(byVariable.plan.sources.map((s) => [s.id, s.action])).toEqual([['shop', 'delete']]);
  });
});
