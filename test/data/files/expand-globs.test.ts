import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataFiles } from '../../../src/data/files/declared-files.js';
import { expandGlobs } from '../../../src/data/files/expand-globs.js';
import { blockingFileCalls, promiseFileCalls, type FileCalls } from '../../../src/fs/file-calls.js';
import { shopDeclaration, tempDir, type TempDir } from '../fixtures.js';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
  for (const file of [
    'cs/data/shop/a.ndjson',
    'cs/data/shop/b.ndjson',
    'cs/data/shop/notes.txt',
    'cs/data/shop/old/c.ndjson',
    'cs/data/blog/posts.yaml',
    'cs/data/.cache/x.ndjson',
  ]) {
    await tmp.write(file, '');
  }
});
afterAll(async () => tmp.remove());

const rel = (files: readonly string[]): string[] => files.map((f) => path.relative(tmp.dir, f).split(path.sep).join('/'));

/** The walk must find the same files whether its calls wait on the thread pool or block. */
const CALLS: [string, FileCalls][] = [
  ['fs/promises calls', promiseFileCalls],
  ['blocking calls', blockingFileCalls],
];

describe.each(CALLS)('expandGlobs with %s', (_calls, calls) => {
  it.each<[string[], string[]]>([
    [['cs/data/shop/*.ndjson'], ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson']],
    [['cs/data/**/*.ndjson'], ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson', 'cs/data/shop/old/c.ndjson']],
    [['cs/data/*/?.ndjson'], ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson']],
    [
      ['cs/data/shop/a.ndjson', 'cs/data/shop/*.ndjson'],
      ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson'],
    ],
    [
      ['cs/data/**/*.yaml', 'cs/data/shop/b.ndjson'],
      ['cs/data/blog/posts.yaml', 'cs/data/shop/b.ndjson'],
    ],
    // Braces and classes, within a segment and as a folder.
    [['cs/data/shop/*.{ndjson,txt}'], ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson', 'cs/data/shop/notes.txt']],
    [['cs/data/{shop,blog}/*.{ndjson,yaml}'], ['cs/data/blog/posts.yaml', 'cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson']],
    [['cs/data/shop/[a].ndjson'], ['cs/data/shop/a.ndjson']],
    [['cs/data/**/*.{ndjson,json}'], ['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson', 'cs/data/shop/old/c.ndjson']],
    // An unclosed class is still a pattern (that matches nothing), not a missing literal file.
    [['cs/data/shop/[*.ndjson'], []],
  ])('%j', async (patterns, expected) => {
    expect(rel((await expandGlobs(patterns, tmp.dir, undefined, calls)).files)).toEqual(expected);
  });

  it('keeps a literal path even when missing, and lists globs that match nothing', async () => {
    const result = await expandGlobs(['cs/none.ndjson', 'cs/*.json'], tmp.dir, undefined, calls);
    expect(rel(result.files)).toEqual(['cs/none.ndjson']);
    expect(result.unmatched).toEqual(['cs/*.json']);
  });

  it('matches a FIFO and a dangling link (for the reader to refuse by name), but not a folder or a link to one', async () => {
    const odd = await tempDir();
    try {
      await odd.write('x/file.ndjson', '');
      execFileSync('mkfifo', [path.join(odd.dir, 'x/pipe.ndjson')]);
      await symlink('gone.ndjson', path.join(odd.dir, 'x/dangling.ndjson'));
      await mkdir(path.join(odd.dir, 'x/folder.ndjson'));
      await symlink('folder.ndjson', path.join(odd.dir, 'x/to-folder.ndjson'));
      const result = await expandGlobs(['x/*.ndjson', 'x/folder.ndjson/**', 'x/pipe.ndjson/*'], odd.dir, undefined, calls);
      expect(result.files.map((f) => path.relative(odd.dir, f))).toEqual(['x/dangling.ndjson', 'x/file.ndjson', 'x/pipe.ndjson']);
      expect(result.unmatched).toEqual(['x/folder.ndjson/**', 'x/pipe.ndjson/*']);
    } finally {
      await odd.remove();
    }
  });
});

describe.each(CALLS)('expandGlobs with hostile patterns and %s', (_calls, calls) => {
  // The recursive walk took 73 s over this tree, then overflowed the stack gathering duplicates.
  it('walks twenty globstars over a folder six deep once per folder', async () => {
    const deep = await tempDir();
    try {
      await deep.write(`${'d/'.repeat(6)}x.ndjson`, '');
      await deep.write('d/d/y.ndjson', '');
      const result = await expandGlobs([`${'**/'.repeat(20)}*.ndjson`, `${'**/d/'.repeat(3)}**/*.ndjson`], deep.dir, undefined, calls);
      expect(result.files.map((f) => path.relative(deep.dir, f).split(path.sep).join('/'))).toEqual(['d/d/d/d/d/d/x.ndjson', 'd/d/y.ndjson']);
    } finally {
      await deep.remove();
    }
  });

  it('matches thirty stars against a name of 200 characters', async () => {
    const long = await tempDir();
    try {
      await long.write(`data/${'a'.repeat(200)}`, '');
      await long.write(`data/${'a'.repeat(100)}c.ndjson`, '');
      const result = await expandGlobs([`data/${'*a'.repeat(30)}c.ndjson`], long.dir, undefined, calls);
      expect(result.files).toEqual([path.join(long.dir, 'data', `${'a'.repeat(100)}c.ndjson`)]);
    } finally {
      await long.remove();
    }
  });

  it('refuses a pattern given whose braces expand past the limit, with its code', async () => {
    await expect(expandGlobs([`cs/${'{a,b}'.repeat(7)}.ndjson`], tmp.dir, undefined, calls)).rejects.toMatchObject({
      code: 'GF_DATA_PATTERN_TOO_COMPLEX',
      message: expect.stringContaining('to more than 64 alternatives; list fewer, or split it into several patterns') as unknown,
    });
  });
});

describe('resolveDataFiles', () => {
  it("takes the declaration's data: globs relative to its file's folder", async () => {
    const declaration = shopDeclaration({ file: 'cs/shop.yaml', data: ['data/shop/*.ndjson', 'data/none/*.ndjson'] });
    const result = await resolveDataFiles(declaration, { cwd: tmp.dir, root: tmp.dir });
    expect(rel(result.files)).toEqual(['cs/data/shop/a.ndjson', 'cs/data/shop/b.ndjson']);
    expect(result.issues.map((d) => `${d.file} ${d.code} ${d.severity}`)).toEqual(['cs/shop.yaml GF_DATA_NO_FILES_MATCHED warning']);
  });

  it('prefers the files given, relative to cwd', async () => {
    const declaration = shopDeclaration({ file: 'cs/shop.yaml', data: ['data/shop/*.ndjson'] });
    expect(rel((await resolveDataFiles(declaration, { cwd: path.join(tmp.dir, 'cs'), root: tmp.dir }, ['data/blog/*.yaml'])).files)).toEqual([
      'cs/data/blog/posts.yaml',
    ]);
  });
});
