import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTooDeep, MAX_DECLARATION_DEPTH } from '../../src/load/nesting-depth.js';
import { parseDeclarationFile } from '../../src/load/parse.js';
import { readProjectDeclarations } from '../../src/load/read-project.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Item:\n    contentType: []\n    properties:\n      Name: { type: Strin }\n';
const brackets = `id: deep\nlabel: ${'['.repeat(3000)}${']'.repeat(3000)}\n`;
const maps = `id: deep\nlabel: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`;
const block = `id: deep\nlabel:\n${Array.from({ length: 300 }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`;
const dashes = `id: deep\nlabel:\n  ${'- '.repeat(5000)}x\n`;

describe('a declaration nested deeper than any real one', () => {
  it.each([
    ['3,000 nested [', brackets, 2, 8 + MAX_DECLARATION_DEPTH - 1],
    ['5,000 nested {a:', maps, 2, 8 + 4 * (MAX_DECLARATION_DEPTH - 1)],
    ['300 indented maps', block, 2 + MAX_DECLARATION_DEPTH, MAX_DECLARATION_DEPTH + 1],
    ['5,000 nested - ', dashes, 3, 3 + 2 * (MAX_DECLARATION_DEPTH - 2)],
  ])('%s: GF_DECLARATION_TOO_DEEP at the file, never a stack overflow', (_name, text, line, column) => {
    const parsed = parseDeclarationFile('content-sources/deep.yaml', text);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([
      `content-sources/deep.yaml:${line}:${column} GF_DECLARATION_TOO_DEEP`,
    ]);
    expect(parsed.diagnostics[0]?.message).toContain(`more than ${MAX_DECLARATION_DEPTH} levels deep`);
  });

  it("hides no other file's diagnostics, on the quick path and the yaml path", async () => {
    const dir = await makeProjectDir({
      'content-sources/a-deep.yaml': brackets,
      'content-sources/b-deep.yaml': maps,
      'content-sources/c-shop.yaml': SHOP,
      'content-sources/d-anchor.yaml': SHOP.replace('id: shop', 'id: &x shp').replace('Item:', 'Other:'),
    });
    const files = await readProjectDeclarations(path.join(dir, 'content-sources'), dir, dir);
    expect(files.map((f) => [f.file, f.diagnostics.map((d) => d.code)])).toEqual([
      ['content-sources/a-deep.yaml', ['GF_DECLARATION_TOO_DEEP']],
      ['content-sources/b-deep.yaml', ['GF_DECLARATION_TOO_DEEP']],
      ['content-sources/c-shop.yaml', []],
      ['content-sources/d-anchor.yaml', []],
    ]);
    expect(files[2]?.value).toMatchObject({ id: 'shop' });
    expect(files[3]?.value).toMatchObject({ id: 'shp' });
  });

  it('lets real nesting, brackets inside quotes and comments, and apostrophes in words through', () => {
    const text = `id: shop\nlabel: "${'['.repeat(200)}" # ${'{'.repeat(200)}\ndescription: Bob's '${'['.repeat(200)}' shop a[${'{'.repeat(200)}\ntags: ['${'{'.repeat(200)}', "\\"${'['.repeat(200)}"]\nlanguages: [en]\n`;
    expect(findTooDeep(text)).toBeUndefined();
    expect(findTooDeep(SHOP)).toBeUndefined();
  });
});
