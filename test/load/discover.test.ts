import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { discoverDeclarationFiles } from '../../src/load/discover.js';
import { readDeclarationFiles } from '../../src/load/read-declarations.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'graphform-discover-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(relative: string, text = 'id: x\n'): Promise<void> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe('discoverDeclarationFiles', () => {
  it('finds *.yaml and *.yml recursively, sorted, skipping node_modules, dot-folders and other files', async () => {
    await put('content-sources/shop.yaml');
    await put('content-sources/b/blog.yml');
    await put('content-sources/a/faq.YAML');
    await put('content-sources/notes.md');
    await put('content-sources/data/items.ndjson');
    await put('content-sources/node_modules/pkg/x.yaml');
    await put('content-sources/.hidden/y.yaml');
    const found = await discoverDeclarationFiles(path.join(root, 'content-sources'));
    expect(found.map((f) => path.relative(root, f).split(path.sep).join('/'))).toEqual([
      'content-sources/a/faq.YAML',
      'content-sources/b/blog.yml',
      'content-sources/shop.yaml',
    ]);
    expect(found.every((f) => path.isAbsolute(f))).toBe(true);
  });

  it('follows links to files but not links to folders', async () => {
    await put('elsewhere/linked.yaml');
    await put('dir/real.yaml');
    await symlink(path.join(root, 'elsewhere/linked.yaml'), path.join(root, 'dir/link.yaml'));
    await put('folder/z.yaml');
    await symlink(path.join(root, 'folder'), path.join(root, 'dir/linked-folder'));
    await symlink(path.join(root, 'dir'), path.join(root, 'dir/loop.yaml'));
    const found = await discoverDeclarationFiles(path.join(root, 'dir'));
    expect(found.map((f) => path.basename(f))).toEqual(['link.yaml', 'real.yaml']);
  });

  it('lists dangling links and FIFOs named like declarations, for the reader to report', async () => {
    await put('dir/real.yaml');
    await symlink(path.join(root, 'dir/nothing.yaml'), path.join(root, 'dir/dangling.yaml'));
    execFileSync('mkfifo', [path.join(root, 'dir/pipe.yaml')]);
    const found = await discoverDeclarationFiles(path.join(root, 'dir'));
    expect(found.map((f) => path.basename(f))).toEqual(['dangling.yaml', 'pipe.yaml', 'real.yaml']);
  });

  it('returns nothing for an empty folder', async () => {
    expect(await discoverDeclarationFiles(root)).toEqual([]);
  });

  it('throws GF_SOURCES_DIR_MISSING naming the folder and the fix', async () => {
    const missing = path.join(root, 'nope');
    const error: unknown = await discoverDeclarationFiles(missing).catch((e: unknown) => e);
    expect(isGraphformError(error)).toBe(true);
    if (!isGraphformError(error)) return;
    expect(error.code).toBe('GF_SOURCES_DIR_MISSING');
    expect(error.message).toContain(missing);
    expect(error.hint).toContain('Create it');
    expect(error.hint).toContain('`sources`');
  });

  it('throws GF_SOURCES_DIR_NOT_A_FOLDER for a file', async () => {
    await put('file.yaml');
    await expect(discoverDeclarationFiles(path.join(root, 'file.yaml'))).rejects.toMatchObject({ code: 'GF_SOURCES_DIR_NOT_A_FOLDER' });
  });
});

describe('readDeclarationFiles', () => {
  it('parses every file, naming each relative to cwd with forward slashes', async () => {
    await put('project/content-sources/shop.yaml', 'id: shop\n');
    await put('project/content-sources/sub/bad.yaml', '- not a map\n');
    const files = await readDeclarationFiles(path.join(root, 'project/content-sources'), path.join(root, 'project'));
    expect(files.map((f) => f.file)).toEqual(['content-sources/shop.yaml', 'content-sources/sub/bad.yaml']);
    expect(files[0]?.value).toEqual({ id: 'shop' });
    expect(files[0]?.text).toBe('id: shop\n');
    expect(files[1]?.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['content-sources/sub/bad.yaml:1:1 GF_NOT_A_MAPPING']);
  });

  it('shows files outside cwd with ../', async () => {
    await put('decl/shop.yaml', 'id: shop\n');
    await mkdir(path.join(root, 'work'));
    const files = await readDeclarationFiles(path.join(root, 'decl'), path.join(root, 'work'), root);
    expect(files.map((f) => f.file)).toEqual(['../decl/shop.yaml']);
  });
});
