import { execFileSync } from 'node:child_process';
import { mkdir, open, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockingFileCalls, promiseFileCalls, type FileCalls, type OpenedFile } from '../../src/fs/file-calls.js';
import { inspectFile, isWithin, openRegularFile, projectRoot, readAtMost, refusalMessage, type InspectedFile } from '../../src/fs/project-file.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** A project folder and a folder beside it, outside the project. */
async function layout(): Promise<{ project: string; outside: string }> {
  const base = await makeTempDir('graphform-project-file-');
  const project = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(project, 'cs'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(project, 'cs', 'shop.yaml'), 'id: shop\n');
  await writeFile(path.join(outside, 'secret.yaml'), 'SECRET=canary-9f8e7d\n');
  return { project, outside };
}

const brief = (inspected: InspectedFile): string => (inspected.ok ? `ok ${inspected.size}` : inspected.refusal.kind);

/** Every refusal must come out the same whether the calls wait on the thread pool or block. */
const CALLS: [string, FileCalls][] = [
  ['fs/promises calls', promiseFileCalls],
  ['blocking calls', blockingFileCalls],
];

describe.each(CALLS)('inspectFile with %s', (_calls, calls) => {
  it.each([
    ['a regular file', async () => 'cs/shop.yaml', 'ok 9'],
    [
      'a link to a file inside the project',
      async (p: string) => (await symlink(path.join(p, 'cs/shop.yaml'), path.join(p, 'cs/link.yaml')), 'cs/link.yaml'),
      'ok 9',
    ],
    [
      'a link to a file outside the project',
      async (p: string, o: string) => (await symlink(path.join(o, 'secret.yaml'), path.join(p, 'cs/out.yaml')), 'cs/out.yaml'),
      'outside',
    ],
    ['a link to /proc/self/environ', async (p: string) => (await symlink('/proc/self/environ', path.join(p, 'cs/env.yaml')), 'cs/env.yaml'), 'outside'],
    ['a link to /dev/zero', async (p: string) => (await symlink('/dev/zero', path.join(p, 'cs/zero.yaml')), 'cs/zero.yaml'), 'outside'],
    ['a path leaving the project with ..', async () => '../outside/secret.yaml', 'outside'],
    ['a dangling link', async (p: string) => (await symlink('nothing.yaml', path.join(p, 'cs/gone.yaml')), 'cs/gone.yaml'), 'dangling-link'],
    ['a FIFO', async (p: string) => (execFileSync('mkfifo', [path.join(p, 'cs/pipe.yaml')]), 'cs/pipe.yaml'), 'not-a-file'],
    ['a folder', async (p: string) => (await mkdir(path.join(p, 'cs/dir.yaml')), 'cs/dir.yaml'), 'not-a-file'],
    ['a missing file', async () => 'cs/none.yaml', 'missing'],
  ])('%s', async (_name, make, expected) => {
    const { project, outside } = await layout();
    const relative = await make(project, outside);
    expect(brief(await inspectFile(path.resolve(project, relative), await projectRoot(project, calls), calls))).toBe(expected);
  });

  it('reads anything regular anywhere when no project root is given (files named on the command line)', async () => {
    const { outside } = await layout();
    expect(brief(await inspectFile(path.join(outside, 'secret.yaml'), undefined, calls))).toBe('ok 21');
    expect(brief(await inspectFile('/dev/zero', undefined, calls))).toBe('not-a-file');
  });

  it('compares resolved paths, so a project reached through a linked folder still holds its files', async () => {
    const { project } = await layout();
    const alias = `${project}-alias`;
    await symlink(project, alias);
    expect(brief(await inspectFile(path.join(alias, 'cs/shop.yaml'), await projectRoot(alias, calls), calls))).toBe('ok 9');
  });

  it('names the file and where it points, never what it holds', async () => {
    const { project, outside } = await layout();
    await symlink(path.join(outside, 'secret.yaml'), path.join(project, 'cs/out.yaml'));
    const inspected = await inspectFile(path.join(project, 'cs/out.yaml'), await projectRoot(project, calls), calls);
    expect(inspected.ok).toBe(false);
    if (inspected.ok) return;
    const message = refusalMessage('cs/out.yaml', inspected.refusal);
    expect(message).toContain('cs/out.yaml is a symbolic link to');
    expect(message).toContain(path.join(outside, 'secret.yaml'));
    expect(message).not.toContain('canary');
  });
});

describe('isWithin', () => {
  it.each([
    ['/p', '/p', true],
    ['/p', '/p/a/b', true],
    ['/p', '/p/..data', true],
    ['/p', '/pq', false],
    ['/p', '/', false],
    ['/p/a', '/p/b', false],
  ])('%s holds %s: %s', (root, target, expected) => {
    expect(isWithin(root, target)).toBe(expected);
  });
});

describe.each(CALLS)('openRegularFile with %s', (_calls, calls) => {
  it('opens a FIFO without blocking and refuses it', async () => {
    const dir = await makeTempDir();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(await openRegularFile(fifo, calls)).toBeUndefined();
  });

  it('opens a regular file and gives its size; a missing one is a rejection with ENOENT', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'f'), 'abc');
    const opened = await openRegularFile(path.join(dir, 'f'), calls);
    if (opened === undefined) throw new Error('a regular file was refused');
    try {
      expect(opened.size).toBe(3);
      expect((await readAtMost(opened.handle, 10, opened.size))?.toString()).toBe('abc');
    } finally {
      await opened.handle.close();
    }
    await expect(openRegularFile(path.join(dir, 'none'), calls)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('readAtMost', () => {
  it('reads up to the limit and says when there is more, however large the file claims to be', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'f');
    await writeFile(file, 'x'.repeat(100));
    for (const [max, expected] of [
      [100, 100],
      [99, undefined],
      [1000, 100],
    ] as const) {
      const handle = await open(file);
      try {
        expect((await readAtMost(handle, max, 1))?.length).toBe(expected);
      } finally {
        await handle.close();
      }
    }
  });

  it('reads a file of the size given in one call, and the whole file however the size given or the reads fall short', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'f');
    const text = 'abcdefghij'.repeat(10);
    await writeFile(file, text);
    /** The file, opened, its reads counted and each given at most `most` bytes (as a network file system may). */
    const reads = async (expected: number, most: number): Promise<[string | undefined, number]> => {
      const handle = await open(file);
      let count = 0;
      const short: OpenedFile = {
        stat: () => handle.stat(),
        read: (buffer, offset, length, position) => (count++, handle.read(buffer, offset, Math.min(length, most), position)),
        close: () => handle.close(),
      };
      try {
        return [(await readAtMost(short, 1000, expected))?.toString(), count];
      } finally {
        await handle.close();
      }
    };
    expect(await reads(100, 1000)).toEqual([text, 1]);
    // The file is longer than said: the buffer doubles (11, 22, 44, 88, 176 bytes) and the reads go on to the end.
    expect(await reads(10, 1000)).toEqual([text, 5]);
    // Shorter than said (it shrank): a read that gives nothing is the end.
    expect(await reads(150, 1000)).toEqual([text, 2]);
    // Reads that give less than asked before the size is reached are not taken for the end.
    expect(await reads(100, 7)).toEqual([text, 15]);
  });
});
