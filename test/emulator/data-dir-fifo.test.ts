import { spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { scanJournal } from '../../src/emulator/items/journal-file.js';
import { graphClientFor, sampleDefinition } from '../helpers/emulator.js';
import { rejection, thrownBy } from '../helpers/graphform-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const credentials = { appKey: 'fifo', secret: Buffer.from('fifo secret').toString('base64') };

function mkfifo(file: string): void {
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
}

/**
 * A FIFO in the emulator's data directory blocked its start for good (an item journal,
 * opened synchronously, stopped the whole process). Each is refused, named, unopened.
 */
describe("the emulator's data directory holding a FIFO", () => {
  it('an item journal that is a FIFO is refused, not opened', async () => {
    const dir = await makeTempDir();
    const journal = join(dir, 'items.ndjson');
    mkfifo(journal);
    const error = thrownBy(() => scanJournal(journal));
    expect(error.code).toBe('GF_NOT_A_FILE');
    expect(error.message).toBe(
      `The emulator's item journal ${journal} is a FIFO (named pipe), not a regular file: graphform reads only regular files, so replace it with the file itself.`,
    );
    expect(error.hint).toContain('Remove it');
  });

  it.each([
    ['emulator.lock', "The emulator's lock file"],
    ['emulator.json', "The emulator's data file"],
    ['sources/shop/definition.json', "The emulator's data file"],
    ['oauth.json', "The emulator's authorization server file"],
  ])('%s is refused at start', async (name, shown) => {
    const dataDir = await makeTempDir();
    // A source, so its folder is read at start, and the files the first start writes.
    const first = await startEmulator({ dataDir, credentials });
    await graphClientFor(first).putTypes('shop', sampleDefinition());
    await first.close();
    await rm(join(dataDir, name), { force: true });
    await mkdir(join(dataDir, name, '..'), { recursive: true });
    mkfifo(join(dataDir, name));
    const error = await rejection(startEmulator({ dataDir, credentials }));
    expect(error.code).toBe('GF_NOT_A_FILE');
    expect(error.message).toContain(`${shown} ${join(dataDir, name)} is a FIFO (named pipe), not a regular file`);
  });
});
