import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('graphform init in an existing project', () => {
  it.each([
    ['a config', { 'graphform.config.yaml': 'sources: content-sources\n' }, 'graphform.config.yaml'],
    ['a declarations folder', { 'content-sources/shop.yaml': 'id: shop\n' }, 'content-sources/'],
  ])('with %s adds the CI files and the .gitignore entry, never the example source, and says so', async (_what, files, sign) => {
    const dir = await makeProjectDir(files);
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`An existing graphform project (${sign}): only what is missing is added.`);
    expect(result.stdout).toContain('skipped  content-sources/site.yaml (the example source: the next apply would create it as a real source)');
    expect(await exists(path.join(dir, 'content-sources/site.yaml'))).toBe(false);
    expect(result.stdout).toContain('created  .github/workflows/graphform.yml');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toContain('.graphform/');
  });

  it('in a GitLab project writes the GitLab jobs, not GitHub workflows, and says why; --ci still chooses', async () => {
    const files = { 'graphform.config.yaml': 'sources: content-sources\n', '.gitlab-ci.yml': 'stages: [build]\n' };
    const dir = await makeProjectDir(files);
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('CI files for gitlab: the project has .gitlab-ci.yml (`--ci` chooses otherwise).');
    expect(result.stdout).toContain('created  .gitlab/graphform.gitlab-ci.yml');
    expect(await exists(path.join(dir, '.github'))).toBe(false);
    const chosen = await makeProjectDir(files);
    const github = await runCli(['init', '--yes', '--ci', 'github'], { cwd: chosen });
    expect(github.stdout).not.toContain('CI files for');
    expect(await exists(path.join(chosen, '.github/workflows/graphform.yml'))).toBe(true);
    const both = await makeProjectDir({ ...files, '.github/workflows/build.yml': 'on: push\n' });
    await runCli(['init', '--yes'], { cwd: both });
    expect(await exists(path.join(both, '.github/workflows/graphform.yml'))).toBe(true);
  });

  it('in an empty folder still writes the example source', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes', '--ci', 'none'], { cwd: dir });
    expect(result.stdout).not.toContain('existing graphform project');
    expect(await readdir(path.join(dir, 'content-sources'))).toEqual(['site.yaml']);
  });
});

describe('graphform init and where package.json installs graphform from', () => {
  const manifest = (spec: string): Record<string, string> => ({ 'package.json': JSON.stringify({ name: 'p', devDependencies: { graphform: spec } }) });

  it.each(['file:../graphform/graphform-0.1.0.tgz', '../graphform-0.1.0.tgz', 'file:/opt/graphform-0.1.0.tgz'])(
    'warns about %s, outside the project',
    async (spec) => {
      const dir = await makeProjectDir(manifest(spec));
      const result = await runCli(['init', '--yes', '--ci', 'none'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`package.json installs graphform from ${spec}, outside this project`);
      expect(result.stderr).toContain('`npm ci` fails on a clean CI runner');
    },
  );

  it.each(['file:vendor/graphform-0.1.0.tgz', './vendor/graphform-0.1.0.tgz', '^0.1.0', 'git+https://example.com/graphform.git#v0.1.0'])(
    'says nothing about %s',
    async (spec) => {
      const dir = await makeProjectDir(manifest(spec));
      const result = await runCli(['init', '--yes', '--ci', 'none'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('outside this project');
    },
  );
});
