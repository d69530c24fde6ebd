import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

const CANARY = 'canary-9f8e7d';

/** The built binary, with the canary in its own environment: what /proc/self/environ shows it. */
async function graphform(cwd: string, ...args: string[]): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runBuilt(cwd, args, { GF_CANARY: CANARY, CI_SECRET_TOKEN: `ci-${CANARY}` });
  return { code, output: stdout + stderr };
}

describe('the built binary, with a declaration linked to its own /proc/self/environ', () => {
  beforeAll(assertFreshBuild);

  it('refuses the link in validate and plan (text, JSON, markdown) and prints none of its environment', async () => {
    const dir = await makeTempDir('graphform-environ-');
    await writeFiles(dir, { 'content-sources/shop.yaml': 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\n' });
    await symlink('/proc/self/environ', path.join(dir, 'content-sources', 'a.yaml'));
    for (const args of [['validate'], ['validate', '--format', 'json'], ['plan'], ['plan', '--format', 'json'], ['plan', '--format', 'markdown']]) {
      const result = await graphform(dir, ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.output, args.join(' ')).toContain('GF_OUTSIDE_PROJECT');
      expect(result.output, args.join(' ')).not.toContain(CANARY);
      expect(result.output, args.join(' ')).not.toContain('HOME=');
    }
  });
});
