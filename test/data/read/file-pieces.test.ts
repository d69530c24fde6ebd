import { stat, truncate } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePieces, openFileReader } from '../../../src/data/read/file-bytes.js';
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

/** Every piece copied as it comes: the next read must not write into a piece the caller still has. */
async function piecesOf(file: DataFile, bufferBytes: number, counter = { bytesRead: 0 }): Promise<string> {
  const parts: Buffer[] = [];
  for await (const piece of filePieces(file, counter, [Buffer.alloc(bufferBytes), Buffer.alloc(bufferBytes)])) parts.push(Buffer.from(piece));
  return Buffer.concat(parts).toString('utf8');
}

describe('filePieces, one read ahead', () => {
  it.each([1, 7, 64, 4096])('gives the file whole, in order, with buffers of %i bytes', async (bytes) => {
    const counter = { bytesRead: 0 };
    expect(await piecesOf(await dataFile(`a${bytes}.txt`, CONTENT), bytes, counter)).toBe(CONTENT);
    expect(counter.bytesRead).toBe(Buffer.byteLength(CONTENT));
  });

  it('reads no byte past the size the file had when validated', async () => {
    const file = await dataFile('grown.txt', `${CONTENT}appended later\n`, Buffer.byteLength(CONTENT));
    expect(await piecesOf(file, 7)).toBe(CONTENT);
  });

  it('ends where a file that shrank ends', async () => {
    const file = await dataFile('shrunk.txt', CONTENT);
    await truncate(file.path, 100);
    expect(await piecesOf(file, 64)).toBe(Buffer.from(CONTENT).subarray(0, 100).toString('utf8'));
  });

  it('lets the read under way end when the caller stops early', async () => {
    const file = await dataFile('early.txt', CONTENT);
    for await (const piece of filePieces(file, { bytesRead: 0 }, [Buffer.alloc(16), Buffer.alloc(16)])) {
      expect(piece.length).toBe(16);
      break;
    }
  });
});

describe('openFileReader', () => {
  it('reads into the caller\'s buffer up to the validated size, then gives 0', async () => {
    const file = await dataFile('reader.txt', `${CONTENT}more`, Buffer.byteLength(CONTENT));
    const reader = await openFileReader(file, { bytesRead: 0 });
    const target = Buffer.alloc(Buffer.byteLength(CONTENT) + 100);
    let at = 0;
    for (let got = await reader.read(target, at, 33); got > 0; got = await reader.read(target, at, 33)) at += got;
    await reader.close();
    expect(target.subarray(0, at).toString('utf8')).toBe(CONTENT);
  });
});
