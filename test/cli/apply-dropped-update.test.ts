import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { graphProject, type GraphProject } from '../helpers/graph-project.js';

const SITE = [
  'id: site',
  'label: Site',
  'languages: [en]',
  'contentTypes:',
  '  Article:',
  '    contentType: []',
  '    properties:',
  '      Title: { type: String }',
  'data: [data/*.ndjson]',
  '',
].join('\n');

function articles(titles: Record<string, string>): string {
  return Object.entries(titles)
    .map(
      ([id, title]) =>
        `${JSON.stringify({ index: { _id: id, language_routing: 'en' } })}\n${JSON.stringify({ Title: title, ContentType: ['Article'], Status: 'Published', _rbac: 'r:Everyone:Read' })}\n`,
    )
    .join('');
}

/** The site source with two articles, applied to a new emulator, its served checks waiting at most `servedTimeout`. */
async function appliedSite(servedTimeout: string): Promise<{ emulator: RunningEmulator; project: GraphProject }> {
  const emulator = await startTestEmulator();
  const project = await graphProject(
    emulator,
    { 'content-sources/site.yaml': SITE, 'content-sources/data/articles.ndjson': articles({ a1: 'One', a2: 'Two' }) },
    `    wait: { servedTimeout: ${servedTimeout} }`,
  );
  const created = await project.cli('apply', '--yes');
  expect(created.stdout + created.stderr).toContain('Apply complete!');
  return { emulator, project };
}

describe('apply confirms each changed data item before the ledger records it', () => {
  it('pushes again an update the indexer dropped once, and records it once GraphQL serves it', async () => {
    const { emulator, project } = await appliedSite('10s');
    await project.write({ 'content-sources/data/articles.ndjson': articles({ a1: 'One, revised', a2: 'Two' }) });
    emulator.faults.add({ pathPrefix: '/api/content/v2/data', unindexed: ['a1'] });
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('data items sent: 1 to change (1 lines in 1 batch, pushed again once until GraphQL served them; sent 1, served 1)');
    expect(emulator.faults.list(), 'the fault dropped the first push only').toEqual([]);
    expect((await project.cli('plan', '--detailed-exitcode')).code, 'the ledger records the change').toBe(0);
  });

  it('does not record an update the indexer keeps dropping: apply fails naming it, and the next plan still shows the change', async () => {
    const { emulator, project } = await appliedSite('3s');
    await project.write({ 'content-sources/data/articles.ndjson': articles({ a1: 'One, revised', a2: 'Two' }) });
    const ledgerBefore = (await project.state()).sources.site?.data;
    emulator.faults.add({ pathPrefix: '/api/content/v2/data', unindexed: ['a1'], count: 1000 });
    const dropped = await project.cli('apply', '--yes');
    expect(dropped.code, dropped.stdout + dropped.stderr).toBe(1);
    expect(dropped.stdout).toContain('GF_APPLY_ITEMS_NOT_SERVED');
    expect(dropped.stdout).toMatch(/GraphQL does not serve every item of source site as it was sent after 3(\.\d)?s, its items pushed again once:/);
    expect(dropped.stdout).toContain('not confirmed: a1 in en (served with other content)');
    expect((await project.state()).sources.site?.data, 'the ledger must not record the item GraphQL does not serve as sent').toEqual(ledgerBefore);

    emulator.faults.clear();
    const plan = await project.cli('plan', '--detailed-exitcode');
    expect(plan.stdout).not.toContain('No changes');
    expect(plan.code).toBe(2);
    const again = await project.cli('apply', '--yes');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('data items sent: 1 to change (1 lines in 1 batch; sent 1, served 1)');
    expect((await project.cli('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
