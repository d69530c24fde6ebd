import { execFile } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

const run = promisify(execFile);
const CANARY = 'canary-9f8e7d';

/** The built binary, with the canary in its own environment: what /proc/self/environ shows it. */
async function graphform(cwd: string, ...args: string[]): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, GF_CANARY: CANARY, CI_SECRET_TOKEN: `ci-${CANARY}` };
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
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
