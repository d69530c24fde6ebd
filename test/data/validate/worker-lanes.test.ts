import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataFile, ValidationSummary } from '../../../src/data/types.js';
import { runValidationPass, type ParallelOptions } from '../../../src/data/validate/validate-files.js';
import { assertFreshBuild } from '../../helpers/built-binary.js';
import { generatedItem, writeWireFile } from '../integration/generate.js';
import { product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';

/**
 * The validation pass on worker threads gives what it gives on the main thread alone. The
 * worker runs the compiled script (`npm run build` first), the pass itself the sources.
 */
const WORKER = path.resolve(import.meta.dirname, '../../../dist/data/validate/block-worker.js');
const FIELDS = { idField: 'Id', languageField: 'language_routing' };

let tmp: TempDir;
beforeAll(assertFreshBuild);
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

async function dataFile(name: string): Promise<DataFile> {
  const file = path.join(tmp.dir, name);
  const { size, mtimeMs } = await stat(file);
  return { path: file, display: name, size, mtimeMs };
}

async function pass(files: DataFile[], parallel: ParallelOptions, maxErrors = 50): Promise<unknown> {
  const result = await runValidationPass({ declaration: shopDeclaration(), files, totalBytes: 0, fields: FIELDS, maxErrors, parallel });
  return { summary: result.summary, duplicates: [...result.duplicates], raw: [...result.rawFiles].map((f) => f.display) };
}

describe('validation on worker threads', () => {
  it('gives the same summary, diagnostics and sendable files as the main thread alone', async () => {
    // Errors and warnings spread over many blocks, a duplicate across files, and a line long enough to stay on the main thread.
    const bad = (i: number): Record<string, unknown> => {
      const item = generatedItem(i);
      if (i % 997 === 0) return { ...item, Quantity: 'many' };
      if (i % 1499 === 0) return { ...item, Undeclared: true };
      if (i === 4321) return { ...item, Name: 'x'.repeat(1_500_000) };
      return item;
    };
    await writeWireFile(path.join(tmp.dir, 'big.ndjson'), 12_000, bad);
    await writeWireFile(path.join(tmp.dir, 'clean.ndjson'), 6_000, (i) => generatedItem(20_000 + i));
    await writeFile(path.join(tmp.dir, 'more.ndjson'), wireLines([product('g8'), product('new')]) + '{"Name":"stray"}\n');
    const files = [await dataFile('big.ndjson'), await dataFile('clean.ndjson'), await dataFile('more.ndjson')];
    const workerUrl = pathToFileURL(WORKER);
    for (const maxErrors of [50, 4]) {
      const alone = await pass(files, { workers: 0, fromBytes: 0 }, maxErrors);
      expect(await pass(files, { workers: 1, workerUrl, fromBytes: 0, waitForWorkers: true }, maxErrors)).toEqual(alone);
      expect(await pass(files, { workers: 3, workerUrl, fromBytes: 0, waitForWorkers: true }, maxErrors)).toEqual(alone);
    }
    const result = (await pass(files, { workers: 2, workerUrl, fromBytes: 0, waitForWorkers: true })) as { summary: ValidationSummary; raw: string[] };
    expect(result.summary.items).toBe(18_003);
    const where = result.summary.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`);
    expect(where).toEqual(
      expect.arrayContaining(['big.ndjson:1996 GF_DATA_INVALID_VALUE', 'more.ndjson:2 GF_DATA_DUPLICATE_ID', 'more.ndjson:5 GF_DATA_MISSING_ACTION']),
    );
    expect(result.raw).toEqual(['clean.ndjson']);
  });

  it('keeps reading order across many small files, their blocks in flight together', async () => {
    const files: DataFile[] = [];
    for (let f = 0; f < 30; f++) {
      const name = `part-${String(f).padStart(2, '0')}.ndjson`;
      await writeWireFile(path.join(tmp.dir, name), 300, (i) =>
        f % 7 === 3 && i === 151 ? { ...generatedItem(f * 1000 + i), Quantity: 'x' } : generatedItem(f * 1000 + i),
      );
      if (f % 10 === 9)
        await writeFile(path.join(tmp.dir, name), `${wireLines([product('again')])}{"delete":{"_id":"gone","language_routing":"en"}}\n`, { flag: 'a' });
      files.push(await dataFile(name));
    }
    const workerUrl = pathToFileURL(WORKER);
    const alone = await pass(files, { workers: 0, fromBytes: 0 }, 3);
    expect(await pass(files, { workers: 2, workerUrl, fromBytes: 0, waitForWorkers: true }, 3)).toEqual(alone);
    const result = alone as { summary: ValidationSummary; raw: string[] };
    expect(result.summary.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'part-03.ndjson:304 GF_DATA_INVALID_VALUE',
      'part-10.ndjson:304 GF_DATA_INVALID_VALUE',
      'part-17.ndjson:304 GF_DATA_INVALID_VALUE',
    ]);
    // Then part-24's bad value, and "again" and "gone" repeated in part-19 and part-29: counted, not kept.
    expect(result.summary).toMatchObject({ errors: 8, omittedErrors: 5 });
    expect(result.raw).toHaveLength(24);
  });

  it('checks on the main thread the blocks of a worker that died, with the same outcome', async () => {
    await writeWireFile(path.join(tmp.dir, 'items.ndjson'), 8_000, (i) => (i === 4_001 ? { ...generatedItem(i), Quantity: 'x' } : generatedItem(i)));
    const files = [await dataFile('items.ndjson')];
    const crashing = pathToFileURL(path.join(import.meta.dirname, 'crashing-worker.mjs'));
    const alone = await pass(files, { workers: 0, fromBytes: 0 });
    expect(await pass(files, { workers: 2, workerUrl: crashing, fromBytes: 0, waitForWorkers: true })).toEqual(alone);
    expect((alone as { summary: ValidationSummary }).summary).toMatchObject({ items: 8_000, errors: 1 });
  });

  it('takes back the blocks a slow worker has not begun, and checks each block once', async () => {
    await writeWireFile(path.join(tmp.dir, 'items.ndjson'), 12_000, (i) => (i % 1_001 === 7 ? { ...generatedItem(i), Quantity: 'x' } : generatedItem(i)));
    const files = [await dataFile('items.ndjson')];
    const slow = pathToFileURL(path.join(import.meta.dirname, 'slow-worker.mjs'));
    const alone = await pass(files, { workers: 0, fromBytes: 0 });
    expect(await pass(files, { workers: 1, workerUrl: slow, fromBytes: 0, waitForWorkers: true })).toEqual(alone);
    const { summary } = alone as { summary: ValidationSummary };
    expect(summary.items).toBe(12_000);
    expect(summary.errors).toBeGreaterThan(5);
  });

  it('hands no block to a worker before it says it is ready: this thread checks them meanwhile', async () => {
    await writeWireFile(path.join(tmp.dir, 'items.ndjson'), 8_000, (i) => (i === 4_001 ? { ...generatedItem(i), Quantity: 'x' } : generatedItem(i)));
    const files = [await dataFile('items.ndjson')];
    const silent = pathToFileURL(path.join(import.meta.dirname, 'silent-worker.mjs'));
    const alone = await pass(files, { workers: 0, fromBytes: 0 });
    expect(await pass(files, { workers: 2, workerUrl: silent, fromBytes: 0 })).toEqual(alone);
  });
});
