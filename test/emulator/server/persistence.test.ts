import { appendFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, indexLines, sampleDefinition } from '../../helpers/emulator.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const credentials = { appKey: 'persist', secret: Buffer.from('persistent secret').toString('base64') };

describe('emulator persistence with dataDir', () => {
  it('keeps definitions, items, replacements, deletes and purges across a restart', async () => {
    const dataDir = await makeTempDir();
    const first = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(first);
    await client.putTypes('shop', sampleDefinition());
    await client.putTypes('blog', sampleDefinition({ label: 'Blog' }));
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'en' },
        { id: 3, language: 'sv' },
      ]),
    );
    await client.pushData('shop', indexLines([{ id: 1, language: 'en', fields: { Name: 'replaced' } }]) + '{"delete":{"_id":2,"language_routing":"en"}}\n');
    await client.pushData(
      'blog',
      indexLines([
        { id: 1, language: 'en' },
        { id: 1, language: 'sv' },
      ]),
    );
    await client.purgeData('blog', ['sv']);
    await client.postTypes('shop', { languages: ['en', 'sv', 'fi'], contentTypes: {} });
    const before = {
      sources: first.inspect.sources(),
      shop: first.inspect.items('shop'),
      blog: first.inspect.items('blog'),
      def: first.inspect.definition('shop'),
    };
    await first.close();

    const second = await startEmulator({ dataDir, credentials });
    try {
      expect({
        sources: second.inspect.sources(),
        shop: second.inspect.items('shop'),
        blog: second.inspect.items('blog'),
        def: second.inspect.definition('shop'),
      }).toEqual(before);
      expect(second.inspect.items('shop')?.items.map((i) => [i.language_routing, i._id, (i.data as { Name: string }).Name])).toEqual([
        ['en', '1', 'replaced'],
        ['sv', '3', 'Item 3'],
      ]);
      // A full update after the restart still wipes, and that too survives the next one.
      await graphClientFor(second).putTypes('shop', sampleDefinition());
    } finally {
      await second.close();
    }
    const third = await startEmulator({ dataDir, credentials });
    expect(third.inspect.counts('shop')?.total).toBe(0);
    expect(third.inspect.counts('blog')?.total).toBe(1);
    await third.close();
  });

  it('appends to the journal instead of rewriting it, and compacts it when its items are next read', async () => {
    const dataDir = await makeTempDir();
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    const emulator = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData('shop', indexLines([{ id: 1, language: 'en' }]));
    const { ino } = await stat(journal);
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'en' },
      ]),
    );
    const after = await stat(journal);
    expect(after.ino).toBe(ino);
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toHaveLength(3);
    await emulator.close();

    const restarted = await startEmulator({ dataDir, credentials });
    // Starting reads no journal; the first request that needs the items does, and drops the replaced line.
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toHaveLength(3);
    expect(restarted.inspect.counts('shop')?.total).toBe(2);
    expect((await readFile(journal, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(restarted.inspect.items('shop')?.items.map((i) => i._id)).toEqual(['1', '2']);
    await restarted.close();
  });

  it('tolerates a cut-off last journal line', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData(
      'shop',
      indexLines([
        { id: 1, language: 'en' },
        { id: 2, language: 'en' },
      ]),
    );
    await emulator.close();
    await appendFile(join(dataDir, 'sources', 'shop', 'items.ndjson'), '["i","en","3","Product",{"Name":"cut');

    const restarted = await startEmulator({ dataDir, credentials });
    expect(restarted.inspect.counts('shop')?.total).toBe(2);
    await graphClientFor(restarted).pushData('shop', indexLines([{ id: 4, language: 'sv' }]));
    await restarted.close();
    const again = await startEmulator({ dataDir, credentials });
    expect(again.inspect.counts('shop')).toMatchObject({ total: 3, byLanguage: { en: 2, sv: 1 } });
    await again.close();
  });

  it('gives a last line that lost only its newline one, so the next append starts a line of its own', async () => {
    const dataDir = await makeTempDir();
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    const emulator = await startEmulator({ dataDir, credentials });
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    await emulator.close();
    await writeFile(journal, '["i","en","1","Product",{"Name":"no newline","ContentType":["Item","Product"]}]');
    const restarted = await startEmulator({ dataDir, credentials });
    await graphClientFor(restarted).pushData('shop', indexLines([{ id: 2, language: 'en' }]));
    await restarted.close();
    const again = await startEmulator({ dataDir, credentials });
    expect(again.inspect.items('shop')?.items.map((i) => [i._id, (i.data as { Name: string }).Name])).toEqual([
      ['1', 'no newline'],
      ['2', 'Item 2'],
    ]);
    await again.close();
  });

  it('deletes sources, their items and everything at once, whether or not their items were read since the start', async () => {
    const dataDir = await makeTempDir();
    const first = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(first);
    for (const id of ['aa', 'bb', 'cc', 'dd']) {
      await client.putTypes(id, sampleDefinition());
      await client.pushData(
        id,
        indexLines([
          { id: 1, language: 'en' },
          { id: 2, language: 'sv' },
        ]),
      );
    }
    await first.close();

    const second = await startEmulator({ dataDir, credentials });
    const again = graphClientFor(second);
    expect(second.inspect.counts('bb')?.total).toBe(2);
    await again.deleteSource('aa');
    await again.deleteSource('bb', 'data');
    await again.deleteSource('cc', 'reset');
    await again.deleteSource('dd', 'types');
    expect(
      second.inspect
        .requests()
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.note),
    ).toEqual([
      'aa: deleted the source (types and data), 2 items',
      'bb: deleted the items (types kept), 2 items',
      'cc: deleted the content types and the items (the source stays), 2 items',
      'dd: deleted the content types (items kept), 0 items',
    ]);
    await second.close();

    const third = await startEmulator({ dataDir, credentials });
    expect(third.inspect.sources().map((s) => [s.id, s.items])).toEqual([
      ['bb', 0],
      ['cc', 0],
      ['dd', 2],
    ]);
    await third.inspect.reset();
    expect(third.inspect.sources()).toEqual([]);
    await graphClientFor(third).putTypes('ee', sampleDefinition());
    await third.close();
    // The reset swapped the sources folder away in one step and removed it.
    expect((await readdir(dataDir)).filter((name) => name.startsWith('sources'))).toEqual(['sources']);
    const fourth = await startEmulator({ dataDir, credentials });
    expect(fourth.inspect.sources().map((s) => [s.id, s.items])).toEqual([['ee', 0]]);
    await fourth.close();
  });

  it('starts with a journal damaged in the middle, and refuses to read its items', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    await emulator.close();
    await writeFile(join(dataDir, 'sources', 'shop', 'items.ndjson'), 'garbage\n["d","en","1"]\n');
    // Items are read when a request needs them, not at start: the definition still answers.
    const damaged = await startEmulator({ dataDir, credentials });
    try {
      expect(await graphClientFor(damaged).getTypes('shop')).toMatchObject({ status: 'found' });
      expect(() => damaged.inspect.counts('shop')).toThrow(
        expect.objectContaining({ code: 'GF_EMULATOR_CORRUPT_DATA', message: expect.stringContaining('damaged at line 1') as unknown }),
      );
      await expect(graphClientFor(damaged).pushData('shop', indexLines([{ id: 1, language: 'en' }]))).rejects.toMatchObject({ status: 500 });
      // The request answered 500 and changed nothing on disk.
      expect(await readFile(join(dataDir, 'sources', 'shop', 'items.ndjson'), 'utf8')).toBe('garbage\n["d","en","1"]\n');
    } finally {
      await damaged.close();
    }
    await writeFile(join(dataDir, 'sources', 'shop', 'items.ndjson'), '');
    const repaired = await startEmulator({ dataDir, credentials });
    expect(repaired.inspect.counts('shop')?.total).toBe(0);
    await repaired.close();
  });

  it('lets one emulator at a time use a data directory, and takes over a stale lock', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    await expect(startEmulator({ dataDir, credentials })).rejects.toMatchObject({ code: 'GF_EMULATOR_DATA_DIR_LOCKED' });
    await emulator.close();
    // A lock left by a process that no longer exists (pid beyond any real one).
    await writeFile(join(dataDir, 'emulator.lock'), JSON.stringify({ pid: 2 ** 30 }));
    await (await startEmulator({ dataDir, credentials })).close();
  });

  it('reads a data directory of an earlier version, whose description lived beside the definition in source.json', async () => {
    const dataDir = await makeTempDir();
    const folder = join(dataDir, 'sources', 'shop');
    await mkdir(folder, { recursive: true });
    await writeFile(join(dataDir, 'emulator.json'), '{"formatVersion":1}\n');
    await writeFile(join(folder, 'definition.json'), JSON.stringify(sampleDefinition()));
    await writeFile(join(folder, 'source.json'), '{"description":"Our products"}');
    await writeFile(join(folder, 'items.ndjson'), '["i","en","1","Product",{"Name":"kept"}]\n');
    const emulator = await startEmulator({ dataDir, credentials });
    try {
      expect(emulator.inspect.definition('shop')).toEqual({ ...sampleDefinition(), description: 'Our products' });
      expect(emulator.inspect.sources()).toEqual([{ id: 'shop', label: 'Shop catalogue', description: 'Our products', languages: ['en', 'sv'], items: 1 }]);
    } finally {
      await emulator.close();
    }
    // The description moved into the definition; the old file is gone.
    expect(JSON.parse(await readFile(join(folder, 'definition.json'), 'utf8'))).toMatchObject({ description: 'Our products' });
    await expect(stat(join(folder, 'source.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a definition file that is not a valid definition', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    await graphClientFor(emulator).putTypes('shop', sampleDefinition());
    await emulator.close();
    await writeFile(join(dataDir, 'sources', 'shop', 'definition.json'), '{"languages":["en"],"colour":"red"}');
    await expect(startEmulator({ dataDir, credentials })).rejects.toMatchObject({
      code: 'GF_EMULATOR_CORRUPT_DATA',
      message: expect.stringContaining('unknown field colour') as unknown,
    });
  });

  it('refuses data written in another format version', async () => {
    const dataDir = await makeTempDir();
    await writeFile(join(dataDir, 'emulator.json'), '{"formatVersion":99}');
    await expect(startEmulator({ dataDir, credentials })).rejects.toMatchObject({ code: 'GF_EMULATOR_DATA_FORMAT' });
  });

  it('keeps 100,000 items pushed in batches across a restart', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(emulator, { timeoutMs: 60_000 });
    await client.putTypes('shop', sampleDefinition());
    for (let batch = 0; batch < 10; batch++) {
      const items = Array.from({ length: 10_000 }, (_, i) => ({ id: batch * 10_000 + i, language: i % 2 === 0 ? 'en' : 'sv' }));
      await client.pushData('shop', indexLines(items));
    }
    await emulator.close();
    const restarted = await startEmulator({ dataDir, credentials });
    expect(restarted.inspect.counts('shop')).toEqual({ total: 100_000, byLanguage: { en: 50_000, sv: 50_000 }, byContentType: { Product: 100_000 } });
    await restarted.close();
  });
});

describe('journal encoding', () => {
  it('keeps a data line with a bare carriage return as JSON whitespace across a restart', async () => {
    const dataDir = await makeTempDir();
    const emulator = await startEmulator({ dataDir, credentials });
    const client = graphClientFor(emulator);
    await client.putTypes('shop', sampleDefinition());
    await client.pushData(
      'shop',
      '{"index":{"_id":"r","language_routing":"en"}}\n{"Name":"cr",\r"ContentType":["Item","Product"]}\n{"index":{"_id":"s","language_routing":"en"}}\n{"Name":"ok","ContentType":["Item","Product"]}\n',
    );
    await emulator.close();
    const restarted = await startEmulator({ dataDir, credentials });
    expect(restarted.inspect.items('shop')?.items.map((i) => i.data)).toEqual([
      { Name: 'cr', ContentType: ['Item', 'Product'] },
      { Name: 'ok', ContentType: ['Item', 'Product'] },
    ]);
    await restarted.close();
  });
});
