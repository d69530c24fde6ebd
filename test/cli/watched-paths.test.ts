import { describe, expect, it } from 'vitest';
import { githubPaths, gitlabChanges, watchedPaths, type DeclaredData } from '../../src/cli/init/watched-paths.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

describe('watchedPaths', () => {
  it.each<[string, string, DeclaredData[], string[], string, string]>([
    [
      "a new project: the sources folder and the tour's data/",
      'content-sources',
      [],
      ['data'],
      "'content-sources/**', 'data/**'",
      "'content-sources/**/*', 'data/**/*'",
    ],
    [
      'the static folders of data: patterns, relative to the declaration',
      'content-sources',
      [{ dir: 'content-sources', patterns: ['../data/shop/*.ndjson', '../feeds/**/*.json'] }],
      [],
      "'content-sources/**', 'data/shop/**', 'feeds/**'",
      "'content-sources/**/*', 'data/shop/**/*', 'feeds/**/*'",
    ],
    [
      'a folder another covers is left out',
      'cs',
      [{ dir: 'cs/shop', patterns: ['../../data/shop/*.ndjson', 'items/*.ndjson'] }],
      ['data'],
      "'cs/**', 'data/**'",
      "'cs/**/*', 'data/**/*'",
    ],
    [
      'a file without a wildcard is watched itself, unless a folder covers it',
      'cs',
      [{ dir: 'cs', patterns: ['../seed/items.ndjson', 'local.ndjson'] }],
      [],
      "'cs/**', 'seed/items.ndjson'",
      "'cs/**/*', 'seed/items.ndjson'",
    ],
    [
      'a pattern that leaves the project, or is absolute, cannot be watched',
      'cs',
      [{ dir: 'cs', patterns: ['../../outside/*.ndjson', '/abs/*.ndjson'] }],
      [],
      "'cs/**'",
      "'cs/**/*'",
    ],
  ])('%s', (_name, sources, declared, folders, github, gitlab) => {
    const watched = watchedPaths(sources, declared, folders);
    expect(githubPaths(watched)).toBe(github);
    expect(gitlabChanges(watched)).toBe(gitlab);
  });
});

describe('graphform init in an existing project', () => {
  it("watches the config's sources folder and the folders of the declarations' data files", async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'sources: defs\n',
      'defs/shop.yaml': 'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes: {}\ndata:\n  - ../catalog/shop/*.ndjson\n',
    });
    const run = await runCli(['init', '--yes', '--ci', 'github'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const workflow = await readFile(path.join(dir, '.github/workflows/graphform.yml'), 'utf8');
    expect(workflow).toContain("paths: ['catalog/shop/**', 'data/**', 'defs/**', 'graphform.config.*', 'package.json', 'package-lock.json']");
  });
});

describe('validate and the paths the CI files watch', () => {
  const site = (data: string): string =>
    `id: site\nlabel: Site\nlanguages: [en]\ncontentTypes:\n  Article:\n    contentType: []\n    properties:\n      Title: { type: String }\ndata:\n  - ${data}\n`;
  const item = '{"Id": "a1", "language_routing": "en", "ContentType": ["Article"], "Title": "A"}\n';

  it.each(['github', 'gitlab'] as const)('warns (%s) about a data file outside them, at its data: entry, naming the folder to add', async (ci) => {
    const dir = await makeProjectDir({ 'feeds/site.ndjson': item, 'data/site.ndjson': item });
    expect((await runCli(['init', '--yes', '--ci', ci], { cwd: dir })).code).toBe(0);
    await writeFile(path.join(dir, 'content-sources/site.yaml'), site('../feeds/*.ndjson'));
    const outside = await runCli(['validate'], { cwd: dir });
    expect(outside.code, outside.stdout).toBe(0);
    expect(outside.stdout).toMatch(
      /content-sources\/site\.yaml:10:5 warning GF_CI_PATHS_MISS_DATA: data: file feeds\/site\.ndjson of source site is outside the (paths: of on\.push|changes: of graphform-apply) in \.git(hub\/workflows\/graphform\.yml|lab\/graphform\.gitlab-ci\.yml): editing it does not run the pipeline; add 'feeds\/\*\*' there\./,
    );

    await writeFile(path.join(dir, 'content-sources/site.yaml'), site('../data/*.ndjson'));
    const inside = await runCli(['validate'], { cwd: dir });
    expect(inside.stdout + inside.stderr).not.toContain('GF_CI_PATHS_MISS_DATA');
  });
});
