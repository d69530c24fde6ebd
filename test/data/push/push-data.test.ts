import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushData, validateDataFiles } from '../../../src/data/push/push-data.js';
import type { ProgressSnapshot } from '../../../src/data/types.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';
import { RecordingClient } from '../recording-client.js';

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

const base = { declaration: shopDeclaration(), config: DATA_CONFIG, skipInvalid: false, maxErrors: 50, dryRun: false };
const products = (from: number, to: number, language = 'en'): Record<string, unknown>[] =>
  Array.from({ length: to - from }, (_, i) => product(`p${from + i}`, language));

describe('pushData', () => {
  it('sends every item of every supported format, minified, in bounded batches', async () => {
    await tmp.write('a.ndjson', wireLines(products(0, 25)) + '{"delete":{"_id":"old","language_routing":"sv"}}\n');
    await tmp.write('b.json', JSON.stringify(products(25, 30, 'sv'), null, 2));
    await tmp.write('c.yaml', '- Id: y1\n  Name: From YAML\n  ContentType: [Item, Service]\n  Hours: 2.5\n  language_routing: en\n');
    const client = new RecordingClient({ delayMs: 2 });
    const progress: ProgressSnapshot[] = [];
    let t = 0;
    const summary = await pushData({
      ...base,
      client,
      files: ['a.ndjson', 'b.json', 'c.yaml'],
      cwd: tmp.dir,
      config: { ...DATA_CONFIG, batchMaxItems: 4, concurrency: 2 },
      progress: { update: (s) => progress.push({ ...s }), done: (s) => progress.push({ ...s }) },
      now: () => (t += 500),
    });
    expect(summary).toMatchObject({ sourceId: 'shop', status: 'sent', itemsSent: 32, itemsSkipped: 0, itemsNotSent: 0, batches: 8, failedBatches: [] });
    expect(summary.validation).toMatchObject({ files: 3, items: 32, deletes: 1, invalidItems: 0, errors: 0, warnings: 0 });
    expect(summary.bytes).toBe(client.bodies.reduce((n, b) => n + Buffer.byteLength(b), 0));
    expect([summary.seconds, summary.validateSeconds]).toEqual([1, 0.5]);
    expect(client.maxInFlight).toBeLessThanOrEqual(2);
    expect(client.bodies.every((b) => b.split('\n').filter(Boolean).length <= 8)).toBe(true);
    const lines = client.lines();
    expect(lines).toContain('{"delete":{"_id":"old","language_routing":"sv"}}');
    expect(lines).toContain('{"index":{"_id":"y1","language_routing":"en"}}');
    expect(lines).toContain('{"Id":"y1","Name":"From YAML","ContentType":["Item","Service"],"Hours":2.5}');
    expect(lines.filter((l) => l.startsWith('{"index"')).length).toBe(31);
    expect(progress.some((p) => p.phase === 'validate') && progress.at(-1)).toMatchObject({ phase: 'send', items: 32, totalItems: 32 });
  });

  it('sends nothing when any item is invalid, and says where', async () => {
    await tmp.write('a.ndjson', wireLines([product('1'), product('2', 'en', { Quantity: 'many' }), product('3')]));
    const client = new RecordingClient();
    const summary = await pushData({ ...base, client, files: ['a.ndjson'], cwd: tmp.dir });
    expect(summary.status).toBe('invalid');
    expect(client.bodies).toEqual([]);
    expect(summary.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.path}`)).toEqual(['a.ndjson:4 GF_DATA_INVALID_VALUE /Quantity']);
    expect(summary).toMatchObject({ itemsSent: 0, itemsNotSent: 2, batches: 0 });
  });

  it('with skipInvalid sends the valid items and counts the rest', async () => {
    await tmp.write(
      'a.ndjson',
      wireLines([product('1'), product('2', 'en', { _rbac: { a: 1 } }), product('1'), product('3')]) + '{"Name":"stray"}\n' + wireLines([product('4')]),
    );
    const client = new RecordingClient();
    const summary = await pushData({ ...base, skipInvalid: true, client, files: ['a.ndjson'], cwd: tmp.dir });
    expect(summary).toMatchObject({ status: 'sent', itemsSent: 3, itemsSkipped: 3 });
    expect(summary.validation.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual([
      '4 GF_DATA_RBAC_NOT_STRING',
      '6 GF_DATA_DUPLICATE_ID',
      '9 GF_DATA_MISSING_ACTION',
    ]);
    expect(client.lines().filter((l) => l.startsWith('{"index"'))).toEqual(['1', '3', '4'].map((id) => `{"index":{"_id":"${id}","language_routing":"en"}}`));
  });

  it('finds duplicate ids across files and names the first occurrence', async () => {
    await tmp.write('a.ndjson', wireLines([product('1'), product('1', 'sv')]));
    await tmp.write('b.ndjson', wireLines([product('2'), product('1')]));
    const summary = await validateDataFiles({ ...base, files: ['a.ndjson', 'b.ndjson'], cwd: tmp.dir });
    expect(summary.diagnostics).toHaveLength(1);
    expect(summary.diagnostics[0]).toMatchObject({ code: 'GF_DATA_DUPLICATE_ID', file: 'b.ndjson', line: 4 });
    expect(summary.diagnostics[0]?.message).toContain('first at a.ndjson:2');
    expect(summary.invalidItems).toBe(1);
  });

  it('keeps maxErrors diagnostics and counts the others', async () => {
    await tmp.write('a.ndjson', Array.from({ length: 30 }, () => '{"Name":1}').join('\n'));
    const summary = await validateDataFiles({ ...base, maxErrors: 5, files: ['a.ndjson'], cwd: tmp.dir });
    expect(summary).toMatchObject({ errors: 30, omittedErrors: 25, invalidItems: 30 });
    expect(summary.diagnostics.map((d) => d.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports a missing file and sends nothing', async () => {
    await tmp.write('a.ndjson', wireLines([product('1')]));
    const client = new RecordingClient();
    const summary = await pushData({ ...base, client, files: ['a.ndjson', 'missing.ndjson'], cwd: tmp.dir });
    expect(summary.status).toBe('invalid');
    expect(summary.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['missing.ndjson:1 GF_DATA_FILE_NOT_FOUND']);
    expect(client.bodies).toEqual([]);
  });

  it('a dry run cuts batches and sends nothing', async () => {
    await tmp.write('a.ndjson', wireLines(products(0, 10)));
    const client = new RecordingClient();
    const summary = await pushData({ ...base, dryRun: true, config: { ...DATA_CONFIG, batchMaxItems: 3 }, client, files: ['a.ndjson'], cwd: tmp.dir });
    expect(summary).toMatchObject({ status: 'dry-run', itemsSent: 10, batches: 4 });
    expect(client.bodies).toEqual([]);
  });

  it('reports a failed batch with its number and first/last file:line, and stops', async () => {
    await tmp.write('a.ndjson', wireLines(products(0, 10)));
    const client = new RecordingClient({ failOn: [2] });
    const summary = await pushData({ ...base, config: { ...DATA_CONFIG, batchMaxItems: 2, concurrency: 1 }, client, files: ['a.ndjson'], cwd: tmp.dir });
    expect(summary.status).toBe('failed');
    expect(summary.failedBatches).toEqual([
      { batch: 2, items: 2, first: { file: 'a.ndjson', line: 6 }, last: { file: 'a.ndjson', line: 8 }, code: undefined, message: 'push 2 refused' },
    ]);
    expect(summary.itemsSent).toBe(2);
    expect(summary.itemsNotSent).toBe(8);
    expect(client.bodies).toHaveLength(1);
  });

  it('refuses nonsense batch limits', async () => {
    await expect(
      pushData({ ...base, config: { ...DATA_CONFIG, concurrency: 0 }, client: new RecordingClient(), files: [], cwd: tmp.dir }),
    ).rejects.toMatchObject({
      code: 'GF_DATA_INVALID_CONFIG',
    });
  });

  it('refuses to send a file that changed after validation', async () => {
    const file = await tmp.write('a.ndjson', wireLines(products(0, 3)));
    const client = new RecordingClient();
    const changeAfterValidation = {
      update: () => undefined,
      done: (s: ProgressSnapshot) => s.phase === 'validate' && appendFileSync(file, '{"Name":"late"}\n'),
    };
    await expect(pushData({ ...base, client, files: [path.basename(file)], cwd: tmp.dir, progress: changeAfterValidation })).rejects.toMatchObject({
      code: 'GF_DATA_FILE_CHANGED',
    });
    expect(client.bodies).toEqual([]);
  });
});
