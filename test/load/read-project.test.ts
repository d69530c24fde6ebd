import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludeDataFiles } from '../../src/load/exclude-data-files.js';
import type { ParsedDeclarationFile } from '../../src/load/parse.js';
import { readDeclarationFiles } from '../../src/load/read-declarations.js';
import { readProjectDeclarations } from '../../src/load/read-project.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const repository = path.resolve(import.meta.dirname, '../..');

/** What a caller sees of a parsed file: name, value, diagnostics and text. */
const seen = (files: readonly ParsedDeclarationFile[]) => files.map(({ file, value, diagnostics, text }) => ({ file, value, diagnostics, text }));

async function bothWays(dir: string, cwd: string): Promise<{ project: ParsedDeclarationFile[]; reference: ParsedDeclarationFile[] }> {
  return {
    project: await readProjectDeclarations(dir, cwd, cwd),
    reference: excludeDataFiles(await readDeclarationFiles(dir, cwd, cwd)),
  };
}

const declaration = (id: string, extra = '') =>
  `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${id.toUpperCase()}:\n    contentType: []\n    properties: {}\n${extra}`;

describe('readProjectDeclarations', () => {
  it('gives what excludeDataFiles(readDeclarationFiles(…)) gives on the example repository', async () => {
    const { project, reference } = await bothWays(path.join(repository, 'content-sources'), repository);
    expect(seen(project)).toEqual(seen(reference));
    expect(project.map((f) => f.file)).toEqual(['content-sources/blog.yaml', 'content-sources/faq.yaml', 'content-sources/shop.yaml']);
  });

  it('gives the same files, values and diagnostics for every kind of data file and declaration', async () => {
    const dir = await makeProjectDir({
      // Read quickly, naming a list of items with dates (never parsed) and a map-shaped data file.
      'content-sources/blog.yaml': declaration('blog', 'data:\n  - data/posts.yaml\n  - data/odd.yaml\n'),
      'content-sources/data/posts.yaml': '# items\n- Id: p1\n  PublishedAt: 2024-03-04T08:30:00Z\n',
      'content-sources/data/odd.yaml': 'Id: p2\nPrice: 12.5\n',
      // Read by yaml (an anchor), naming a list of its own.
      'content-sources/shop.yaml': declaration('shop', 'data: &globs\n  - data/items.yaml\n'),
      'content-sources/data/items.yaml': '- Id: i1\n  Price: 1.5\n',
      // A list nobody names: not data, so its GF_NOT_A_MAPPING stays.
      'content-sources/stray.yaml': '- Id: s1\n  At: 2024-01-01\n',
      // Bad YAML and a refused file are reported the same.
      'content-sources/broken.yaml': 'id: brk\nlabel: "unterminated\n',
    });
    await writeFile(path.join(dir, 'content-sources/bad.yaml'), Buffer.from('id: \xff\n', 'latin1'));
    const { project, reference } = await bothWays(path.join(dir, 'content-sources'), dir);
    expect(seen(project)).toEqual(seen(reference));
    expect(project.map((f) => f.file)).toEqual([
      'content-sources/bad.yaml',
      'content-sources/blog.yaml',
      'content-sources/broken.yaml',
      'content-sources/shop.yaml',
      'content-sources/stray.yaml',
    ]);
    const codes = (file: string) => project.find((f) => f.file === `content-sources/${file}`)?.diagnostics.map((d) => d.code);
    expect(codes('stray.yaml')).toEqual(['GF_NOT_A_MAPPING']);
    expect(codes('bad.yaml')).toEqual(['GF_NOT_UTF8']);
    expect(codes('broken.yaml')).toContain('GF_YAML_SYNTAX');
  });
});
