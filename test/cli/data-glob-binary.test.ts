import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const declaration = (id: string, extra = '') => `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${id.toUpperCase()}:\n    contentType: []\n    properties: {}\n${extra}`;

describe('the built binary, with a data: glob that matches every declaration', () => {
  beforeAll(assertFreshBuild);

  it('validate fails at the pattern and keeps every source declared', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'sources: content-sources\n',
      'content-sources/blog.yaml': declaration('blog'),
      'content-sources/shop.yaml': declaration('shop', 'data: ["../**/*.yaml"]\n'),
    });
    const text = await runBuilt(dir, ['validate']);
    expect(text.code, text.stdout + text.stderr).toBe(1);
    expect(text.stdout).toContain('content-sources/shop.yaml:8:8 error GF_DATA_MATCHES_DECLARATION');
    expect(text.stdout).toContain('matches the declaration content-sources/blog.yaml');
    expect(text.stdout).not.toContain('0 content sources valid');
    const json = await runBuilt(dir, ['validate', '--format', 'json']);
    expect(json.code).toBe(1);
    const diagnostics = (JSON.parse(json.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    expect(diagnostics).toEqual(['GF_DATA_MATCHES_DECLARATION', 'GF_DATA_MATCHES_DECLARATION']);
    for (const args of [['plan', '--detailed-exitcode'], ['plan', '--prune']]) {
      const plan = await runBuilt(dir, args);
      expect(plan.code, args.join(' ')).toBe(1);
      expect(plan.stderr, args.join(' ')).toContain('GF_DATA_MATCHES_DECLARATION');
      expect(plan.stdout + plan.stderr, args.join(' ')).not.toMatch(/orphan|delete/i);
    }
  });
});
