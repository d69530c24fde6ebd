import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockingFileCalls, OPEN_FOR_READING, promiseFileCalls, type FileCalls } from '../../src/fs/file-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** What a call gives, or the code it fails with: the two sets of calls must agree on both. */
async function outcome<T>(call: () => Promise<T>, shown: (value: T) => unknown): Promise<unknown> {
  try {
    return shown(await call());
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code };
  }
}

async function answers(calls: FileCalls, dir: string): Promise<Record<string, unknown>> {
  const at = (name: string): string => path.join(dir, name);
  const kind = (info: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): string =>
    info.isSymbolicLink() ? 'link' : info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  const read = async (name: string): Promise<string> => {
    const file = await calls.open(at(name), OPEN_FOR_READING);
    try {
      const buffer = Buffer.alloc(8);
      const first = await file.read(buffer, 0, 2, null);
      const rest = await file.read(buffer, first.bytesRead, 6, null);
      return `${kind(await file.stat())} ${buffer.subarray(0, first.bytesRead + rest.bytesRead).toString()}`;
    } finally {
      await file.close();
      // A second close is harmless, as a FileHandle's is.
      await file.close();
    }
  };
  return {
    lstatLink: await outcome(() => calls.lstat(at('link')), kind),
    statLink: await outcome(() => calls.stat(at('link')), kind),
    lstatMissing: await outcome(() => calls.lstat(at('none')), kind),
    statDangling: await outcome(() => calls.stat(at('dangling')), kind),
    realpathLink: await outcome(
      () => calls.realpath(at('link')),
      (real) => path.basename(real),
    ),
    realpathDangling: await outcome(() => calls.realpath(at('dangling')), String),
    realpathThroughFile: await outcome(() => calls.realpath(at('a.txt/x')), String),
    readlinkLink: await outcome(() => calls.readlink(at('link')), String),
    readlinkFile: await outcome(() => calls.readlink(at('a.txt')), String),
    readdir: await outcome(
      () => calls.readdir(dir),
      (entries) => entries.map((entry) => `${entry.name}:${kind(entry)}`).sort(),
    ),
    readdirFile: await outcome(() => calls.readdir(at('a.txt')), String),
    readFile: await outcome(() => read('a.txt'), String),
    openMissing: await outcome(() => calls.open(at('none'), OPEN_FOR_READING), String),
  };
}

describe('blockingFileCalls', () => {
  it('answers every call as the fs/promises calls do, and fails with the same codes', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'a.txt'), 'abcdef');
    await mkdir(path.join(dir, 'sub'));
    await symlink('a.txt', path.join(dir, 'link'));
    await symlink('gone', path.join(dir, 'dangling'));
    const blocking = await answers(blockingFileCalls, dir);
    expect(blocking).toEqual(await answers(promiseFileCalls, dir));
    // And what they agree on is the file system's answer, not two copies of one failure.
    expect(blocking).toMatchObject({
      lstatLink: 'link',
      statLink: 'file',
      lstatMissing: { code: 'ENOENT' },
      realpathLink: 'a.txt',
      realpathThroughFile: { code: 'ENOTDIR' },
      readlinkFile: { code: 'EINVAL' },
      readdirFile: { code: 'ENOTDIR' },
      readFile: 'file abcdef',
      openMissing: { code: 'ENOENT' },
    });
  });

  it('fails as a rejected promise, never a throw', () => {
    const failed = blockingFileCalls.lstat('/nonexistent/graphform-file-calls');
    expect(failed).toBeInstanceOf(Promise);
    return expect(failed).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
