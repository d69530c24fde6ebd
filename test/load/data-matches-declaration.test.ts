import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedDeclarationFile } from '../../src/load/parse.js';
import { readProjectDeclarations } from '../../src/load/read-project.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const declaration = (id: string, extra = '') =>
  `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${id.toUpperCase()}:\n    contentType: []\n    properties: {}\n${extra}`;

const brief = (files: readonly ParsedDeclarationFile[]): string[] =>
  files.flatMap((f) => f.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.path}`));

async function read(files: Record<string, string>): Promise<ParsedDeclarationFile[]> {
  const dir = await makeProjectDir(files);
  return readProjectDeclarations(path.join(dir, 'content-sources'), dir, dir);
}

describe('a data: pattern that matches a declaration', () => {
  it('keeps every declaration and flags the pattern at its line, naming each file it matches', async () => {
    const files = await read({
      'content-sources/blog.yaml': declaration('blog'),
      'content-sources/shop.yaml': declaration('shop', 'data:\n  - data/*.yaml\n  - ../**/*.yaml\n'),
      'content-sources/data/items.yaml': '- Id: i1\n',
    });
    expect(files.map((f) => f.file)).toEqual(['content-sources/blog.yaml', 'content-sources/shop.yaml']);
    expect(brief(files)).toEqual([
      'content-sources/shop.yaml:10:5 GF_DATA_MATCHES_DECLARATION data[1]',
      'content-sources/shop.yaml:10:5 GF_DATA_MATCHES_DECLARATION data[1]',
    ]);
    const messages = files.flatMap((f) => f.diagnostics.map((d) => d.message));
    expect(messages[0]).toContain('data: pattern "../**/*.yaml" matches the declaration content-sources/blog.yaml');
    expect(messages[1]).toContain('data: pattern "../**/*.yaml" matches this declaration itself');
  });

  it("counts a map with a declaration's keys as a declaration even when it is broken, and a list or a map of item fields as data", async () => {
    const files = await read({
      'content-sources/shop.yaml': declaration('shop', 'data: ["data/*.yaml"]\n'),
      'content-sources/data/half.yaml': 'contentTypes: {}\n',
      'content-sources/data/items.yaml': '- Id: i1\n',
      'content-sources/data/one.yaml': 'Id: i2\nPrice: 1\n',
    });
    expect(files.map((f) => f.file)).toEqual(['content-sources/data/half.yaml', 'content-sources/shop.yaml']);
    expect(brief(files)).toEqual(['content-sources/shop.yaml:8:8 GF_DATA_MATCHES_DECLARATION data[0]']);
  });
});
