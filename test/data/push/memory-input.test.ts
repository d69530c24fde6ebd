import { describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { memoryInput } from '../../../src/data/read/memory-input.js';
import type { ReadEntry } from '../../../src/data/types.js';
import { DATA_CONFIG, product, shopDeclaration } from '../fixtures.js';
import { RecordingClient } from '../recording-client.js';

/** Records held in memory (as assets sync makes them), each named after its item. */
function entries(items: Record<string, unknown>[]): ReadEntry[] {
  return items.map((item, index) => ({
    kind: 'record',
    record: { file: `asset ${String(item.Id)}`, line: index + 1, action: { kind: 'index', id: String(item.Id), language: 'en' }, item },
  }));
}

const base = { declaration: shopDeclaration(), config: { ...DATA_CONFIG, batchMaxItems: 2 }, files: [], skipInvalid: false, maxErrors: 50, dryRun: false };

describe('pushData with in-memory inputs', () => {
  it('validates and sends them in batches like a file', async () => {
    const client = new RecordingClient();
    const summary = await pushData({ ...base, client, inputs: [memoryInput('assets', entries([product('a1'), product('a2'), product('a3')]))] });
    expect(summary).toMatchObject({ status: 'sent', itemsSent: 3, batches: 2 });
    expect(summary.validation).toMatchObject({ files: 1, items: 3, errors: 0 });
    expect(client.lines().filter((line) => line.startsWith('{"index"'))).toEqual([
      '{"index":{"_id":"a1","language_routing":"en"}}',
      '{"index":{"_id":"a2","language_routing":"en"}}',
      '{"index":{"_id":"a3","language_routing":"en"}}',
    ]);
  });

  it('names an invalid record by its item and position, and sends nothing', async () => {
    const client = new RecordingClient();
    const summary = await pushData({ ...base, client, inputs: [memoryInput('assets', entries([product('a1'), product('a2', 'en', { Quantity: 'many' })]))] });
    expect(summary.status).toBe('invalid');
    expect(summary.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.path}`)).toEqual(['asset a2:2 GF_DATA_INVALID_VALUE /Quantity']);
    expect(client.bodies).toEqual([]);
  });
});
