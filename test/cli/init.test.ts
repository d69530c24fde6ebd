import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAnswer, DEFAULT_ANSWERS, scaffold } from '../../src/cli/init/scaffold.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

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
    const files = scaffold({ ...DEFAULT_ANSWERS, sources: 'config/sources' }, { config: 'sources: x\n', source: '{{schemaPath}}', workflow: '' });
    expect(files[1]).toEqual({ path: 'config/sources/site.yaml', content: '../../node_modules/graphform/schema/content-source.schema.json' });
    expect(files[0]?.content).toBe('sources: config/sources\n');
    expect(checkAnswer('id', 'shop')).toBeUndefined();
    expect(checkAnswer('id', 'shops')).toContain('1 to 4');
    expect(checkAnswer('languages', 'en, sv')).toBeUndefined();
    expect(checkAnswer('sources', '../x')).toBeDefined();
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
