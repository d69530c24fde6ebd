import { parse } from 'yaml';
import type { CiProject, ScriptRun } from './ci-project.js';

export interface GitlabJob {
  extends?: string;
  image?: string;
  stage?: string;
  needs?: (string | { pipeline?: string; job: string })[];
  interruptible?: boolean;
  variables?: Record<string, string>;
  cache?: unknown;
  before_script?: string[];
  script?: string[];
  after_script?: string[];
  when?: string;
  trigger?: { include?: { artifact?: string; job?: string }[] };
  rules?: { if?: string; changes?: string[]; when?: string }[];
  resource_group?: string;
  environment?: { name: string };
  allow_failure?: boolean;
  artifacts?: { name?: string; paths?: string[]; expose_as?: string; expire_in?: string; when?: string };
}

export type Pipeline = Record<string, GitlabJob>;

export async function readPipeline(project: Pick<CiProject, 'read'>, file = '.gitlab/graphform.gitlab-ci.yml'): Promise<Pipeline> {
  return parse(await project.read(file)) as Pipeline;
}

/** A job with its `extends:` template merged in, as GitLab merges hidden jobs (one level is all the template uses). */
export function resolveJob(pipeline: Pipeline, name: string): GitlabJob {
  const job = pipeline[name];
  if (job === undefined) throw new Error(`no job ${name}`);
  const base = job.extends === undefined ? {} : pipeline[job.extends];
  if (base === undefined) throw new Error(`${name} extends an unknown job`);
  return { ...base, ...job, variables: { ...base.variables, ...job.variables } };
}

/**
 * Runs a job's before_script and script in one bash -eo pipefail shell, as GitLab's runner
 * does, then its after_script in another (with CI_JOB_STATUS success or failed), with the
 * job's variables (`$NAME` expanded from the CI variables) and the CI variables given.
 * `npm ci` is skipped: the stub npx runs this repository's build. The code is the script's.
 */
export async function runGitlabJob(project: CiProject, pipeline: Pipeline, name: string, variables: Record<string, string>): Promise<ScriptRun> {
  const job = resolveJob(pipeline, name);
  const lines = [...(job.before_script ?? []), ...(job.script ?? [])].filter((line) => !line.startsWith('npm ci'));
  const ci = {
    GITLAB_CI: 'true',
    CI_PROJECT_DIR: project.dir,
    CI_DEFAULT_BRANCH: project.branch,
    CI_COMMIT_SHA: (await project.git('rev-parse', 'HEAD')).trim(),
    ...variables,
  };
  const jobVariables = Object.fromEntries(
    Object.entries(job.variables ?? {}).map(([key, value]) => [key, value.replace(/\$(\w+)/g, (_m, ref: string) => ci[ref as keyof typeof ci] ?? '')]),
  );
  const main = await project.bash(lines.join('\n'), { ...ci, ...jobVariables });
  await project.forgetJobFetches();
  if (job.after_script === undefined) return main;
  const after = await project.bash(job.after_script.join('\n'), { ...ci, ...jobVariables, CI_JOB_STATUS: main.code === 0 ? 'success' : 'failed' });
  return { code: main.code, stdout: main.stdout + after.stdout, stderr: main.stderr + after.stderr };
}
