import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Batcher, type Batch } from '../../../src/data/push/batcher.js';
import { RawBatchReader, type ReadInto } from '../../../src/data/push/raw-batches.js';
import { serializeRecord } from '../../../src/data/push/serialize.js';
import { readDataRecords } from '../../../src/data/read/read-data-file.js';
import { product, tempDir, wireLines, type TempDir } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

const DELETE = (id: string): string => `{"delete":{"_id":"${id}","language_routing":"en"}}\n`;
const items = (from: number, to: number): Record<string, unknown>[] =>
  Array.from({ length: to - from }, (_, i) => product(`p${from + i}`, i % 2 === 0 ? 'en' : 'sv', { Name: `Pröduct ${'ü'.repeat(i % 7)} ${from + i}` }));

type Limits = { maxBytes: number; maxItems: number };

/** The batches of the record path: each record read, serialized and batched. */
async function serialized(content: string, limits: Limits, before: string[] = []): Promise<Batch[]> {
  const path = await tmp.write('f.ndjson', content);
  const batcher = new Batcher(limits);
  const batches: Batch[] = [];
  for (const text of before) {
    const closed = batcher.add(text, { file: 'before', line: 1 });
    if (closed !== undefined) batches.push(closed);
  }
  for await (const record of readDataRecords({ path, display: 'f.ndjson' }, FIELDS)) {
    const closed = batcher.add(serializeRecord(record), { file: record.file, line: record.line });
    if (closed !== undefined) batches.push(closed);
  }
  const last = batcher.flush();
  return last === undefined ? batches : [...batches, last];
}

/** The same content read straight into the batches' buffers, at most `pieceBytes` a read. */
async function raw(content: string, pieceBytes: number, limits: Limits, before: string[] = []): Promise<Batch[]> {
  const bytes = Buffer.from(content, 'utf8');
  const batcher = new Batcher(limits);
  const batches: Batch[] = [];
  for (const text of before) {
    const closed = batcher.add(text, { file: 'before', line: 1 });
    if (closed !== undefined) batches.push(closed);
  }
  const reader = new RawBatchReader('f.ndjson', batcher, limits);
  let at = 0;
  const read: ReadInto = (target, offset, length) => {
    const copied = bytes.copy(target, offset, at, at + Math.min(length, pieceBytes));
    at += copied;
    return Promise.resolve(copied);
  };
  for (let closed = await reader.next(read); closed !== undefined; closed = await reader.next(read)) {
    // Sent and done with: a recycled body is written into again.
    for (const batch of closed) batches.push({ ...batch, body: Buffer.from(batch.body) });
    for (const batch of closed) batcher.recycle(batch);
  }
  const last = batcher.flush();
  return last === undefined ? batches : [...batches, last];
}

const view = (batches: Batch[]): unknown[] => batches.map((b) => ({ ...b, body: b.body.toString('utf8') }));

const LIMITS: Limits[] = [
  { maxBytes: 4 * 1024 * 1024, maxItems: 1000 },
  { maxBytes: 1500, maxItems: 4 },
  { maxBytes: 700, maxItems: 100 },
  { maxBytes: 10, maxItems: 3 },
  { maxBytes: 1 << 20, maxItems: 1 },
];

describe('RawBatchReader', () => {
  it.each([
    ['index and delete records', wireLines(items(0, 30)) + DELETE('old') + wireLines(items(30, 45)) + DELETE('gone')],
    ['empty lines between records', `\n\n${wireLines(items(0, 5))}\n${DELETE('x')}\n\n${wireLines(items(5, 9))}\n`],
    ['an empty line between every record', wireLines(items(0, 40)).replace(/(\n\{"index")/g, '\n$1')],
    ['no newline at the end of a data line', wireLines(items(0, 7)).slice(0, -1)],
    ['no newline at the end of a delete', wireLines(items(0, 3)) + DELETE('z').slice(0, -1)],
    ['only a delete', DELETE('only')],
    ['many records', wireLines(items(0, 400))],
  ])('%s: the same batches as serializing each record, whatever the reads bring', async (_name, content) => {
    for (const limits of LIMITS) {
      const expected = view(await serialized(content, limits));
      for (const pieceBytes of [1, 7, 100, 333, 4096, content.length + 1])
        expect(view(await raw(content, pieceBytes, limits)), `reads of ${pieceBytes}, ${JSON.stringify(limits)}`).toEqual(expected);
    }
  });

  it('continues the batch a file before it left open', async () => {
    const content = wireLines(items(0, 12)) + DELETE('z');
    const before = ['{"delete":{"_id":"a","language_routing":"en"}}\n', '{"delete":{"_id":"b","language_routing":"en"}}\n'];
    for (const limits of LIMITS)
      expect(view(await raw(content, 333, limits, before)), JSON.stringify(limits)).toEqual(view(await serialized(content, limits, before)));
  });

  it('ends at an empty input without a batch', async () => {
    expect(await raw('', 100, LIMITS[0] as Limits)).toEqual([]);
    expect(await raw('\n\n', 100, LIMITS[0] as Limits)).toEqual([]);
  });

  it('reads ahead while the caller sends, and a read that fails fails the next call, not the process', async () => {
    const content = Buffer.from(wireLines(items(0, 20)), 'utf8');
    const batcher = new Batcher({ maxBytes: 1 << 20, maxItems: 5 });
    const reader = new RawBatchReader('f.ndjson', batcher, { maxBytes: 1 << 20, maxItems: 5 });
    let reads = 0;
    const read: ReadInto = (target, offset, length) => {
      reads++;
      if (reads === 1) return Promise.resolve(content.copy(target, offset, 0, Math.min(length, 700)));
      return Promise.reject(new Error('disk on fire'));
    };
    await reader.next(read);
    // The second read was started before the first call returned.
    expect(reads).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(reader.next(read)).rejects.toThrow('disk on fire');
    await reader.settle();
  });
});
