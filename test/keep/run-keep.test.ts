import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKeep, type KeepRunInput } from '../../src/keep/run-keep.js';
import { snapshotHash } from '../../src/keep/snapshot-file.js';
import { GraphformError } from '../../src/diagnostics/errors.js';
import type { ContentEndpoint } from '../../src/graph/content-query.js';
import type { SourceDeclaration } from '../../src/model/types.js';
import { doubleItems, startExportDouble, type PageScript } from '../helpers/export-double.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const DECLARATION: SourceDeclaration = {
  id: 'news',
  file: 'news.yaml',
  data: [],
  keep: { enabled: true, defaults: { _rbac: 'r:Everyone:Read' } },
  definition: { languages: ['en'], contentTypes: { Note: { contentType: [], properties: { Title: { type: 'String' } } } } },
};

const TWO_PAGES: PageScript = ({ nth }) => ({
  total: 150,
  cursor: `c${nth + 1}`,
  items: nth === 0 ? doubleItems('n', 0, 100, 'Note') : doubleItems('n', 100, 150, 'Note'),
});

function input(endpoint: ContentEndpoint, file: string, root: string): KeepRunInput {
  return {
    endpoint,
    before: DECLARATION.definition,
    declaration: DECLARATION,
    dataKeys: new Set(),
    enabled: true,
    snapshot: { file, root },
    options: { source: 'news' },
  };
}

async function refusal(run: Promise<unknown>): Promise<GraphformError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GraphformError)) throw new Error(`expected the keep step to be refused, got ${String(error)}`);
  return error;
}

describe('runKeep writes its snapshot only where the push will read it', () => {
  it('writes the 150 items read back inside the project', async () => {
    const root = await makeTempDir();
    const double = await startExportDouble(TWO_PAGES);
    const file = path.join(root, '.graphform/snapshots/local/news-1.ndjson');
    const run = await runKeep(input(double.endpoint, file, root));
    expect(run.snapshot).toMatchObject({ path: file, items: 150 });
  });

  it("writes a snapshot of several of the writer's 256 KiB chunks whole, with the hash and size of its bytes", async () => {
    // Every other fixture's snapshot fits in one chunk: a chunk lost or hashed twice would go unseen.
    const root = await makeTempDir();
    const pages = 12;
    const double = await startExportDouble(({ nth }) => ({
      total: pages * 100,
      cursor: `c${nth + 1}`,
      items: nth < pages ? doubleItems('n', nth * 100, nth * 100 + 100, 'Note').map((item) => ({ ...(item as object), Title: 'x'.repeat(400) })) : [],
    }));
    const file = path.join(root, '.graphform/snapshots/local/news-1.ndjson');
    const run = await runKeep(input(double.endpoint, file, root));
    const bytes = await readFile(file);
    expect(bytes.length, 'the snapshot spans several chunks').toBeGreaterThan(2 * 256 * 1024);
    expect(run.snapshot).toEqual({ path: file, items: pages * 100, bytes: bytes.length, hash: await snapshotHash(file) });
    const lines = bytes.toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(2 * pages * 100);
    expect(new Set(lines.filter((_, i) => i % 2 === 0).map((l) => (JSON.parse(l) as { index: { _id: string } }).index._id)).size).toBe(pages * 100);
  });

  it('refuses a snapshot folder that is a link out of the project, writing nothing there', async () => {
    const root = await makeTempDir();
    const elsewhere = await makeTempDir();
    await mkdir(path.join(root, '.graphform'));
    await symlink(elsewhere, path.join(root, '.graphform/snapshots'));
    const double = await startExportDouble(TWO_PAGES);
    const error = await refusal(runKeep(input(double.endpoint, path.join(root, '.graphform/snapshots/local/news-1.ndjson'), root)));
    expect(error.code).toBe('GF_KEEP_SNAPSHOT_OUTSIDE_PROJECT');
    expect(error.message).toContain(
      `the snapshot folder ${path.join('.graphform', 'snapshots', 'local')} of source news leads to ${path.join(elsewhere, 'local')}, outside the project folder`,
    );
    expect(error.hint).toMatch(/^Remove the link/);
    expect(await readdir(elsewhere), 'nothing is made outside the project').toEqual([]);
  });

  it('leaves no snapshot, whole or partial, when the read repeats a page', async () => {
    const root = await makeTempDir();
    const double = await startExportDouble(({ nth }) => ({
      total: 150,
      cursor: 'again',
      items: nth === 0 ? doubleItems('n', 0, 100, 'Note') : doubleItems('n', 0, 50, 'Note'),
    }));
    const folder = path.join(root, '.graphform/snapshots/local');
    const error = await refusal(runKeep(input(double.endpoint, path.join(folder, 'news-1.ndjson'), root)));
    expect(error.code).toBe('GF_KEEP_EXPORT_DUPLICATE');
    expect(await readdir(folder)).toEqual([]);
  });
});
