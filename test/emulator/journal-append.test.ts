import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskPersistence } from '../../src/emulator/persistence.js';
import { MemoryStore, type ItemOp } from '../../src/emulator/store.js';
import { sampleDefinition } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const index = (id: string, raw: string): ItemOp => ({ kind: 'index', item: { id, lang: 'en', type: 'Product', raw } });

describe('journal appends', () => {
  it('encodes a request’s operations as it writes them, never all at once', async () => {
    const dataDir = await makeTempDir();
    const persistence = diskPersistence(dataDir);
    await persistence.load(new MemoryStore());
    await persistence.saveDefinition('shop', sampleDefinition(), true);
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    const raw = `{"Name":"${'n'.repeat(700 * 1024)}"}`;
    const onDiskWhenEncoding: number[] = [];
    function* ops(): Generator<ItemOp> {
      for (const id of ['1', '2', '3', '4']) {
        onDiskWhenEncoding.push(statSync(journal).size);
        yield index(id, raw);
      }
      yield { kind: 'delete', lang: 'en', id: '2' };
    }
    await persistence.appendOps('shop', ops());
    // Writes go out about a MiB at a time: the first two lines are on disk before the fourth is encoded.
    expect(onDiskWhenEncoding[0]).toBe(0);
    expect(onDiskWhenEncoding[3]).toBeGreaterThan(2 * raw.length);
    const lines = (await readFile(journal, 'utf8')).split('\n');
    expect(lines.map((l) => l.slice(0, 22))).toEqual(['["i","en","1","Product', '["i","en","2","Product', '["i","en","3","Product', '["i","en","4","Product', '["d","en","2"]', '']);
  });

  it('writes nothing for a request without operations', async () => {
    const dataDir = await makeTempDir();
    const persistence = diskPersistence(dataDir);
    await persistence.load(new MemoryStore());
    await persistence.saveDefinition('shop', sampleDefinition(), true);
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    const before = statSync(journal);
    await persistence.appendOps('shop', []);
    expect(statSync(journal)).toMatchObject({ size: 0, mtimeMs: before.mtimeMs });
  });
});
