import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockingFileCalls, promiseFileCalls, type FileCalls } from '../../src/fs/file-calls.js';
import { readRegularFile, type RegularFileRead } from '../../src/fs/read-regular-file.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const brief = (read: RegularFileRead): string => {
  if (read.ok) return `ok ${read.bytes.toString('utf8')}`;
  return 'tooLarge' in read ? `too large for ${read.limit}` : JSON.stringify(read.refusal);
};

describe.each<[string, FileCalls]>([
  ['fs/promises calls', promiseFileCalls],
  ['blocking calls', blockingFileCalls],
])('readRegularFile with %s', (_calls, calls) => {
  it.each<[string, (dir: string) => Promise<string>, string]>([
    ['a regular file', async (dir) => (await writeFile(path.join(dir, 'a'), 'abc'), 'a'), 'ok abc'],
    ['a file exactly at the limit', async (dir) => (await writeFile(path.join(dir, 'a'), 'x'.repeat(16)), 'a'), `ok ${'x'.repeat(16)}`],
    ['an empty file', async (dir) => (await writeFile(path.join(dir, 'a'), ''), 'a'), 'ok '],
    ['a link to a file', async (dir) => (await writeFile(path.join(dir, 'a'), 'abc'), await symlink('a', path.join(dir, 'l')), 'l'), 'ok abc'],
    ['a file over the limit', async (dir) => (await writeFile(path.join(dir, 'a'), ''), await truncate(path.join(dir, 'a'), 17), 'a'), 'too large for 16'],
    ['a FIFO', async (dir) => (execFileSync('mkfifo', [path.join(dir, 'p')]), 'p'), '{"kind":"not-a-file","what":"a FIFO (named pipe)"}'],
    ['a folder', async (dir) => (await mkdir(path.join(dir, 'd')), 'd'), '{"kind":"not-a-file","what":"a folder"}'],
    ['a dangling link', async (dir) => (await symlink('gone', path.join(dir, 'l')), 'l'), '{"kind":"dangling-link","target":"gone"}'],
    ['a missing file', async () => 'none', '{"kind":"missing"}'],
    ['a path through a file', async (dir) => (await writeFile(path.join(dir, 'a'), 'abc'), 'a/b'), '{"kind":"missing"}'],
  ])('%s', async (_name, make, expected) => {
    const dir = await makeTempDir();
    expect(brief(await readRegularFile(path.join(dir, await make(dir)), 16, calls))).toBe(expected);
  });
});
