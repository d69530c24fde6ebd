import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateDataFiles } from '../../../src/data/push/push-data.js';
import type { ValidationSummary } from '../../../src/data/types.js';
import { assertFreshBuild, runBuilt } from '../../helpers/built-binary.js';
import { graphClientFor, startTestEmulator } from '../../helpers/emulator.js';
import { graphProject } from '../../helpers/graph-project.js';
import { DATA_CONFIG, shopDeclaration, wireLines } from '../fixtures.js';
import { expectedCounts, generatedItem, writeWireFile } from './generate.js';

/**
 * The built binary with the validation pass on worker threads (GRAPHFORM_WORKERS_FROM_MIB=1:
 * from 1 MiB of NDJSON instead of 64): the diagnostics are those of the pass in-process
 * (on this thread alone, for files this small), locations and order included, and a push
 * sends every item exactly once.
 */
const ITEMS = 32_000;

function graphform(dir: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runBuilt(dir, args, env);
}

describe('data push with worker threads (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('reports what the in-process pass reports, and pushes every item once', async () => {
    const emulator = await startTestEmulator();
    const declaration = shopDeclaration();
    await graphClientFor(emulator).putTypes('shop', declaration.definition);
    const source = JSON.stringify({ id: 'shop', ...declaration.definition, data: ['data/items.ndjson'] });
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': source });
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret, GRAPHFORM_WORKERS_FROM_MIB: '1' };
    const data = path.join(project.dir, 'content-sources/data');
    await mkdir(data, { recursive: true });
    await writeWireFile(path.join(data, 'items.ndjson'), ITEMS);

    // A second file with problems spread through it: bad values, a duplicate, a stray data line.
    await writeWireFile(path.join(data, 'bad.ndjson'), ITEMS, (i) => (i % 4_999 === 7 ? { ...generatedItem(i), Price: 'cheap' } : generatedItem(i)));
    await appendFile(path.join(data, 'bad.ndjson'), `${wireLines([generatedItem(3)])}{"Name":"stray"}\n`);
    const validated = await graphform(project.dir, env, 'data', 'validate', 'shop', 'content-sources/data/bad.ndjson', '--format', 'json', '--max-errors', '5');
    expect(validated.code, validated.stderr).toBe(1);
    const inProcess = await validateDataFiles({ declaration, files: ['content-sources/data/bad.ndjson'], config: DATA_CONFIG, maxErrors: 5, cwd: project.dir });
    const { sourceId, ...binary } = JSON.parse(validated.stdout) as ValidationSummary & { sourceId: string };
    expect(sourceId).toBe('shop');
    expect(binary).toEqual(inProcess);
    // Items 7, 5006, 15004, 20003 and 25002 (then 30001, the duplicate and the stray line, counted); 10005 is a Service: a warning.
    expect(binary.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual([
      '16 GF_DATA_INVALID_VALUE',
      '10014 GF_DATA_INVALID_VALUE',
      '20012 GF_DATA_UNDECLARED_FIELD',
      '30010 GF_DATA_INVALID_VALUE',
      '40008 GF_DATA_INVALID_VALUE',
      '50006 GF_DATA_INVALID_VALUE',
    ]);
    expect(binary).toMatchObject({ errors: 8, omittedErrors: 3, warnings: 1 });

    // The declared (clean) file: every item stored, once.
    const pushed = await graphform(project.dir, env, 'data', 'push', 'shop', '--format', 'json');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ status: 'sent', itemsSent: ITEMS, failedBatches: [] });
    expect(emulator.inspect.counts('shop')).toEqual({ total: ITEMS, ...expectedCounts(ITEMS) });
  }, 120_000);
});
