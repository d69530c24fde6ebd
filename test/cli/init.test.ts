import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAnswer, DEFAULT_ANSWERS, scaffold } from '../../src/cli/init/scaffold.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const TEXTS = {
  config: 'sources: x\n',
  source: 'id: {{id}}\n',
  githubWorkflow: "paths: ['{{sources}}/**']\n",
  gitlabRoot: 'include: []\n',
  gitlabJobs: "changes: ['{{sources}}/**/*']\n",
  gitlabApproval: 'job: {}\n',
  gitlabNoApproval: 'job: {}\n',
};

describe('graphform init', () => {
  it('scaffolds a config, a source and a workflow with --yes', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('created  graphform.config.yaml');
    const source = await readFile(path.join(dir, 'content-sources/site.yaml'), 'utf8');
    expect(source).toContain('id: site');
    expect(source).toContain('$schema=../node_modules/graphform/schema/content-source.schema.json');
    const workflow = await readFile(path.join(dir, '.github/workflows/graphform.yml'), 'utf8');
    expect(workflow).toContain("paths: ['content-sources/**'");
    expect(workflow).toContain('${{ secrets.GRAPH_SECRET }}');
  });

  it('never overwrites an existing file', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': 'sources: mine\n' });
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('exists   graphform.config.yaml (left as it is)');
    expect(await readFile(path.join(dir, 'graphform.config.yaml'), 'utf8')).toBe('sources: mine\n');
  });

  it('scaffolds into a named folder without a TTY, using the defaults', async () => {
    const dir = await makeProjectDir();
    await writeFile(path.join(dir, 'keep'), '');
    const result = await runCli(['init', 'proj'], { cwd: dir });
    expect(result.code).toBe(0);
    expect((await stat(path.join(dir, 'proj/content-sources/site.yaml'))).isFile()).toBe(true);
  });

  it('fills nested schema paths and checks answers', () => {
    const files = scaffold({ ...DEFAULT_ANSWERS, sources: 'config/sources' }, { ...TEXTS, config: 'sources: x\n', source: '{{schemaPath}}' });
    expect(files[1]).toEqual({ path: 'config/sources/site.yaml', content: '../../node_modules/graphform/schema/content-source.schema.json' });
    expect(files[0]?.content).toBe('sources: config/sources\n');
    expect(checkAnswer('id', 'shop')).toBeUndefined();
    expect(checkAnswer('id', 'shops')).toContain('1 to 4');
    expect(checkAnswer('languages', 'en, sv')).toBeUndefined();
    expect(checkAnswer('sources', '../x')).toBeDefined();
    expect(checkAnswer('ci', 'gitlab')).toBeUndefined();
    expect(checkAnswer('ci', 'jenkins')).toBe('answer github, gitlab, none');
  });

  it.each([
    ['github', ['.github/workflows/graphform.yml']],
    [
      'gitlab',
      ['.gitlab-ci.yml', '.gitlab/graphform.gitlab-ci.yml', '.gitlab/graphform-data-loss.gitlab-ci.yml', '.gitlab/graphform-no-approval.gitlab-ci.yml'],
    ],
    ['none', []],
  ] as const)('writes the CI files of --ci %s, with the folder filled in', (ci, paths) => {
    const files = scaffold({ ...DEFAULT_ANSWERS, sources: 'schema', ci }, TEXTS);
    expect(files.map((f) => f.path)).toEqual(['graphform.config.yaml', 'schema/site.yaml', ...paths]);
    for (const file of files.slice(2)) expect(file.content).not.toContain('{{');
  });
});

describe('graphform init --ci', () => {
  it('writes the GitLab pipeline: a .gitlab-ci.yml that includes the jobs file', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes', '--ci', 'gitlab'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(path.join(dir, '.gitlab-ci.yml'), 'utf8')).toContain('- local: .gitlab/graphform.gitlab-ci.yml');
    expect(await readFile(path.join(dir, '.gitlab/graphform.gitlab-ci.yml'), 'utf8')).toContain("changes: ['content-sources/**/*'");
    await expect(stat(path.join(dir, '.github'))).rejects.toThrow();
    expect(result.stdout).toContain('Before the first merge request: add the CI/CD variables listed at the top of .gitlab/graphform.gitlab-ci.yml.');
  });

  it('leaves an existing .gitlab-ci.yml alone and says how to include the jobs', async () => {
    const dir = await makeProjectDir({ '.gitlab-ci.yml': 'build:\n  script: [make]\n' });
    const result = await runCli(['init', '--yes', '--ci', 'gitlab'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('exists   .gitlab-ci.yml (left as it is)');
    expect(result.stdout).toContain('.gitlab-ci.yml was there already: add `include: [{ local: .gitlab/graphform.gitlab-ci.yml }]` to it');
    expect(await readFile(path.join(dir, '.gitlab-ci.yml'), 'utf8')).toBe('build:\n  script: [make]\n');
    expect((await stat(path.join(dir, '.gitlab/graphform.gitlab-ci.yml'))).isFile()).toBe(true);
  });

  it('writes no CI files with --ci none', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes', '--ci', 'none'], { cwd: dir });
    expect(result.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['.gitignore', 'content-sources', 'graphform.config.yaml']);
    expect(result.stdout).not.toContain('Before the first');
  });

  it('refuses an unknown provider, naming the choices, and writes nothing', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--ci', 'jenkins'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'jenkins' is invalid. Allowed choices are github, gitlab, none.");
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('graphform init: next steps', () => {
  it('tells the user to cd into the folder it scaffolded, quoted for the shell when needed', async () => {
    const dir = await makeProjectDir();
    const plain = await runCli(['init', 'site', '--yes'], { cwd: dir });
    expect(plain.stdout).toContain('Next:\n  cd site\n  npx graphform plan');
    expect(plain.stdout).toContain('add the secrets and environments listed at the top of .github/workflows/graphform.yml');
    const spaced = await runCli(['init', "my site's", '--yes'], { cwd: dir });
    expect(spaced.stdout).toContain(`  cd 'my site'\\''s'\n`);
  });

  it('says nothing is left to write when every file exists, without a cd for the working directory', async () => {
    const dir = await makeProjectDir();
    await runCli(['init', '--yes'], { cwd: dir });
    const again = await runCli(['init', '--yes'], { cwd: dir });
    expect(again.stdout).toContain('Nothing to write: every file already exists. Next:\n  npx graphform plan');
    expect(again.stdout).not.toContain('cd ');
  });
});

describe('graphform basics', () => {
  it('prints the version and help, and rejects unknown commands with exit 1', async () => {
    const dir = await makeProjectDir();
    expect((await runCli(['--version'], { cwd: dir })).stdout.trim()).toBe('0.1.0');
    expect((await runCli(['--help'], { cwd: dir })).stdout).toContain('Usage: graphform');
    const bad = await runCli(['bogus'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("unknown command 'bogus'");
  });
});
