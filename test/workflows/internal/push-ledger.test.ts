import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../../src/index.js';
import { detailedExitCode } from '../../../src/plan/policy.js';
import { CONFIG, expected, ndjson, pages, served, SOURCE } from '../../helpers/declared-docs.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';
import { testHost } from '../../helpers/workflow-host.js';

/**
 * `data push` of a source's own declared files sends what apply would: once GraphQL serves
 * it, the ledger records it, so the next plan has nothing left to send for those items.
 */
describe('data push of the declared data: files and the ledger', () => {
  it('records what it pushed once served: the next plan is quiet, and a removed item is still planned for deletion', { timeout: 90_000 }, async () => {
    const declared = pages(6, 'd');
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(declared) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);

    // Two edited, one added, one removed from the file (d5 stays on the service: data push never deletes).
    const next = [
      ...declared.filter((p) => p.id !== 'd5').map((p) => (p.id === 'd1' || p.id === 'd2' ? { ...p, title: `${p.title}, edited` } : p)),
      { id: 'n1', language: 'en' as const, title: 'new' },
    ];
    await writeFile(path.join(dir, 'data/pages.ndjson'), ndjson(next));
    const pushed = await graphform.dataPush({ source: 'docs' }, env);
    expect(pushed.summary.status).toBe('sent');
    expect(pushed.served?.outcome).toBe('done');
    expect(await served(dir)).toEqual(expected([...next, declared.find((p) => p.id === 'd5')!]));

    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.dataChanges, 'the ledger should record the pushed items').toMatchObject({
      ledger: true,
      declared: 6,
      add: 0,
      change: 0,
      delete: 1,
    });
    expect(detailedExitCode(plan)).toBe(2);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect(detailedExitCode((await graphform.plan({}, env)).plan)).toBe(0);
  });

  it('leaves the ledger as it was after a push of other files', { timeout: 90_000 }, async () => {
    const declared = pages(3, 'd');
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/docs.yaml': SOURCE(),
      'data/pages.ndjson': ndjson(declared),
      'feed.ndjson': ndjson(pages(2, 'other')),
    });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    expect((await graphform.dataPush({ source: 'docs', files: ['feed.ndjson'] }, env)).summary.status).toBe('sent');
    const { plan } = await graphform.plan({}, env);
    expect(plan.sources[0]?.dataChanges).toMatchObject({ ledger: true, declared: 3, unchanged: 3, add: 0, change: 0, delete: 0 });
  });
});
