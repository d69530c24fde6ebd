import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CACHE_ENTRIES,
  OPERATIONS_CACHE_FILE,
  readOperationsCache,
  writeOperationsCache,
  type CacheEntry,
} from '../../src/workflows/internal/operations-cache.js';
import { checkKey, documentsDigest } from '../../src/workflows/internal/operations-cache-key.js';
import type { CheckInputs } from '../../src/workflows/internal/operations-check-types.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const entry = (key: string): CacheEntry => ({
  key,
  hint: `hint-${key}`,
  outcome: {
    operations: [{ name: 'Q', kind: 'query', file: 'web/q.graphql', line: 1, column: 1, status: 'unaffected', problems: [], changes: [] }],
    extractDiagnostics: [],
    checkDiagnostics: [
      {
        code: 'GF_OPERATIONS_SYNTAX',
        severity: 'error',
        file: 'web/b.graphql',
        line: 2,
        column: 3,
        path: '',
        message: 'web/b.graphql holds GraphQL that does not parse',
      },
    ],
  },
});

describe('the operations cache file', () => {
  it('keeps the newest entries, the one written first, in a file only the user reads, with no temporary file left', async () => {
    const dir = await makeTempDir();
    let entries: CacheEntry[] = [];
    for (const key of ['a', 'b', 'c', 'd', 'e', 'c']) {
      await writeOperationsCache(dir, entry(key), entries);
      entries = await readOperationsCache(dir);
    }
    expect(entries.map((e) => e.key)).toEqual(['c', 'e', 'd', 'b'].slice(0, CACHE_ENTRIES));
    expect(entries[0]).toEqual(entry('c'));
    const file = path.join(dir, OPERATIONS_CACHE_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(['operations.json']);
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{"format": "graphform-operations-cache/1", "entr'],
    ['of another format', JSON.stringify({ format: 'graphform-operations-cache/0', entries: [entry('a')] })],
    [
      'with entries of the wrong shape',
      JSON.stringify({ format: 'graphform-operations-cache/1', entries: [{ key: 'a', hint: 'h', outcome: { operations: [{ name: 1 }] } }] }),
    ],
  ])('a file %s gives no entry, and no error', async (_, text) => {
    const dir = await makeTempDir();
    if (text !== undefined) {
      await mkdir(path.join(dir, path.dirname(OPERATIONS_CACHE_FILE)), { recursive: true });
      await writeFile(path.join(dir, OPERATIONS_CACHE_FILE), text);
    }
    expect(await readOperationsCache(dir)).toEqual([]);
  });

  it('a folder that cannot be written leaves the cache unwritten, and no error', async () => {
    const dir = await makeTempDir();
    // A file where the cache's folder would be: the write cannot make it.
    await writeFile(path.join(dir, '.graphform'), 'not a folder');
    await expect(writeOperationsCache(dir, entry('a'), [])).resolves.toBeUndefined();
    expect(await readFile(path.join(dir, '.graphform'), 'utf8')).toBe('not a folder');
  });
});

describe('the cache key', () => {
  const inputs: CheckInputs = { before: undefined, after: [], optional: ['cms'], itemFields: [] };
  const texts = [{ file: 'web/q.graphql', text: 'query Q { a }' }];

  it('changes with each document name and content, the versions, and each schema input', () => {
    const digest = documentsDigest('graphform@1', texts);
    const key = checkKey(digest, inputs);
    expect(checkKey(documentsDigest('graphform@1', texts), { ...inputs, optional: ['cms'] })).toBe(key);
    const others = [
      checkKey(documentsDigest('graphform@2', texts), inputs),
      checkKey(documentsDigest('graphform@1', [{ file: 'web/r.graphql', text: 'query Q { a }' }]), inputs),
      checkKey(documentsDigest('graphform@1', [{ file: 'web/q.graphql', text: 'query Q { b }' }]), inputs),
      checkKey(documentsDigest('graphform@1', [...texts, { file: 'web/r.graphql', text: '' }]), inputs),
      checkKey(digest, { ...inputs, before: [] }),
      checkKey(digest, { ...inputs, optional: [] }),
      checkKey(digest, { ...inputs, itemFields: ['Status'] }),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});
