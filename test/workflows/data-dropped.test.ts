import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { detailedExitCode } from '../../src/plan/policy.js';
import type { State } from '../../src/state/types.js';
import { CONFIG, expected, ndjson, pages, served, SOURCE } from '../helpers/declared-docs.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * A declaration that drops `data:` altogether is the transition of declared data to none:
 * the items graphform pushed from those files are no longer declared, so (as for a pattern
 * taken out of `data:`) the plan lists their deletes and apply sends them, then state keeps
 * no ledger and the next plan has no changes. Items another system pushed stay. Checked
 * against what the emulator's GraphQL serves.
 */
async function ledgerItems(dir: string): Promise<number | undefined> {
  const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as State;
  return state.sources.docs?.data?.items;
}

describe('a declaration that drops data: altogether', () => {
  it('plans the deletes of the items graphform pushed, apply deletes them and only them, and state keeps no ledger', { timeout: 90_000 }, async () => {
    const declared = pages(5, 'd');
    const elsewhere = pages(2, 'other');
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/docs.yaml': SOURCE(),
      'data/pages.ndjson': ndjson(declared),
      'feed.ndjson': ndjson(elsewhere),
    });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'docs', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');
    expect(await ledgerItems(dir)).toBe(5);

    await writeFile(path.join(dir, 'content-sources/docs.yaml'), SOURCE(null));
    const { plan } = await graphform.plan({}, env);
    expect(detailedExitCode(plan), 'dropping data: is a declared change the plan shows').toBe(2);
    expect(plan.sources[0]).toMatchObject({ action: 'none', dataLoss: false });
    expect(plan.sources[0]?.dataChanges, 'the plan lists the deletes of the items pushed from the dropped files').toMatchObject({
      declared: 0,
      add: 0,
      change: 0,
      delete: 5,
      send: 'changes',
    });
    expect(plan.summary.items).toEqual({ add: 0, change: 0, delete: 5 });

    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(applied.outcomes[0]?.dataSync, 'the data step ran for a source whose declaration has no data: any more').toMatchObject({
      add: 0,
      change: 0,
      delete: 5,
    });
    expect(await served(dir), 'the items pushed from the dropped data: files are deleted, those of another system stay').toEqual(expected(elsewhere));
    expect(await ledgerItems(dir), 'state keeps no ledger once no data: is declared and nothing is left in it').toBeUndefined();
    const after = await graphform.plan({}, env);
    expect(detailedExitCode(after.plan), 'the next plan has nothing left to delete').toBe(0);
    expect(after.plan.sources[0]?.dataChanges).toBeUndefined();
  });

  it('with a full update in the same apply: the carried-over items include them, then the data step deletes them', { timeout: 90_000 }, async () => {
    const declared = pages(4, 'd');
    const elsewhere = pages(3, 'other');
    const config = CONFIG.replace('dataDir: .graphform/emulator', 'dataDir: .graphform/emulator, itemFields: [Status, _rbac]');
    const withSummary = (data: string | null): string => `${SOURCE(data)}      Summary: { type: String }\n`;
    const dir = await makeProjectDir({
      'graphform.config.yaml': config,
      'content-sources/docs.yaml': withSummary('[../data/*.ndjson]'),
      'data/pages.ndjson': ndjson(declared),
      'feed.ndjson': ndjson(elsewhere),
    });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'docs', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');

    // Removing a property needs a full update; data: goes in the same edit.
    await writeFile(path.join(dir, 'content-sources/docs.yaml'), SOURCE(null));
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]).toMatchObject({ action: 'full', dataLoss: false });
    expect(plan.sources[0]?.keep).toMatchObject({ known: true, lost: 0, kept: 7, fromData: 0 });
    expect(plan.sources[0]?.dataChanges).toMatchObject({ add: 0, change: 0, delete: 4 });
    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(await served(dir), 'the full update keeps the other items and the data step deletes the ones the dropped files declared').toEqual(
      expected(elsewhere),
    );
    expect(await ledgerItems(dir)).toBeUndefined();
    expect(detailedExitCode((await graphform.plan({}, env)).plan)).toBe(0);
  });

  it('a data file emptied while data: stays: every item deleted, an empty ledger kept, and items added later are sent once', { timeout: 90_000 }, async () => {
    const declared = pages(3, 'd');
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(declared) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    // The file is there and matched, and holds nothing: a declared transition to no items, not a missing checkout.
    await writeFile(path.join(dir, 'data/pages.ndjson'), '');
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.dataChanges).toMatchObject({ declared: 0, delete: 3 });
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect(await served(dir), 'the items of the emptied file are still served').toEqual(new Map());
    expect(await ledgerItems(dir), 'the ledger of a source that still declares data: records no item').toBe(0);
    expect(detailedExitCode((await graphform.plan({}, env)).plan)).toBe(0);

    const again = pages(2, 'n');
    await writeFile(path.join(dir, 'data/pages.ndjson'), ndjson(again));
    const next = await graphform.apply({}, env);
    expect(next.ok, JSON.stringify(next.outcomes)).toBe(true);
    expect(next.outcomes[0]?.dataSync).toMatchObject({ add: 2, delete: 0 });
    expect(await served(dir)).toEqual(expected(again));
    expect(detailedExitCode((await graphform.plan({}, env)).plan)).toBe(0);
  });
});
