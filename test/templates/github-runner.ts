import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { CiProject, ScriptRun } from './ci-project.js';
import { evaluate } from './github-expressions.js';

export interface WorkflowStep {
  id?: string;
  if?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface WorkflowJob {
  if?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
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
  /** The job's `outputs:`, filled from its steps' $GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The names of the `run:` steps that ran, in order. */
  ran: string[];
}

/**
 * Runs a job's `run:` steps in order, as the runner does: each with bash -eo pipefail (the
 * workflow's `defaults.run.shell: bash`), its `env:` with the expressions filled in, and
 * the runner's GITHUB_* variables. A step runs when its `if:` holds (by default: no step
 * failed yet); what a step writes to $GITHUB_OUTPUT is `steps.<id>.outputs.<name>` for the
 * later ones. `uses:` steps (checkout, setup-node, the artifact actions) are the runner's
 * business and are skipped (the job's files stay in the work tree, as an artifact would
 * bring them back), as is `npm ci`: the stub npx runs this repository's build.
 */
export async function runJob(project: CiProject, workflow: Workflow, jobName: string, event: { name: string; expressions: Expressions }): Promise<JobRun> {
  const job = workflow.jobs[jobName];
  if (job === undefined) throw new Error(`no job ${jobName}`);
  const stamp = `${jobName}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const summaryFile = path.join(project.scratch, `summary-${stamp}.md`);
  await writeFile(summaryFile, '');
  const values: Expressions = { ...event.expressions };
  let stdout = '';
  let stderr = '';
  let failedStep: string | undefined;
  let code = 0;
  const ran: string[] = [];
  for (const [index, step] of job.steps.entries()) {
    if (step.run === undefined || step.run.trim() === 'npm ci') continue;
    if (!evaluate(step.if ?? 'success()', { values, failed: failedStep !== undefined })) continue;
    const outputFile = path.join(project.scratch, `output-${stamp}-${index}.txt`);
    await writeFile(outputFile, '');
    const runner = {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: event.name,
      GITHUB_REPOSITORY: 'acme/site',
      GITHUB_RUN_ID: values['github.run_id'] ?? '',
      GITHUB_SHA: values['github.sha'] ?? '',
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
    };
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(String(value), values)]));
    const result = await project.bash(step.run, { ...runner, ...env });
    ran.push(step.name ?? step.run);
    stdout += result.stdout;
    stderr += result.stderr;
    if (step.id !== undefined) {
      for (const line of (await readFile(outputFile, 'utf8')).split('\n')) {
        const at = line.indexOf('=');
        if (at > 0) values[`steps.${step.id}.outputs.${line.slice(0, at)}`] = line.slice(at + 1);
      }
    }
    if (result.code !== 0 && failedStep === undefined) {
      failedStep = step.name ?? step.run;
      code = result.code;
    }
  }
  await project.forgetJobFetches();
  // Outputs of steps that did not run are '' on GitHub (fill() would throw on them).
  const outputs = Object.fromEntries(
    Object.entries(job.outputs ?? {}).map(([key, value]) => [key, value.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_m, name: string) => values[name] ?? '')]),
  );
  return { code, stdout, stderr, summary: await readFile(summaryFile, 'utf8'), outputs, ran, ...(failedStep === undefined ? {} : { failedStep }) };
}

/** Whether GitHub starts a job: its `if:` against the event and the outputs of the jobs it needs. */
export function jobRuns(workflow: Workflow, jobName: string, event: { expressions: Expressions }, needs: Record<string, JobRun> = {}): boolean {
  const job = workflow.jobs[jobName];
  if (job === undefined) throw new Error(`no job ${jobName}`);
  const needed = job.needs === undefined ? [] : [job.needs].flat();
  // Without a status function in its `if:`, a job whose needed job failed or did not run is skipped.
  const statusChecked = /\b(always|cancelled|failure)\(\)/.test(job.if ?? '');
  if (!statusChecked && needed.some((name) => needs[name] === undefined || needs[name].code !== 0)) return false;
  const values: Expressions = { ...event.expressions };
  for (const name of needed) {
    const run = needs[name];
    values[`needs.${name}.result`] = run === undefined ? 'skipped' : run.code === 0 ? 'success' : 'failure';
    for (const [key, value] of Object.entries(run?.outputs ?? {})) values[`needs.${name}.outputs.${key}`] = value;
  }
  return job.if === undefined || evaluate(job.if, { values, failed: false });
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

/** Who opened a pull request: a person from a branch of the repository, unless a test says a fork or a bot. */
export interface PullRequestFrom {
  repository?: string;
  userType?: 'User' | 'Bot';
}

/**
 * The runs GitHub starts, with the expression values it fills in for each: a pull request's
 * (by number), a push to the default branch (run 1001), and a run by hand that approves
 * the data loss of another run (`approve_run`).
 */
export function githubEvents(project: Pick<CiProject, 'secrets' | 'branch'>) {
  const secrets = secretExpressions(project.secrets);
  const repository = {
    ...secrets,
    'github.repository': 'acme/site',
    'github.token': 'ghs_test_token',
    'github.event.repository.default_branch': project.branch,
  };
  const pullRequest = (number: number, from: PullRequestFrom = {}): { name: string; expressions: Expressions } => ({
    name: 'pull_request',
    expressions: {
      ...repository,
      'github.event_name': 'pull_request',
      'github.ref': `refs/pull/${number}/merge`,
      'github.ref_name': `${number}/merge`,
      'github.event.pull_request.number': String(number),
      'github.event.pull_request.head.sha': 'f00dfeed',
      'github.event.pull_request.head.repo.full_name': from.repository ?? 'acme/site',
      'github.event.pull_request.user.type': from.userType ?? 'User',
      // GitHub gives the base branch's commit; a ref the simulated origin resolves stands in for it.
      'github.event.pull_request.base.sha': project.branch,
      'github.event.pull_request.base.ref': project.branch,
    },
  });
  const push = {
    name: 'push',
    expressions: {
      ...repository,
      'github.event_name': 'push',
      'github.ref': `refs/heads/${project.branch}`,
      'github.ref_name': project.branch,
      'github.run_id': '1001',
      'github.sha': 'HEAD',
      'github.triggering_actor': 'dev',
      'inputs.approve_run': '',
    },
  };
  const dispatch = (approveRun: string, actor = 'maintainer'): { name: string; expressions: Expressions } => ({
    name: 'workflow_dispatch',
    expressions: {
      ...repository,
      'github.event_name': 'workflow_dispatch',
      'github.ref': `refs/heads/${project.branch}`,
      'github.ref_name': project.branch,
      'github.run_id': '2002',
      'github.sha': 'HEAD',
      'github.triggering_actor': actor,
      'inputs.approve_run': approveRun,
    },
  });
  return { pullRequest, push, dispatch };
}

/** An event's expressions with the outputs of a job it needs, as `needs.<job>.outputs.<name>`. */
export function withNeeds(event: { name: string; expressions: Expressions }, job: string, run: JobRun): { name: string; expressions: Expressions } {
  const outputs = Object.fromEntries(Object.entries(run.outputs).map(([key, value]) => [`needs.${job}.outputs.${key}`, value]));
  return { name: event.name, expressions: { ...event.expressions, ...outputs } };
}
