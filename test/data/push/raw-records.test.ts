import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Batcher, type Batch } from '../../../src/data/push/batcher.js';
import { RawRecordCutter } from '../../../src/data/push/raw-records.js';
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
const items = (from: number, to: number): Record<string, unknown>[] => Array.from({ length: to - from }, (_, i) => product(`p${from + i}`, i % 2 === 0 ? 'en' : 'sv', { Name: `Pröduct ${'ü'.repeat(i % 7)} ${from + i}` }));

/** The batches of the record path: each record read, serialized and batched. */
async function serialized(content: string, limits: { maxBytes: number; maxItems: number }): Promise<Batch[]> {
  const path = await tmp.write('f.ndjson', content);
  const batcher = new Batcher(limits);
  const batches: Batch[] = [];
  for await (const record of readDataRecords({ path, display: 'f.ndjson' }, FIELDS)) {
    const closed = batcher.add(serializeRecord(record), { file: record.file, line: record.line });
    if (closed !== undefined) batches.push(closed);
  }
  const last = batcher.flush();
  return last === undefined ? batches : [...batches, last];
}

function raw(content: string, pieceBytes: number, limits: { maxBytes: number; maxItems: number }): Batch[] {
  const bytes = Buffer.from(content, 'utf8');
  const batcher = new Batcher(limits);
  const batches: Batch[] = [];
  const cutter = new RawRecordCutter('f.ndjson', batcher, (batch) => batches.push(batch));
  // Every piece is read into the same buffer, as the send pass does.
  const scratch = Buffer.alloc(pieceBytes);
  for (let at = 0; at < bytes.length; at += pieceBytes) {
    const length = bytes.copy(scratch, 0, at, at + pieceBytes);
    cutter.push(scratch.subarray(0, length));
    scratch.fill(0x7e);
  }
  cutter.end();
  const last = batcher.flush();
  return last === undefined ? batches : [...batches, last];
}

const view = (batches: Batch[]): unknown[] => batches.map((b) => ({ ...b, body: b.body.toString('utf8') }));

describe('RawRecordCutter', () => {
  it.each([
    ['index and delete records', wireLines(items(0, 30)) + DELETE('old') + wireLines(items(30, 45)) + DELETE('gone')],
    ['empty lines between records', `\n\n${wireLines(items(0, 5))}\n${DELETE('x')}\n\n${wireLines(items(5, 9))}\n`],
    ['no newline at the end of a data line', wireLines(items(0, 7)).slice(0, -1)],
    ['no newline at the end of a delete', wireLines(items(0, 3)) + DELETE('z').slice(0, -1)],
  ])('%s: the same batches as serializing each record, whatever the read pieces', async (_name, content) => {
    for (const limits of [{ maxBytes: 4 * 1024 * 1024, maxItems: 1000 }, { maxBytes: 1500, maxItems: 4 }, { maxBytes: 10, maxItems: 3 }]) {
      const expected = view(await serialized(content, limits));
      for (const pieceBytes of [1, 7, 100, 333, 4096, content.length + 1]) expect(view(raw(content, pieceBytes, limits)), `pieces of ${pieceBytes}`).toEqual(expected);
    }
  });

  it('copies each batch body out of the read buffer', () => {
    const content = Buffer.from(wireLines(items(0, 4)), 'utf8');
    const batcher = new Batcher({ maxBytes: 1 << 20, maxItems: 1000 });
    const cutter = new RawRecordCutter('f.ndjson', batcher, () => undefined);
    cutter.push(content);
    cutter.end();
    const batch = batcher.flush();
    content.fill(0x20);
    expect(batch?.body.toString('utf8')).toBe(wireLines(items(0, 4)));
  });
});
