import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition } from '../../helpers/emulator.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const fixture = new URL('../../fixtures/emulator-data-v1/', import.meta.url).pathname;
const credentials = { appKey: 'fixture', secret: Buffer.from('fixture secret').toString('base64') };
const IDS = ['shop', 'blog', 'ivy'];

interface Expected {
  sources: unknown;
  definitions: Record<string, unknown>;
  items: Record<string, unknown>;
  counts: Record<string, unknown>;
}

async function copyOfFixture(): Promise<string> {
  const dataDir = join(await makeTempDir(), 'data');
  await cp(join(fixture, 'data'), dataDir, { recursive: true });
  return dataDir;
}

describe('a data directory written by the emulator before items stayed on disk', () => {
  it('reads as that emulator left it: sources, definitions, items and counts', async () => {
    const expected = JSON.parse(await readFile(join(fixture, 'expected.json'), 'utf8')) as Expected;
    const emulator = await startEmulator({ dataDir: await copyOfFixture(), credentials });
    try {
      expect(emulator.inspect.sources()).toEqual(expected.sources);
      for (const id of IDS) {
        expect(emulator.inspect.definition(id)).toEqual(expected.definitions[id]);
        expect(emulator.inspect.items(id)).toEqual(expected.items[id]);
        expect(emulator.inspect.counts(id)).toEqual(expected.counts[id]);
      }
    } finally {
      await emulator.close();
    }
  });

  it('takes new items, purges and full updates, and keeps them across a restart', async () => {
    const dataDir = await copyOfFixture();
    const first = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(first);
    await client.pushData(
      'shop',
      indexLines([
        { id: 'ü-4', language: 'sv', fields: { Name: 'again' } },
        { id: 6, language: 'fi' },
      ]),
    );
    await client.purgeData('blog', ['fi']);
    await client.putTypes('ivy', sampleDefinition({ label: 'Emptied' }));
    const before = IDS.map((id) => first.inspect.items(id));
    await first.close();
    expect(before[0]?.items.map((i) => [i.language_routing, i._id])).toEqual([
      ['en', '1'],
      ['en', '5'],
      ['fi', '6'],
      ['sv', '3'],
      ['sv', 'ü-4'],
    ]);
    expect(before[1]?.total).toBe(1);

    const second = await startEmulator({ dataDir, credentials });
    try {
      expect(IDS.map((id) => second.inspect.items(id))).toEqual(before);
    } finally {
      await second.close();
    }
    // The journals hold only live items now.
    expect((await readFile(join(dataDir, 'sources', 'shop', 'items.ndjson'), 'utf8')).trim().split('\n')).toHaveLength(5);
  });
});
