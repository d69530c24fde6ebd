import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from './helpers/built-binary.js';
import { makeTempDir } from './helpers/temp-dir.js';

function graphform(cwd: string, ...args: string[]): ReturnType<typeof runBuilt> {
  return runBuilt(cwd, args);
}

describe('the built graphform binary', () => {
  beforeAll(assertFreshBuild);

  it('scaffolds, validates, plans, applies to the local emulator, and then has no changes', async () => {
    const dir = await makeTempDir();
    expect((await graphform(dir, '--version')).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await graphform(dir, 'init', '--yes')).code).toBe(0);
    const valid = await graphform(dir, 'validate');
    expect(valid.code, valid.stderr).toBe(0);
    const plan = await graphform(dir, 'plan', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('+ site will be created');
    const apply = await graphform(dir, 'apply', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Apply complete!');
    const again = await graphform(dir, 'plan', '--detailed-exitcode');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
    const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as { serial: number };
    expect(state.serial).toBe(1);
  });

  it('reports a user mistake with a location and exit 1, never a stack trace', async () => {
    const dir = await makeTempDir();
    expect((await graphform(dir, 'init', '--yes')).code).toBe(0);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'content-sources/bad.yaml'), 'id: toolong\nlabel: x\nlanguages: [en]\ncontentTypes: {}\n');
    const result = await graphform(dir, 'plan');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content-sources/bad.yaml:1:5');
    expect(result.stderr).toContain('GF_ID_TOO_LONG');
    expect(result.stderr).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
  });
});
