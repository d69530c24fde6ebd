import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { CiProject, ScriptRun } from './ci-project.js';

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface WorkflowJob {
  if?: string;
  'runs-on'?: string;
  permissions?: Record<string, string>;
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  environment?: string;
  steps: WorkflowStep[];
}

export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: unknown;
  defaults?: { run?: { shell?: string } };
  jobs: Record<string, WorkflowJob>;
}

export async function readWorkflow(project: Pick<CiProject, 'read'>): Promise<Workflow> {
  return parse(await project.read('.github/workflows/graphform.yml')) as Workflow;
}

/** The values of the `${{ … }}` expressions the steps use, for one event. */
export type Expressions = Record<string, string>;

export interface JobRun extends ScriptRun {
  /** The `name` or `run` of the step that failed, if one did. */
  failedStep?: string;
  /** What the steps appended to $GITHUB_STEP_SUMMARY. */
  summary: string;
}

/**
 * Runs a job's `run:` steps in order, as the runner does: each with bash -eo pipefail (the
 * workflow's `defaults.run.shell: bash`), its `env:` with the expressions filled in, and
 * the runner's GITHUB_* variables; the first failing step ends the job. `uses:` steps
 * (checkout, setup-node, upload-artifact) are the runner's business and are skipped, as is
 * `npm ci`: the stub npx runs this repository's build.
 */
export async function runJob(project: CiProject, workflow: Workflow, jobName: string, event: { name: string; expressions: Expressions }): Promise<JobRun> {
  const job = workflow.jobs[jobName];
  if (job === undefined) throw new Error(`no job ${jobName}`);
  const summaryFile = path.join(project.scratch, `summary-${jobName}-${Date.now()}.md`);
  await writeFile(summaryFile, '');
  const runner = { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: event.name, GITHUB_REPOSITORY: 'acme/site', GITHUB_STEP_SUMMARY: summaryFile };
  let stdout = '';
  let stderr = '';
  for (const step of job.steps) {
    if (step.run === undefined || step.run.trim() === 'npm ci') continue;
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(String(value), event.expressions)]));
    const result = await project.bash(step.run, { ...runner, ...env });
    stdout += result.stdout;
    stderr += result.stderr;
    if (result.code !== 0) return { code: result.code, stdout, stderr, failedStep: step.name ?? step.run, summary: await readFile(summaryFile, 'utf8') };
  }
  return { code: 0, stdout, stderr, summary: await readFile(summaryFile, 'utf8') };
}

/** Fills `${{ expr }}`; an expression the test did not give a value for fails loudly, so template changes are noticed. */
export function fill(text: string, expressions: Expressions): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_match, expression: string) => {
    const value = expressions[expression];
    if (value === undefined) throw new Error(`the test has no value for \${{ ${expression} }}`);
    return value;
  });
}

/** What GitHub fills in from the repository's secrets. */
export function secretExpressions(secrets: Record<string, string>): Expressions {
  return Object.fromEntries(Object.entries(secrets).map(([name, value]) => [`secrets.${name}`, value]));
}
