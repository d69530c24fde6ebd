import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInvalidDeclarationsError } from '../../../src/index.js';
import { codegen } from '../../../src/workflows/codegen.js';
import { validate } from '../../../src/workflows/validate.js';
import { rejection } from '../../helpers/graphform-error.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';
import { testHost } from '../../helpers/workflow-host.js';

const source = (id: string, typeName: string): string =>
  `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${typeName}:\n    contentType: []\n    properties:\n      Name: { type: String }\n`;
const DECLARED = { 'content-sources/shop.yaml': source('shop', 'Product'), 'content-sources/blog.yaml': source('blog', 'Post') };

/** `file:line:col CODE path` of each diagnostic validate reports in a project of these files. */
async function validated(files: Record<string, string>, cwd?: (dir: string) => string): Promise<string[]> {
  const dir = await makeProjectDir({ ...DECLARED, ...files });
  const result = await validate({}, testHost(cwd === undefined ? dir : cwd(dir)));
  return result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.path}`);
}

describe('validate checks codegen.sources in the config', () => {
  it('reports an undeclared id at its line and column in a YAML config, with a did-you-mean', async () => {
    const dir = await makeProjectDir({ ...DECLARED, 'graphform.config.yaml': '# codegen for the site\ncodegen:\n  sources:\n    - blog\n    - shp\n' });
    const result = await validate({}, testHost(dir));
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      {
        code: 'GF_CODEGEN_UNKNOWN_SOURCE',
        severity: 'error',
        message: 'codegen.sources[1] names the source `shp`, which is not declared; graphform codegen would refuse it. Did you mean `shop`?',
        file: 'graphform.config.yaml',
        line: 5,
        column: 7,
        path: 'codegen.sources[1]',
      },
    ]);
    // The declarations themselves are valid: they are still given.
    expect(result.declarations.map((d) => d.id)).toEqual(['blog', 'shop']);
  });

  it('finds the entry in a flow list, a JSON config and package.json, relative to the working folder', async () => {
    expect(await validated({ 'graphform.config.yaml': 'codegen: { sources: [shop, nope] }\n' })).toEqual([
      'graphform.config.yaml:1:28 GF_CODEGEN_UNKNOWN_SOURCE codegen.sources[1]',
    ]);
    expect(await validated({ 'graphform.config.json': '{\n  "codegen": {\n    "sources": ["blgo"]\n  }\n}\n' })).toEqual([
      'graphform.config.json:3:17 GF_CODEGEN_UNKNOWN_SOURCE codegen.sources[0]',
    ]);
    expect(await validated({ 'package.json': '{\n  "name": "site",\n  "graphform": { "codegen": { "sources": ["faq"] } }\n}\n' })).toEqual([
      'package.json:3:43 GF_CODEGEN_UNKNOWN_SOURCE codegen.sources[0]',
    ]);
    expect(await validated({ 'graphform.config.yaml': 'codegen:\n  sources: [faq]\n' }, (dir) => path.join(dir, 'content-sources'))).toEqual([
      '../graphform.config.yaml:2:13 GF_CODEGEN_UNKNOWN_SOURCE codegen.sources[0]',
    ]);
  });

  it('names the key path of a JS config, which keeps no positions', async () => {
    expect(await validated({ 'graphform.config.mjs': 'export default { codegen: { sources: ["shop", "faq"] } };\n' })).toEqual([
      'graphform.config.mjs:1:1 GF_CODEGEN_UNKNOWN_SOURCE codegen.sources[1]',
    ]);
  });

  it('is quiet when every id is declared, or codegen.sources is empty or absent', async () => {
    expect(await validated({ 'graphform.config.yaml': 'codegen:\n  sources: [shop, blog]\n' })).toEqual([]);
    expect(await validated({ 'graphform.config.yaml': 'codegen:\n  sources: []\n' })).toEqual([]);
    expect(await validated({ 'graphform.config.yaml': 'codegen:\n  out: web/types\n' })).toEqual([]);
  });

  it('says nothing of the config while a declaration cannot be read: its id is not known', async () => {
    const reported = await validated({ 'graphform.config.yaml': 'codegen:\n  sources: [news]\n', 'content-sources/news.yaml': 'id: news\nlabel: [\n' });
    expect(reported.map((line) => line.split(' ')[1])).not.toContain('GF_CODEGEN_UNKNOWN_SOURCE');
    expect(reported.length).toBeGreaterThan(0);
  });

  it('stops codegen with the same diagnostic, writing nothing', async () => {
    const dir = await makeProjectDir({ ...DECLARED, 'graphform.config.yaml': 'codegen:\n  sources: [shop, blgo]\n' });
    const error = await rejection(codegen({}, testHost(dir)));
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
    expect(isInvalidDeclarationsError(error)).toBe(true);
    expect(isInvalidDeclarationsError(error) ? error.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`) : []).toEqual([
      'graphform.config.yaml:2:19 GF_CODEGEN_UNKNOWN_SOURCE',
    ]);
  });
});
