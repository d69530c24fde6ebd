import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

describe('a project that declares nothing while state holds sources', () => {
  it('fails validate and plan, names what state holds, and goes ahead with GRAPHFORM_ALLOW_EMPTY=1', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shopYaml(),
      'content-sources/blog.yaml': shopYaml({ id: 'blog' })
        .replace(/Item/g, 'Post')
        .replace(/Product/g, 'Article'),
    });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await rm(path.join(project.dir, 'content-sources/shop.yaml'));
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));

    for (const args of [['validate'], ['plan', '--detailed-exitcode'], ['plan', '--prune'], ['apply', '--prune', '--yes', '--allow-data-loss']]) {
      const run = await project.cli(...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toContain(
        'Error [GF_NOTHING_DECLARED]: content-sources declares no content source, but the state holds 2 (blog, shop); nothing was planned or sent.',
      );
      expect(run.stdout, args.join(' ')).not.toMatch(/valid|delete|orphan/i);
    }
    expect(Object.keys((await project.state()).sources).sort()).toEqual(['blog', 'shop']);

    const meant = await project.cliWith({ GRAPHFORM_ALLOW_EMPTY: '1' }, 'plan', '--prune', '--format', 'json');
    expect(meant.code, meant.stderr).toBe(0);
    expect((JSON.parse(meant.stdout) as { sources: { id: string; action: string }[] }).sources.map((s) => [s.id, s.action])).toEqual([
      ['blog', 'delete'],
      ['shop', 'delete'],
    ]);
  });

  it('is no error for a new project with no state', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/.keep': '' });
    const run = await project.cli('validate');
    expect(run.code, run.stderr).toBe(0);
  });
});
