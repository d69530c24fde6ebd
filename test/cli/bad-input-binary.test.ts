import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * Issue 18, item 5, through the built binary as the audit ran it: inputs that once ended in
 * an internal error (a stack trace, exit 70) are diagnostics at their file and line.
 */
const CONFIG = 'sources: content-sources\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n';
const SHOP = 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Title: { type: Strin }\n';

function noInternalError(run: { code: number; stdout: string; stderr: string }): void {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stdout + run.stderr).not.toMatch(/internal error|\n\s+at .+\(.+:\d+:\d+\)/i);
}

describe('the built binary, with inputs that once were internal errors', () => {
  beforeAll(assertFreshBuild);

  it.each(['constructor', 'toString', '__proto__', 'valueOf'])('a config key `%s` is an unknown key at its line', async (key) => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': `${CONFIG}    ${key}: 1\n`, 'content-sources/.keep': '' });
    const run = await runBuilt(dir, ['validate']);
    noInternalError(run);
    expect(run.stderr).toContain('graphform.config.yaml:6:5');
    expect(run.stderr).toContain(`unknown key \`${key}\``);
  });

  it.each([
    ['3,000 nested [', `id: deep\nvalue: ${'['.repeat(3000)}${']'.repeat(3000)}\n`],
    ['5,000 nested {a:', `id: deep\nvalue: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`],
  ])('a declaration of %s is GF_DECLARATION_TOO_DEEP, and the other files keep their diagnostics', async (_, deep) => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/deep.yaml': deep, 'content-sources/shop.yaml': SHOP });
    const run = await runBuilt(dir, ['validate']);
    noInternalError(run);
    expect(run.stdout).toMatch(/content-sources\/deep\.yaml:2:\d+ error GF_DECLARATION_TOO_DEEP/);
    expect(run.stdout).toMatch(/content-sources\/shop\.yaml:8:\d+ error/);
  });

  it('a YAML alias bomb in a data file is GF_DATA_INVALID_YAML at its line', async () => {
    const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i <= 9; i += 1) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
    const bomb = `- Id: bomb\n  language_routing: en\n  Nested:\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
    const declaration =
      'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Title: { type: String }\ndata: [data/items.yaml]\n';
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': declaration, 'content-sources/data/items.yaml': bomb });
    const run = await runBuilt(dir, ['data', 'validate', 'shop']);
    noInternalError(run);
    expect(run.stdout + run.stderr).toMatch(/content-sources\/data\/items\.yaml:1\b.*GF_DATA_INVALID_YAML/);
  });
});
