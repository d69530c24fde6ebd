import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ItemOp } from '../../../src/emulator/items/item-store.js';
import { diskPersistence } from '../../../src/emulator/server/persistence.js';
import { MemoryStore } from '../../../src/emulator/server/store.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

describe('journal appends', () => {
  it('encodes a request’s operations as it writes them, never all at once', async () => {
    const dataDir = await makeTempDir();
    const persistence = diskPersistence(dataDir);
    await persistence.load(new MemoryStore());
    await persistence.items.empty('shop');
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    const raw = `{"Name":"${'n'.repeat(700 * 1024)}"}`;
    const onDiskWhenEncoding: number[] = [];
    // Each data line records the journal's size when it is read to be encoded.
    const index = (id: string): ItemOp => ({
      kind: 'index',
      item: {
        id,
        lang: 'en',
        type: 'Product',
        get raw() {
          onDiskWhenEncoding.push(statSync(journal).size);
          return raw;
        },
      },
    });
    const ops: ItemOp[] = [index('1'), index('2'), index('3'), index('4'), { kind: 'delete', lang: 'en', id: '2' }];
    expect(await persistence.items.apply('shop', ops)).toEqual({ indexed: 4, deleted: 1 });
    // Writes go out about a MiB at a time: the first two lines are on disk before the fourth is encoded.
    expect(onDiskWhenEncoding[0]).toBe(0);
    expect(onDiskWhenEncoding[3]).toBeGreaterThan(2 * raw.length);
    const lines = (await readFile(journal, 'utf8')).split('\n');
    expect(lines.map((l) => l.slice(0, 22))).toEqual([
      '["i","en","1","Product',
      '["i","en","2","Product',
      '["i","en","3","Product',
      '["i","en","4","Product',
      '["d","en","2"]',
      '',
    ]);
    // The index knows where each data line is: reading them back gives the very bytes.
    const keys = [...persistence.items.index('shop').keys()];
    expect(keys.map((k) => k.id)).toEqual(['1', '3', '4']);
    expect(persistence.items.read('shop', keys)).toEqual([raw, raw, raw]);
  });

  it('writes nothing for a request without operations, nor for a new source without items', async () => {
    const dataDir = await makeTempDir();
    const persistence = diskPersistence(dataDir);
    await persistence.load(new MemoryStore());
    await persistence.items.empty('shop');
    const journal = join(dataDir, 'sources', 'shop', 'items.ndjson');
    expect(existsSync(journal)).toBe(false);
    await persistence.items.apply('shop', []);
    expect(existsSync(journal)).toBe(false);
    await persistence.items.apply('shop', [{ kind: 'delete', lang: 'en', id: '1' }]);
    const before = statSync(journal);
    await persistence.items.apply('shop', []);
    expect(statSync(journal)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs });
    // Emptying a journal that is there (a full update, or a deleted source's leftover) writes it empty.
    await persistence.items.empty('shop');
    expect(statSync(journal).size).toBe(0);
  });
});
