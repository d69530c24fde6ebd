import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { detailedExitCode } from '../../src/plan/policy.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { Chalk } from 'chalk';
import { CONFIG, expected, ndjson, pages, served, SOURCE } from '../helpers/declared-docs.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * Declared data is desired state: the items of a source's `data:` files are compared with
 * what graphform last pushed from them (the ledger in state), the plan lists what is added,
 * changed and deleted, and apply sends only that. Checked against what the emulator's
 * GraphQL serves afterwards, item by item.
 */
describe('declared data as desired state', () => {
  it('plans and sends only the items added, changed and removed in the data files, never one pushed by another system', { timeout: 90_000 }, async () => {
    const declared = pages(30, 'd');
    const elsewhere = pages(5, 'other');
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/docs.yaml': SOURCE(),
      'data/pages.ndjson': ndjson(declared),
      'feed.ndjson': ndjson(elsewhere),
    });
    const env = testHost(dir);
    const first = await graphform.apply({}, env);
    expect(first.ok, JSON.stringify(first.outcomes)).toBe(true);
    expect(first.plan.sources[0]?.dataChanges).toMatchObject({ ledger: false, add: 30, change: 0, delete: 0, send: 'files' });
    // Another system's items: graphform never pushed them, so no edit of the data files deletes them.
    expect((await graphform.dataPush({ source: 'docs', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');
    const again = await graphform.plan({}, env);
    expect(detailedExitCode(again.plan)).toBe(0);
    expect(again.plan.sources[0]?.dataChanges).toMatchObject({ ledger: true, declared: 30, unchanged: 30, add: 0, change: 0, delete: 0 });

    // Two changed, three removed (one in sv), two added.
    const edited = declared
      .filter((p) => !['d1', 'd3', 'd4'].includes(p.id))
      .map((p) => (p.id === 'd2' || p.id === 'd6' ? { ...p, title: `${p.title}, edited` } : p));
    const next = [...edited, { id: 'n1', language: 'en' as const, title: 'new one' }, { id: 'n2', language: 'sv' as const, title: 'ny' }];
    await writeFile(path.join(dir, 'data/pages.ndjson'), ndjson(next));
    const { plan } = await graphform.plan({}, env);
    expect(detailedExitCode(plan)).toBe(2);
    expect(plan.summary.dataLoss).toBe(false);
    expect(plan.summary.items).toEqual({ add: 2, change: 2, delete: 3 });
    const changes = plan.sources[0]?.dataChanges;
    expect(changes).toMatchObject({ declared: 29, add: 2, change: 2, delete: 3, unchanged: 25, send: 'changes' });
    expect(changes?.byType).toEqual([
      { type: 'Doc', language: 'en', add: 1, change: 1, delete: 2 },
      { type: 'Doc', language: 'sv', add: 1, change: 1, delete: 1 },
    ]);
    expect(changes?.first.add.sort()).toEqual(['n1 (en)', 'n2 (sv)']);
    expect(changes?.first.change.sort()).toEqual(['d2 (en)', 'd6 (sv)']);
    expect(changes?.first.delete.sort()).toEqual(['d1 (en)', 'd3 (sv)', 'd4 (en)']);
    const text = renderPlanText(plan, { color: new Chalk({ level: 0 }), showDiff: false });
    expect(text).toContain('data items: 2 to add, 2 to change, 3 to delete (29 declared, 25 unchanged); only these are sent');

    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    // Only the 7 changed lines were sent: the 25 unchanged items were not pushed again.
    expect(applied.outcomes[0]?.dataSync).toMatchObject({ add: 2, change: 2, delete: 3, summary: { itemsSent: 7 } });
    expect(await served(dir)).toEqual(new Map([...expected(next), ...expected(elsewhere)]));
    const after = await graphform.plan({}, env);
    expect(detailedExitCode(after.plan)).toBe(0);
  });

  it('refuses a data: pattern that suddenly matches nothing, and deletes the items of a pattern that was removed', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/docs.yaml': SOURCE('[../data/*.ndjson, ../extra/*.ndjson]'),
      'data/pages.ndjson': ndjson(pages(4, 'd')),
      'extra/more.ndjson': ndjson(pages(3, 'e')),
    });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    await rm(path.join(dir, 'extra'), { recursive: true });
    const refused = await graphform.plan({}, env).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'GF_DATA_PATTERN_EMPTIED' });
    expect(String((refused as Error).message)).toContain('content-sources/docs.yaml:4');
    expect(String((refused as Error).message)).toContain('would delete 3 of them');
    // Taking the pattern out is the reviewed way: the plan lists the deletes, apply sends them.
    await writeFile(path.join(dir, 'content-sources/docs.yaml'), SOURCE('[../data/*.ndjson]'));
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.dataChanges).toMatchObject({ add: 0, change: 0, delete: 3 });
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect(await served(dir)).toEqual(expected(pages(4, 'd')));
  });

  it('shows a source whose unchanged schema has data files with problems, with the problem, and not as "No changes"', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(pages(2, 'd')) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    await writeFile(path.join(dir, 'data/pages.ndjson'), `${ndjson(pages(2, 'd'))}{"Title":"no action line"}\n`);
    const result = await graphform.plan({}, env);
    expect(result.invalidData.map((s) => s.id)).toEqual(['docs']);
    const text = renderPlanText(result.plan, { color: new Chalk({ level: 0 }), showDiff: false });
    expect(text).toContain('docs has data items that are not valid');
    expect(text).toContain('data/pages.ndjson:5  error    GF_DATA_MISSING_ACTION');
    expect(text).not.toContain('No changes');
  });

  it('refuses a saved plan whose data files changed since', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(pages(3, 'd')) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    await writeFile(path.join(dir, 'data/pages.ndjson'), ndjson([...pages(3, 'd'), { id: 'n', language: 'en', title: 'reviewed' }]));
    const { plan } = await graphform.plan({}, env);
    await writeFile(path.join(dir, 'data/pages.ndjson'), ndjson([...pages(3, 'd'), { id: 'n', language: 'en', title: 'not what was reviewed' }]));
    await expect(graphform.apply({ plan }, env)).rejects.toMatchObject({ code: 'GF_DATA_CHANGED_SINCE_PLAN' });
    expect(await served(dir)).toEqual(expected(pages(3, 'd')));
    const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as { sources: { docs: { data: { items: number } } } };
    expect(state.sources.docs.data.items).toBe(3);
  });
});
