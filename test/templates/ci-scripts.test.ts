import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bashSyntaxError } from './bash-syntax.js';
import type { Workflow } from './github-runner.js';
import type { Pipeline } from './gitlab-runner.js';
import { fileText, scaffolded } from './templates.js';

const SCRIPT_KEYS = ['before_script', 'script', 'after_script'] as const;

/** Every script of every job of a GitLab file, named `job.key`: each must be a list of strings. */
function gitlabScripts(pipeline: Pipeline): [string, unknown][] {
  return Object.entries(pipeline).flatMap(([job, definition]) =>
    SCRIPT_KEYS.filter((key) => definition[key] !== undefined).map((key): [string, unknown] => [`${job}.${key}`, definition[key]]),
  );
}

describe('the scripts of the generated CI files', () => {
  it('GitLab: every script of every file init writes (the child pipelines included) is a list of strings that bash parses', async () => {
    const files = (await scaffolded('gitlab')).filter((file) => file.path.startsWith('.gitlab/'));
    expect(files.map((file) => file.path).sort()).toEqual([
      '.gitlab/graphform-data-loss.gitlab-ci.yml',
      '.gitlab/graphform-no-approval.gitlab-ci.yml',
      '.gitlab/graphform.gitlab-ci.yml',
    ]);
    let checked = 0;
    for (const file of files) {
      for (const [name, lines] of gitlabScripts(parse(file.content) as Pipeline)) {
        expect(Array.isArray(lines) && lines.every((line) => typeof line === 'string'), `${file.path} ${name} is a list of strings`).toBe(true);
        for (const line of lines as string[]) expect(bashSyntaxError(line), `${file.path} ${name}: ${line.slice(0, 80)}`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  it('GitHub: every run step parses with bash, and every job has a timeout', async () => {
    const workflow = parse(fileText(await scaffolded('github'), '.github/workflows/graphform.yml')) as Workflow & {
      jobs: Record<string, { 'timeout-minutes'?: number }>;
    };
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job['timeout-minutes'], `job ${name} has no timeout-minutes`).toBeGreaterThan(0);
      for (const step of job.steps) if (step.run !== undefined) expect(bashSyntaxError(step.run), `${name}: ${step.name ?? step.run}`).toBeUndefined();
    }
  });

  it('GitLab: every job has a timeout', async () => {
    for (const file of (await scaffolded('gitlab')).filter((f) => f.path.startsWith('.gitlab/'))) {
      const pipeline = parse(file.content) as Record<string, { script?: unknown; trigger?: unknown; timeout?: string }>;
      for (const [name, job] of Object.entries(pipeline))
        if (job.script !== undefined && !name.startsWith('.')) expect(job.timeout, `${file.path} ${name}`).toMatch(/\d+ (minutes|hours?)/);
    }
  });
});
