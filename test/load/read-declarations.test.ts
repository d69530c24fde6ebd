import { execFileSync } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludeDataFiles } from '../../src/load/exclude-data-files.js';
import type { ParsedDeclarationFile } from '../../src/load/parse.js';
import { MAX_DECLARATION_BYTES, readDeclarationFiles } from '../../src/load/read-declarations.js';
import { DECLARATION_FILE_CODES } from '../../src/validate/codes.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

const CANARY = 'canary-9f8e7d';
const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Item:\n    contentType: []\n    properties:\n      Name: { type: String }\n';

/** A project with one good declaration, and a folder beside it holding a secret. */
async function project(): Promise<{ dir: string; outside: string }> {
  const base = await makeTempDir('graphform-read-decl-');
  const dir = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  await writeFiles(dir, { 'content-sources/shop.yaml': SHOP });
  await writeFiles(outside, { 'secret.yaml': `id: leak\nlabel: ${CANARY}\n` });
  return { dir, outside };
}

async function read(dir: string): Promise<ParsedDeclarationFile[]> {
  return readDeclarationFiles(path.join(dir, 'content-sources'), dir, dir);
}

const brief = (files: readonly ParsedDeclarationFile[]): string[] =>
  files.flatMap((f) => f.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.path}`.trimEnd()));

describe("readDeclarationFiles refuses files that are not the project's own regular files", () => {
  it.each([
    ['a link to /proc/self/environ', (_dir: string) => '/proc/self/environ', 'GF_OUTSIDE_PROJECT', 'is a symbolic link to /proc/self/environ (/proc/'],
    ['a link to /dev/zero', () => '/dev/zero', 'GF_OUTSIDE_PROJECT', 'is a symbolic link to /dev/zero, outside the project folder'],
    [
      'a link to a file outside the project',
      (_dir: string, outside: string) => path.join(outside, 'secret.yaml'),
      'GF_OUTSIDE_PROJECT',
      'secret.yaml, outside the project folder',
    ],
    ['a dangling link', () => 'nothing-here.yaml', 'GF_NOT_A_FILE', 'is a symbolic link to nothing-here.yaml, which does not exist'],
  ])('%s', async (_name, target, code, message) => {
    const { dir, outside } = await project();
    await symlink(target(dir, outside), path.join(dir, 'content-sources', 'a.yaml'));
    const files = await read(dir);
    expect(brief(files)).toEqual([`content-sources/a.yaml:1:1 ${code}`]);
    const refused = files.find((f) => f.file === 'content-sources/a.yaml');
    expect(refused?.diagnostics[0]?.message).toContain(message);
    expect(refused?.value).toBeUndefined();
    expect(refused?.text).toBe('');
    expect(JSON.stringify(files)).not.toContain(CANARY);
    expect(JSON.stringify(files)).not.toContain('PATH=');
  });

  it('a FIFO, without opening it (it would block)', async () => {
    const { dir } = await project();
    execFileSync('mkfifo', [path.join(dir, 'content-sources', 'pipe.yaml')]);
    const files = await read(dir);
    expect(brief(files)).toEqual(['content-sources/pipe.yaml:1:1 GF_NOT_A_FILE']);
    expect(files[0]?.diagnostics[0]?.message).toContain('is a FIFO (named pipe), not a regular file');
  });

  it('follows a link to a file inside the project', async () => {
    const { dir } = await project();
    await writeFiles(dir, { 'shared/blog.yaml': 'id: blog\n' });
    await symlink(path.join(dir, 'shared/blog.yaml'), path.join(dir, 'content-sources', 'blog.yaml'));
    const files = await read(dir);
    expect(brief(files)).toEqual([]);
    expect(files.map((f) => f.value)).toContainEqual({ id: 'blog' });
  });

  it('refuses a declarations folder outside the project, or linked out of it', async () => {
    const { dir, outside } = await project();
    await expect(readDeclarationFiles(outside, dir, dir)).rejects.toMatchObject({ code: 'GF_SOURCES_DIR_OUTSIDE_PROJECT' });
    await symlink(outside, path.join(dir, 'linked'));
    await expect(readDeclarationFiles(path.join(dir, 'linked'), dir, dir)).rejects.toMatchObject({
      code: 'GF_SOURCES_DIR_OUTSIDE_PROJECT',
      message: expect.stringContaining(`(it resolves to ${outside})`) as unknown,
    });
  });
});

describe('readDeclarationFiles reads strict UTF-8', () => {
  const latin1 = Buffer.concat([Buffer.from('id: shop\nlabel: Caf'), Buffer.from([0xe9]), Buffer.from(' shop\n')]);

  it.each([
    ['Latin-1', latin1, 'content-sources/a.yaml:2:11 GF_NOT_UTF8', 'byte 0xE9 is not UTF-8 (the file may be Latin-1 or Windows-1252): save it as UTF-8.'],
    [
      'UTF-16 with a byte-order mark',
      Buffer.from('\uFEFFid: shop\n', 'utf16le'),
      'content-sources/a.yaml:1:1 GF_NOT_UTF8',
      'the file is UTF-16 (little-endian), not UTF-8: save it as UTF-8.',
    ],
    [
      'UTF-16 without one',
      Buffer.from('id: shop\nlabel: x\n', 'utf16le').swap16(),
      'content-sources/a.yaml:1:1 GF_NOT_UTF8',
      'the file is UTF-16 (big-endian), not UTF-8: save it as UTF-8.',
    ],
  ])('%s is GF_NOT_UTF8 at the first bad byte', async (_name, bytes, expected, message) => {
    const { dir } = await project();
    await writeFile(path.join(dir, 'content-sources', 'a.yaml'), bytes);
    const files = await read(dir);
    expect(brief(files)).toEqual([expected]);
    expect(files[0]?.diagnostics[0]?.message).toBe(message);
    expect(files[0]?.value).toBeUndefined();
  });

  it('accepts a UTF-8 byte-order mark', async () => {
    const { dir } = await project();
    await writeFile(path.join(dir, 'content-sources', 'a.yaml'), `\uFEFFid: blog\nlabel: Bløg\n`);
    const files = await read(dir);
    expect(brief(files)).toEqual([]);
    expect(files[0]?.value).toEqual({ id: 'blog', label: 'Bløg' });
  });
});

describe('readDeclarationFiles limits', () => {
  it('refuses a file over 5 MiB from its size, before reading it', async () => {
    const { dir } = await project();
    await writeFile(path.join(dir, 'content-sources', 'a.yaml'), `label: ${'x'.repeat(MAX_DECLARATION_BYTES)}\n`);
    const files = await read(dir);
    expect(brief(files)).toEqual(['content-sources/a.yaml:1:1 GF_DECLARATION_TOO_LARGE']);
    expect(files[0]?.diagnostics[0]?.message).toMatch(
      /^content-sources\/a\.yaml is 5,242,888 bytes, more than the 5 MiB a declaration file may have: it was not read\./,
    );
    expect(files[0]?.text).toBe('');
  });

  it('reads a file of exactly 5 MiB', async () => {
    const { dir } = await project();
    const head = 'id: big\nlabel: ';
    await writeFile(path.join(dir, 'content-sources', 'a.yaml'), `${head}${'x'.repeat(MAX_DECLARATION_BYTES - head.length - 1)}\n`);
    const files = await read(dir);
    expect(brief(files)).toEqual(['content-sources/a.yaml:2:8 GF_VALUE_TOO_LONG label']);
  });
});

describe('readDeclarationFiles flags data: patterns that leave the project', () => {
  it('at the line and column of each entry, without touching what they name', async () => {
    const { dir } = await project();
    const data = [
      'data/*.ndjson',
      '../data/shared.ndjson',
      '../../outside.ndjson',
      '../../../../etc/*.conf',
      '/etc/passwd',
      'data/**/../../../x.ndjson',
      `${dir}/data/abs.ndjson`,
    ];
    await writeFiles(dir, { 'content-sources/shop.yaml': `${SHOP}data:\n${data.map((d) => `  - ${d}\n`).join('')}` });
    const files = await read(dir);
    expect(brief(files)).toEqual([
      'content-sources/shop.yaml:12:5 GF_OUTSIDE_PROJECT data[2]',
      'content-sources/shop.yaml:13:5 GF_OUTSIDE_PROJECT data[3]',
      'content-sources/shop.yaml:14:5 GF_OUTSIDE_PROJECT data[4]',
      'content-sources/shop.yaml:15:5 GF_OUTSIDE_PROJECT data[5]',
    ]);
    expect(files[0]?.diagnostics[1]?.message).toBe(
      `data: pattern "../../../../etc/*.conf" reaches /etc/*.conf, outside the project folder ${dir}; data files must lie inside the project, so move them there and point the pattern at them`,
    );
  });
});

describe('DECLARATION_FILE_CODES', () => {
  it('are each reported by some refused file, and each has a one-line meaning', async () => {
    const { dir, outside } = await project();
    await symlink(path.join(outside, 'secret.yaml'), path.join(dir, 'content-sources', 'a.yaml'));
    await symlink('gone.yaml', path.join(dir, 'content-sources', 'b.yaml'));
    await writeFile(path.join(dir, 'content-sources', 'c.yaml'), Buffer.from([0x69, 0x64, 0x3a, 0x20, 0xe9, 0x0a]));
    await writeFile(path.join(dir, 'content-sources', 'd.yaml'), 'x'.repeat(MAX_DECLARATION_BYTES + 1));
    await writeFile(path.join(dir, 'content-sources', 'e.yaml'), `label: ${'y'.repeat(2000)}\n`);
    await writeFile(path.join(dir, 'content-sources', 'f.yaml'), `label: ${'['.repeat(3000)}${']'.repeat(3000)}\n`);
    await writeFile(path.join(dir, 'content-sources', 'g.yaml'), 'id: gg\ndata: ["g.yaml"]\n');
    await writeFile(path.join(dir, 'content-sources', 'h.yaml'), `id: hh\ndata: ["${'{a,b}'.repeat(7)}.ndjson"]\n`);
    const codes = new Set(excludeDataFiles(await read(dir)).flatMap((f) => f.diagnostics.map((d) => d.code)));
    expect([...codes].sort()).toEqual(Object.keys(DECLARATION_FILE_CODES).sort());
    for (const meaning of Object.values(DECLARATION_FILE_CODES)) expect(meaning).toMatch(/^[A-Z][^\n]{10,}\.$/);
  });
});
