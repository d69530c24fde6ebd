import { stat, truncate } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileReader } from '../../../src/data/read/file-bytes.js';
import type { DataFile } from '../../../src/data/types.js';
import { tempDir, type TempDir } from '../fixtures.js';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

const CONTENT = Array.from({ length: 40 }, (_, i) => `line ${i} ${'é'.repeat(i % 5)}\n`).join('');

async function dataFile(name: string, content: string, size?: number): Promise<DataFile> {
  const path = await tmp.write(name, content);
  const { mtimeMs } = await stat(path);
  return { path, display: name, size: size ?? Buffer.byteLength(content), mtimeMs };
}

describe('openFileReader', () => {
  it("reads into the caller's buffer up to the validated size, then gives 0", async () => {
    const file = await dataFile('reader.txt', `${CONTENT}more`, Buffer.byteLength(CONTENT));
    const reader = await openFileReader(file, { bytesRead: 0 });
    const target = Buffer.alloc(Buffer.byteLength(CONTENT) + 100);
    let at = 0;
    for (let got = await reader.read(target, at, 33); got > 0; got = await reader.read(target, at, 33)) at += got;
    await reader.close();
    expect(target.subarray(0, at).toString('utf8')).toBe(CONTENT);
  });

  it('reads into shared memory, and ends where a file that shrank ends', async () => {
    const file = await dataFile('shrunk.txt', CONTENT);
    await truncate(file.path, 100);
    const reader = await openFileReader(file, { bytesRead: 0 });
    const target = new Uint8Array(new SharedArrayBuffer(4096));
    let at = 0;
    for (let got = await reader.read(target, at, 64); got > 0; got = await reader.read(target, at, 64)) at += got;
    await reader.close();
    expect(Buffer.from(target.buffer, 0, at).toString('latin1')).toBe(Buffer.from(CONTENT).subarray(0, 100).toString('latin1'));
  });
});
