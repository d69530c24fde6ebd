import { describe, expect, it } from 'vitest';
import { githubPaths, gitlabChanges, watchedPaths, type DeclaredData } from '../../src/cli/init/watched-paths.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

describe('watchedPaths', () => {
  it.each<[string, string, DeclaredData[], string[], string, string]>([
    ['a new project: the sources folder and the tour\'s data/', 'content-sources', [], ['data'], "'content-sources/**', 'data/**'", "'content-sources/**/*', 'data/**/*'"],
    ['the static folders of data: patterns, relative to the declaration', 'content-sources', [{ dir: 'content-sources', patterns: ['../data/shop/*.ndjson', '../feeds/**/*.json'] }], [], "'content-sources/**', 'data/shop/**', 'feeds/**'", "'content-sources/**/*', 'data/shop/**/*', 'feeds/**/*'"],
    ['a folder another covers is left out', 'cs', [{ dir: 'cs/shop', patterns: ['../../data/shop/*.ndjson', 'items/*.ndjson'] }], ['data'], "'cs/**', 'data/**'", "'cs/**/*', 'data/**/*'"],
    ['a file without a wildcard is watched itself, unless a folder covers it', 'cs', [{ dir: 'cs', patterns: ['../seed/items.ndjson', 'local.ndjson'] }], [], "'cs/**', 'seed/items.ndjson'", "'cs/**/*', 'seed/items.ndjson'"],
    ['a pattern that leaves the project, or is absolute, cannot be watched', 'cs', [{ dir: 'cs', patterns: ['../../outside/*.ndjson', '/abs/*.ndjson'] }], [], "'cs/**'", "'cs/**/*'"],
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
