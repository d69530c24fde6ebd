import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { isWrite, startTestEmulator } from '../helpers/emulator.js';
import { startFirstPageAgainProxy } from '../helpers/export-double.js';
import { graphProject, shopYaml, type GraphProject } from '../helpers/graph-project.js';
import { testHost } from '../helpers/workflow-host.js';

/** The content GraphQL queries of the read-back. */
const READ_BACK = { method: 'POST', pathPrefix: '/content/v2', hold: true, count: 1_000 } as const;

const items = (count: number): string =>
  Array.from({ length: count }, (_, i) => [
    JSON.stringify({ index: { _id: `p${i}`, language_routing: 'en' } }),
    JSON.stringify({
      ContentType: ['Item', 'Product'],
      Language: { Name: 'en' },
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
      Name: `Product ${i}`,
      Quantity: i,
    }),
  ])
    .flat()
    .join('\n');

/**
 * The shop source applied with `count` items pushed, and a change written that only a full
 * update (which deletes them) can make; `graphUrl` is where the project reaches the
 * emulator (a proxy in front of it, say).
 */
async function shopBeforeFullUpdate(
  emulator: RunningEmulator,
  count = 5,
  graphUrl = emulator.url,
): Promise<{ project: GraphProject; variables: Record<string, string> }> {
  const project = await graphProject(
    { ...emulator, url: graphUrl },
    { 'content-sources/shop.yaml': shopYaml({ languages: 'en' }), 'items.ndjson': `${items(count)}\n` },
    '',
    { requestTimeoutMs: 60_000 },
  );
  const variables = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
  const env = testHost(project.dir, { variables });
  expect((await graphform.apply({}, env)).ok).toBe(true);
  expect((await graphform.dataPush({ source: 'shop', files: ['items.ndjson'] }, env)).summary.status).toBe('sent');
  await project.write({ 'content-sources/shop.yaml': shopYaml({ languages: 'en', productProperties: '      Quantity: { type: Int }' }) });
  return { project, variables };
}

describe('a read-back that repeats its first page forever', () => {
  it('stops at the repeated page and refuses the full update before its PUT, naming GF_KEEP_EXPORT_DUPLICATE', { timeout: 30_000 }, async () => {
    const emulator = await startTestEmulator();
    const { project, variables } = await shopBeforeFullUpdate(emulator, 150, await startFirstPageAgainProxy(emulator.url));
    emulator.inspect.clearRequests();
    const report = await graphform.apply({}, testHost(project.dir, { variables }));
    expect(report.refused).toBe('data-loss');
    const keep = report.plan.sources.find((s) => s.id === 'shop')?.keep;
    expect(keep?.known === false ? keep.reason : keep).toMatch(
      /answered the item _id "p0" in en of source shop more than once \(again as item 101 of Product\).*\(GF_KEEP_EXPORT_DUPLICATE\)$/,
    );
    const pages = emulator.inspect.requests().filter((r) => r.path.startsWith('/content/v2'));
    expect(pages.length, 'the read stopped, it did not page on').toBeLessThan(10);
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(150);
  });
});

describe('an interrupt while the keep step reads items back', () => {
  it('during the plan\'s read: refused "interrupted", not "data-loss", and nothing is sent', async () => {
    const emulator = await startTestEmulator();
    const { project, variables } = await shopBeforeFullUpdate(emulator);
    const hold = emulator.faults.add(READ_BACK);
    emulator.inspect.clearRequests();
    const stop = new AbortController();
    const applying = graphform.apply({}, testHost(project.dir, { variables, signal: stop.signal }));
    await emulator.faults.held(hold.id);
    stop.abort();
    emulator.faults.release(hold.id);
    const report = await applying;
    expect({ applied: report.applied, refused: report.refused, losing: report.losing }).toEqual({ applied: false, refused: 'interrupted', losing: undefined });
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(5);
  });

  it("during apply's own read, with --allow-data-loss: the source stops before its PUT instead of losing the items unread", async () => {
    const emulator = await startTestEmulator();
    const { project, variables } = await shopBeforeFullUpdate(emulator);
    const stop = new AbortController();
    let hold = -1;
    const applying = graphform.apply(
      {
        allowDataLoss: true,
        // Asked after the plan's read: apply reads the items again before the PUT, and that read is held.
        confirm: async () => {
          hold = emulator.faults.add(READ_BACK).id;
          emulator.inspect.clearRequests();
          return true;
        },
      },
      testHost(project.dir, { variables, signal: stop.signal }),
    );
    await expect.poll(() => hold, { timeout: 30_000 }).not.toBe(-1);
    await emulator.faults.held(hold);
    stop.abort();
    emulator.faults.release(hold);
    const report = await applying;
    expect(report.ok).toBe(false);
    expect(report.outcomes.map((o) => ({ id: o.id, status: o.status }))).toEqual([{ id: 'shop', status: 'failed' }]);
    expect(emulator.inspect.requests().filter(isWrite), 'no PUT went out').toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(5);
  });
});
