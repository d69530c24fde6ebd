import { spawnSync } from 'node:child_process';
import { closeSync, readSync } from 'node:fs';
import { mkdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/fs/atomic-file.js';
import { readWholeFile, type WholeFile } from '../../src/fs/read-whole-file.js';
import { openRegularFileSync } from '../../src/fs/regular-file-sync.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const NAMED: Omit<WholeFile, 'shown'> = { maxBytes: 1024, code: 'GF_PLAN_FILE_UNREADABLE', hint: 'Do the thing.' };

async function fifoIn(dir: string): Promise<string> {
  const file = path.join(dir, 'pipe');
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
  return file;
}

describe('readWholeFile', () => {
  it('reads a regular file, and says undefined for none', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'a.json'), '{"a": 1}');
    expect((await readWholeFile(path.join(dir, 'a.json'), { shown: 'The file', ...NAMED }))?.toString('utf8')).toBe('{"a": 1}');
    expect(await readWholeFile(path.join(dir, 'none.json'), { shown: 'The file', ...NAMED })).toBeUndefined();
  });

  it('refuses a FIFO, a folder and a link to nothing with GF_NOT_A_FILE, naming the file as the caller does', async () => {
    const dir = await makeTempDir();
    const fifo = await rejection(readWholeFile(await fifoIn(dir), { shown: 'The plan file pf.json', ...NAMED }));
    expect(fifo).toMatchObject({ code: 'GF_NOT_A_FILE', hint: 'Do the thing.' });
    expect(fifo.message).toBe(
      'The plan file pf.json is a FIFO (named pipe), not a regular file: graphform reads only regular files, so replace it with the file itself.',
    );
    await mkdir(path.join(dir, 'folder'));
    expect((await rejection(readWholeFile(path.join(dir, 'folder'), { shown: 'It', ...NAMED }))).message).toContain('It is a folder, not a regular file');
    await symlink(path.join(dir, 'gone'), path.join(dir, 'link'));
    expect((await rejection(readWholeFile(path.join(dir, 'link'), { shown: 'It', ...NAMED }))).code).toBe('GF_NOT_A_FILE');
  });

  it("refuses a file larger than the limit with the caller's code, unread", async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'big'), '');
    await truncate(path.join(dir, 'big'), 4096);
    const error = await rejection(readWholeFile(path.join(dir, 'big'), { shown: 'The file big', ...NAMED }));
    expect(error.code).toBe('GF_PLAN_FILE_UNREADABLE');
    expect(error.message).toBe('The file big is larger than 1 KiB, more than it can hold; it was not read.');
  });
});

describe('openRegularFileSync', () => {
  it('opens a regular file, and refuses a FIFO without waiting for a writer', async () => {
    const dir = await makeTempDir();
    await writeFile(path.join(dir, 'a'), 'abc');
    const opened = openRegularFileSync(path.join(dir, 'a'));
    if (!opened.ok) throw new Error(JSON.stringify(opened.refusal));
    const buffer = Buffer.alloc(3);
    readSync(opened.fd, buffer);
    closeSync(opened.fd);
    expect(buffer.toString()).toBe('abc');
    expect(openRegularFileSync(await fifoIn(dir))).toEqual({ ok: false, refusal: { kind: 'not-a-file', what: 'a FIFO (named pipe)' } });
    expect(openRegularFileSync(path.join(dir, 'none'))).toEqual({ ok: false, refusal: { kind: 'missing' } });
  });
});

describe('appendLines', () => {
  it('appends to a regular file, and fails at once on a FIFO instead of waiting for a reader', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'journal');
    await appendLines(file, ['a\n']);
    await appendLines(file, ['b\n']);
    expect(await readFile(file, 'utf8')).toBe('a\nb\n');
    await expect(appendLines(await fifoIn(dir), ['c\n'])).rejects.toMatchObject({ code: 'ENXIO' });
  });
});
