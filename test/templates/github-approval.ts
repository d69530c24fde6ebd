import { expect } from 'vitest';
import type { CiProject } from './ci-project.js';
import { jobRuns, runJob, withNeeds, type githubEvents, type JobRun, type Workflow } from './github-runner.js';

type Events = ReturnType<typeof githubEvents>;

/** What GitHub lists as the approvals of a run once a required reviewer of production-data-loss approved it. */
export function reviewerApproval(login = 'reviewer'): unknown[] {
  return [{ state: 'approved', comment: '', environments: [{ name: 'production-data-loss' }], user: { login, type: 'User' } }];
}

/**
 * The approval path of a push run whose apply job held a data loss: approve-data-loss (the
 * gate; a required reviewer approved when `reviewer` is set), then apply-data-loss when the
 * gate says approved. Returns both; `applied` is undefined when GitHub would not start it.
 */
export async function approvePush(
  project: CiProject,
  workflow: Workflow,
  on: Events,
  held: JobRun,
  reviewer: boolean,
): Promise<{ gate: JobRun; applied?: JobRun }> {
  await project.setGhResponse('repos/acme/site/actions/runs/1001/approvals', reviewer ? reviewerApproval() : []);
  expect(jobRuns(workflow, 'approve-data-loss', on.push, { apply: held }), 'approve-data-loss starts after a held apply').toBe(true);
  const gate = await runJob(project, workflow, 'approve-data-loss', on.push);
  expect(gate.code, gate.stderr).toBe(0);
  if (!jobRuns(workflow, 'apply-data-loss', on.push, { 'approve-data-loss': gate })) return { gate };
  return { gate, applied: await runJob(project, workflow, 'apply-data-loss', withNeeds(on.push, 'approve-data-loss', gate)) };
}
