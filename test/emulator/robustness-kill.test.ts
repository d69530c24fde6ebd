import { statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { createGraphClient } from '../../src/graph/client.js';
import { assertFreshBuild, spawnBuilt } from '../helpers/built-binary.js';
import { indexLines, sampleDefinition, type SampleItem } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The standalone emulator (the built binary) killed with SIGKILL at random points while
 * data requests arrive: items are written to their journal and read back only when needed,
 * so after every kill a new emulator on the same data directory must hold every item whose
 * request was answered, exactly, nothing half-written, and go on taking items.
 */
const credentials = { appKey: 'killtest', secret: Buffer.from('kill test secret').toString('base64') };
const ROUNDS = 4;
/** Items per request, each with a few KiB of text, so a kill often lands in the middle of a write. */
const BATCH = 300;
const IN_FLIGHT = 2_000;

function items(from: number, language: string, round: number, count = BATCH): SampleItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    language,
    fields: { Name: `item ${from + i} round ${round}`, Tags: ['x'.repeat(2000 + ((from + i) % 50))] },
  }));
}

/** Resolves as soon as the file is larger than `size`, checking as often as the event loop allows. */
async function grown(path: string, size: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (statSync(path).size <= size) {
    if (Date.now() > deadline) throw new Error(`${path} did not grow`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function clientFor(url: string): ReturnType<typeof createGraphClient> {
  return createGraphClient({ baseUrl: url, auth: { scheme: 'basic', ...credentials }, timeoutMs: 30_000, maxAttempts: 1 });
}

describe('the emulator killed with SIGKILL while it writes items', () => {
  beforeAll(assertFreshBuild);

  it('keeps every answered request across kills at random points, and takes new ones after', async () => {
    const dir = await makeTempDir();
    const dataDir = `${dir}/data`;
    const journal = `${dataDir}/sources/shop/items.ndjson`;
    /** id → Name of every item whose request was answered (or that a check after a kill found). */
    const expected = new Map<string, string>();
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const run = spawnBuilt(dir, [
        'emulator',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--app-key',
        credentials.appKey,
        '--secret',
        credentials.secret,
        '--format',
        'json',
      ]);
      await run.printed('"url"');
      const { url } = JSON.parse(run.output().split('\n')[0] ?? '{}') as { url: string };
      const client = clientFor(url);
      if (round === 0) await client.putTypes('shop', sampleDefinition());
      // Answered requests: new items, and the earlier ones given a new Name.
      for (let request = 0; request < 1 + (round % 3); request++) {
        const fresh = items(next, request % 2 === 0 ? 'en' : 'sv', round);
        next += BATCH;
        const renamed = [...expected.keys()].slice(0, 20).map((key): SampleItem => {
          const [language = 'en', id = ''] = key.split('/');
          return { id, language, fields: { Name: `${id} renamed in round ${round}.${request}` } };
        });
        await client.pushData('shop', indexLines([...fresh, ...renamed]));
        for (const item of [...fresh, ...renamed]) expected.set(`${item.language}/${item.id}`, String(item.fields?.Name));
      }
      // One more, with new ids only, killed after a random delay: written in full, in part, or not at all.
      // It is several MiB, written a MiB at a time: a kill often cuts its last line.
      const inFlight = items(next, 'en', round, IN_FLIGHT);
      next += IN_FLIGHT;
      const before = statSync(journal).size;
      const pushing = client.pushData('shop', indexLines(inFlight)).catch(() => undefined);
      // Every other round the kill lands as soon as the journal starts to grow (mid-write), else after a random delay.
      if (round % 2 === 0) await grown(journal, before);
      else await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 100)));
      run.child.kill('SIGKILL');
      expect((await run.ended).signal).toBe('SIGKILL');
      await pushing;

      const restarted = await startEmulator({ dataDir, credentials });
      try {
        const page = restarted.inspect.items('shop', { limit: 1_000_000 });
        const found = new Map(page?.items.map((item) => [`${item.language_routing}/${item._id}`, (item.data as { Name: string }).Name]));
        for (const [key, name] of expected) expect(found.get(key), key).toBe(name);
        const extra = [...found.keys()].filter((key) => !expected.has(key));
        const written = new Set(inFlight.map((item) => `en/${item.id}`));
        expect(extra.every((key) => written.has(key))).toBe(true);
        for (const key of extra) expected.set(key, found.get(key) ?? '');
        // The journal takes the next items where the killed write stopped.
        const after = items(next, 'sv', round);
        next += BATCH;
        await clientFor(restarted.url).pushData('shop', indexLines(after));
        for (const item of after) expected.set(`sv/${item.id}`, String(item.fields?.Name));
        expect(restarted.inspect.counts('shop')?.total).toBe(expected.size);
      } finally {
        await restarted.close();
      }
    }
    const last = await startEmulator({ dataDir, credentials });
    expect(last.inspect.counts('shop')?.total).toBe(expected.size);
    await last.close();
  }, 120_000);
});
