import { createHash } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotHash } from '../../src/keep/snapshot-file.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** One byte more than the largest file `readFile` can return (2 GiB, kIoMaxLength). */
const OVER_2_GIB = 2 ** 31 + 1;
/** `truncate -s 2147483649 f && sha256sum f`: the sha256 of that many zero bytes. */
const ZEROS_OVER_2_GIB = 'sha256:b8030a8ab89280935633d8d991da3d9907c0f12e8b6fc3bfc515f4d440872b6e';

describe('snapshotHash', () => {
  it('hashes the bytes of a snapshot', async () => {
    const dir = await makeTempDir('graphform-snapshot-hash-');
    const file = path.join(dir, 'news-1.ndjson');
    const text = '{"index":{"_id":"a","language_routing":"en"}}\n{"Title":"a"}\n';
    await writeFile(file, text);
    expect(await snapshotHash(file)).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
  });

  // A sparse file: over 2 GiB long, no disk used. A hash that reads the file whole fails on it
  // (ERR_FS_FILE_TOO_LARGE), so an apply that wrote such a snapshot could never push it.
  it('streams a snapshot larger than a file read whole can be', { timeout: 120_000 }, async () => {
    const dir = await makeTempDir('graphform-snapshot-hash-');
    const file = path.join(dir, 'news-big.ndjson');
    const handle = await open(file, 'w');
    await handle.truncate(OVER_2_GIB);
    await handle.close();
    await expect(snapshotHash(file), 'a snapshot over 2 GiB must hash (streamed), not fail to be read whole').resolves.toBe(ZEROS_OVER_2_GIB);
  });
});
