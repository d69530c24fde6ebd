import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const WORKFLOW = '.github/workflows/graphform.yml';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' },
  });
}

interface On {
  pull_request: { branches: string[] };
  push: { branches: string[] };
}

async function workflowOf(dir: string): Promise<{ text: string; on: On }> {
  const text = await readFile(path.join(dir, WORKFLOW), 'utf8');
  return { text, on: (parse(text) as { on: On }).on };
}

/** `main` where it would decide a branch: not the artifact's name (graphform-main-plan) or the work file main.plan.*. */
function namesMain(text: string): string[] {
  return text.split('\n').filter((line) => /\bmain\b/.test(line.replace(/graphform-main-plan|main\.plan\.\w+/g, '')));
}

describe('graphform init follows the default branch', () => {
  it('writes a workflow that runs on master in a repository whose branch is master', async () => {
    const dir = await makeProjectDir();
    git(dir, 'init', '--quiet', '--initial-branch=master');
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('The workflow applies on master, the default branch (the branch this repository is on).');
    const { text, on } = await workflowOf(dir);
    expect(on.push.branches).toEqual(['master']);
    expect(on.pull_request.branches).toEqual(['master']);
    expect(namesMain(text), 'lines that still name main').toEqual([]);
  });

  it("takes origin's default branch over the branch a clone is on", async () => {
    const upstream = await makeProjectDir();
    git(upstream, 'init', '--quiet', '--initial-branch=trunk');
    git(upstream, 'commit', '--quiet', '--allow-empty', '--message', 'start');
    const parent = await makeProjectDir();
    git(parent, 'clone', '--quiet', upstream, 'clone');
    const dir = path.join(parent, 'clone');
    git(dir, 'checkout', '--quiet', '-b', 'add-graphform');
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.stdout).toContain("The workflow applies on trunk, the default branch (origin's HEAD).");
    expect((await workflowOf(dir)).on.push.branches).toEqual(['trunk']);
  });

  it("takes the CI's own variable first, and quotes a branch name for YAML", async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes'], { cwd: dir, env: { CI_DEFAULT_BRANCH: "release's" } });
    expect(result.stdout).toContain("The workflow applies on release's, the default branch (CI_DEFAULT_BRANCH).");
    expect((await workflowOf(dir)).on.push.branches).toEqual(["release's"]);
  });
});
