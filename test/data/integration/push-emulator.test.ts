import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { purge } from '../../../src/data/purge.js';
import { graphClientFor, startTestEmulator } from '../../helpers/emulator.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { DATA_CONFIG, product, shopDeclaration, wireLines } from '../fixtures.js';
import { expectedCounts, generatedItem, writeWireFile } from './generate.js';
import { writeFile } from 'node:fs/promises';

const declaration = shopDeclaration();
const DATA_PATH = '/api/content/v2/data';

async function setUp(): Promise<{ emulator: Awaited<ReturnType<typeof startTestEmulator>>; client: ReturnType<typeof graphClientFor>; dir: string }> {
  const emulator = await startTestEmulator();
  const client = graphClientFor(emulator);
  await client.putTypes('shop', declaration.definition);
  return { emulator, client, dir: await makeTempDir('graphform-data-') };
}

// 100,000 items validated, sent and stored in one process: CPU-bound, many seconds on a loaded machine.
describe('pushData against the emulator', { timeout: 120_000 }, () => {
  it('pushes 100,000 items and the emulator holds exactly those', async () => {
    const { emulator, client, dir } = await setUp();
    await writeWireFile(path.join(dir, 'items.ndjson'), 100_000);
    const summary = await pushData({
      client,
      declaration,
      files: ['items.ndjson'],
      cwd: dir,
      config: { ...DATA_CONFIG, batchMaxBytes: 1024 * 1024 },
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary).toMatchObject({ status: 'sent', itemsSent: 100_000, failedBatches: [] });
    expect(summary.validation).toMatchObject({ items: 100_000, errors: 0, warnings: 0 });
    const counts = emulator.inspect.counts('shop');
    expect(counts).toEqual({ total: 100_000, ...expectedCounts(100_000) });
    for (const i of [0, 1, 7, 50_000, 99_999]) {
      const item = generatedItem(i);
      const language = (item.Language as { Name: string }).Name;
      const type = (item.ContentType as string[])[1];
      const page = emulator.inspect.items('shop', { language, ...(type === undefined ? {} : { contentType: type }) });
      expect(page?.items.find((stored) => stored._id === `g${i}`)?.data).toEqual(item);
    }
    const dataRequests = emulator.inspect.requests().filter((r) => r.path.startsWith(DATA_PATH));
    expect(dataRequests.length).toBe(summary.batches);
    expect(dataRequests.every((r) => r.method === 'POST' && r.status === 200)).toBe(true);
  });

  it('stays exact when batches meet 503s, 429s and dropped connections (the client retries)', async () => {
    const { emulator, dir } = await setUp();
    // Five faults in all: enough attempts that one batch may meet every one of them, which
    // happens when its retries (no wait in tests) come before the other batches are sent.
    const client = graphClientFor(emulator, { maxAttempts: 6 });
    await writeWireFile(path.join(dir, 'items.ndjson'), 100_000);
    emulator.faults.add({ method: 'POST', pathPrefix: DATA_PATH, status: 503, count: 3 });
    emulator.faults.add({ method: 'POST', pathPrefix: DATA_PATH, status: 429, retryAfter: 0, count: 1 });
    emulator.faults.add({ method: 'POST', pathPrefix: DATA_PATH, drop: true, count: 1 });
    const summary = await pushData({
      client,
      declaration,
      files: ['items.ndjson'],
      cwd: dir,
      config: { ...DATA_CONFIG, batchMaxItems: 2000 },
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary).toMatchObject({ status: 'sent', itemsSent: 100_000, failedBatches: [] });
    expect(emulator.inspect.counts('shop')).toEqual({ total: 100_000, ...expectedCounts(100_000) });
    const statuses = emulator.inspect
      .requests()
      .filter((r) => r.path.startsWith(DATA_PATH))
      .map((r) => r.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(summary.batches);
  });

  it('reports a batch that keeps failing with its number and lines', async () => {
    const { emulator, client, dir } = await setUp();
    await writeFile(path.join(dir, 'a.ndjson'), wireLines(Array.from({ length: 10 }, (_, i) => product(`p${i}`))));
    emulator.faults.add({ method: 'POST', pathPrefix: DATA_PATH, status: 503, count: 100 });
    const summary = await pushData({
      client,
      declaration,
      files: ['a.ndjson'],
      cwd: dir,
      config: { ...DATA_CONFIG, batchMaxItems: 5, concurrency: 1 },
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary.status).toBe('failed');
    expect(summary.failedBatches).toHaveLength(1);
    expect(summary.failedBatches[0]).toMatchObject({ batch: 1, items: 5, first: { file: 'a.ndjson', line: 2 }, last: { file: 'a.ndjson', line: 10 } });
    expect(summary.failedBatches[0]?.code).toMatch(/^GF_GRAPH_/);
    expect(summary.itemsNotSent).toBe(10);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
  });

  it('purge removes only the named languages', async () => {
    const { emulator, client, dir } = await setUp();
    await writeWireFile(path.join(dir, 'items.ndjson'), 1_000);
    await pushData({ client, declaration, files: ['items.ndjson'], cwd: dir, config: DATA_CONFIG, skipInvalid: false, maxErrors: 50, dryRun: false });
    expect(emulator.inspect.counts('shop')?.byLanguage).toEqual({ en: 500, sv: 500 });
    await purge(client, 'shop', ['sv']);
    expect(emulator.inspect.counts('shop')).toMatchObject({ total: 500, byLanguage: { en: 500 } });
    await purge(client, 'shop', ['en', 'sv']);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
    const purges = emulator.inspect.requests().filter((r) => r.method === 'DELETE');
    expect(purges.map((r) => r.path)).toEqual([`${DATA_PATH}?id=shop&languages=sv`, `${DATA_PATH}?id=shop&languages=en&languages=sv`]);
  });

  it('refuses to purge without a language, sending nothing', async () => {
    const { emulator, client } = await setUp();
    emulator.inspect.clearRequests();
    await expect(purge(client, 'shop', [])).rejects.toMatchObject({ code: 'GF_GRAPH_BAD_REQUEST' });
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('applies delete action lines', async () => {
    const { emulator, client, dir } = await setUp();
    await writeFile(path.join(dir, 'a.ndjson'), wireLines([product('1'), product('2'), product('3', 'sv')]));
    await writeFile(path.join(dir, 'b.ndjson'), '{"delete":{"_id":"2","language_routing":"en"}}\n');
    const push = (file: string): ReturnType<typeof pushData> =>
      pushData({ client, declaration, files: [file], cwd: dir, config: DATA_CONFIG, skipInvalid: false, maxErrors: 50, dryRun: false });
    await push('a.ndjson');
    expect((await push('b.ndjson')).itemsSent).toBe(1);
    expect(
      emulator.inspect
        .items('shop')
        ?.items.map((i) => `${i._id}/${i.language_routing}`)
        .sort(),
    ).toEqual(['1/en', '3/sv']);
  });
});
