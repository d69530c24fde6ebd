import { describe, expect, it } from 'vitest';
import { ciProject, pushItemFromElsewhere } from './ci-project.js';
import { articleProperties, change, MARKER, merge, TAGS } from './declaration-edits.js';
import { approvePush } from './github-approval.js';
import { githubEvents, jobRuns, readWorkflow, runJob, withNeeds } from './github-runner.js';
import { isWrite } from '../helpers/emulator.js';

/** A project applied once, then a merged change whose plan loses an item: the apply job holds it. */
async function heldDataLoss() {
  const project = await ciProject('github');
  const workflow = await readWorkflow(project);
  const on = githubEvents(project);
  const first = await runJob(project, workflow, 'apply', on.push);
  expect(first.code, first.stderr).toBe(0);
  await pushItemFromElsewhere(project);
  await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
  await merge(project, 'drop-tags');
  const commit = (await project.git('rev-parse', 'HEAD')).trim();
  const held = await runJob(project, workflow, 'apply', on.push);
  expect(held.outputs).toEqual({ data_loss: 'true' });
  project.emulator.inspect.clearRequests();
  return { project, workflow, on, held, commit };
}

// Each test runs several jobs, each a few built-binary runs.
describe('the GitHub approval of a data loss, run against the emulator', { timeout: 180_000 }, () => {
  it('without required reviewers applies nothing until a person runs the workflow by hand naming the run', async () => {
    const { project, workflow, on, held, commit } = await heldDataLoss();
    // The environment has no required reviewers (GitHub's free plan, private repository): the job starts at once, nobody approved.
    const { gate, applied } = await approvePush(project, workflow, on, held, false);
    expect(gate.outputs.approved, 'the gate passed without any person approving').toBe('false');
    expect(applied, 'apply-data-loss started without an approval').toBeUndefined();
    expect(gate.stdout).toContain('::warning title=graphform: data loss waits for a person::');
    expect(gate.summary).toContain('approve_run 1001 (or: gh workflow run graphform.yml -f approve_run=1001)');
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(articleProperties(project)).toContain('Tags');

    // A maintainer reads the plan and runs the workflow by hand, naming the held run: that run's commit and plan.json are applied.
    // GitHub's API reference shows a run's path with its ref after @: the check takes the file alone.
    await project.setGhResponse('repos/acme/site/actions/runs/1001', {
      event: 'push',
      head_branch: 'main',
      head_sha: commit,
      path: '.github/workflows/graphform.yml@main',
    });
    const dispatch = on.dispatch('1001');
    for (const job of ['plan', 'plan-skipped', 'apply']) expect(jobRuns(workflow, job, dispatch), `${job} runs on a run by hand`).toBe(false);
    expect(jobRuns(workflow, 'approve-data-loss', dispatch)).toBe(true);
    const byHand = await runJob(project, workflow, 'approve-data-loss', dispatch);
    expect(byHand.code, byHand.stderr).toBe(0);
    expect(byHand.outputs).toEqual({ approved: 'true', run: '1001', sha: commit });
    expect(byHand.summary).toContain(`Approved by maintainer: the plan of run 1001 (${commit}).`);
    expect(jobRuns(workflow, 'apply-data-loss', dispatch, { 'approve-data-loss': byHand })).toBe(true);
    const approved = await runJob(project, workflow, 'apply-data-loss', withNeeds(dispatch, 'approve-data-loss', byHand));
    expect(approved.code, approved.stderr).toBe(0);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Title']);
  });

  it('by hand, refuses a run that is not a push run of this workflow on the default branch', async () => {
    const { project, workflow, on } = await heldDataLoss();
    await project.setGhResponse('repos/acme/site/actions/runs/77', {
      event: 'pull_request',
      head_branch: 'feature',
      head_sha: 'abc',
      path: '.github/workflows/graphform.yml',
    });
    const refused = await runJob(project, workflow, 'approve-data-loss', on.dispatch('77'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Run 77 is a pull_request run of .github/workflows/graphform.yml on feature');
    expect(jobRuns(workflow, 'apply-data-loss', on.dispatch('77'), { 'approve-data-loss': refused })).toBe(false);
    const garbage = await runJob(project, workflow, 'approve-data-loss', on.dispatch('1001; rm -rf /'));
    expect(garbage.code).toBe(1);
    expect(garbage.stdout).toContain('approve_run must be the id of a run');
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });

  it('skips pull requests from forks and bots with a notice instead of failing', async () => {
    const project = await ciProject('github');
    const workflow = await readWorkflow(project);
    const on = githubEvents(project);
    const fork = on.pullRequest(12, { repository: 'someone/site' });
    const bot = on.pullRequest(13, { userType: 'Bot' });
    for (const event of [fork, bot]) {
      expect(jobRuns(workflow, 'plan', event), 'the plan job runs without secrets').toBe(false);
      expect(jobRuns(workflow, 'plan-skipped', event)).toBe(true);
    }
    expect(jobRuns(workflow, 'plan-skipped', on.pullRequest(14))).toBe(false);
    const skipped = await runJob(project, workflow, 'plan-skipped', fork);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('::notice title=graphform: no plan for this pull request::');
    expect(await project.ghCalls()).toEqual([]);
  });

  it("puts a failed plan's diagnostics in the comment, with the file and line, and masks the service's and state's addresses", async () => {
    const project = await ciProject('github');
    const workflow = await readWorkflow(project);
    const on = githubEvents(project);
    await project.write('content-sources/site.yaml', `${await project.read('content-sources/site.yaml')}data:\n  - ../data/site/*.ndjson\n`);
    const good = JSON.stringify({ Id: 'a1', language_routing: 'en', ContentType: ['Article'], Title: 'First' });
    const bad = JSON.stringify({ Id: 'a2', language_routing: 'en', ContentType: ['Article'], Title: 2 });
    await project.write('data/site/articles.ndjson', `${good}\n${bad}\n`);
    const failed = await runJob(project, workflow, 'plan', on.pullRequest(21));
    expect(failed.code).toBe(1);
    const body = (await project.ghCalls()).at(-1)?.stdin ?? '';
    expect(body.startsWith(`${MARKER}\n### graphform plan: \`production\` failed`)).toBe(true);
    expect(body, 'the comment names the data file and the line of the bad item').toMatch(/data\/site\/articles\.ndjson:2/);
    expect(body).toMatch(/GF_DATA_\w+/);
    expect(failed.summary).toMatch(/data\/site\/articles\.ndjson:2/);

    // The state server refuses the credentials: its address is not shown in the comment.
    await project.write('data/site/articles.ndjson', `${good}\n`);
    const refused = await runJob(project, workflow, 'plan', {
      ...on.pullRequest(21),
      expressions: { ...on.pullRequest(21).expressions, 'secrets.STATE_PASSWORD': 'wrong-password' },
    });
    expect(refused.code).toBe(1);
    const refusedBody = (await project.ghCalls()).at(-1)?.stdin ?? '';
    expect(refusedBody).toContain('`graphform plan` failed');
    const stateHost = new URL(project.secrets.STATE_URL ?? '').host;
    const graphHost = new URL(project.secrets.GRAPH_URL ?? '').host;
    // The log has it (GitHub masks secrets in logs itself, not in comments): the comment's mask is what hides it.
    expect(refused.stdout + refused.stderr).toContain(stateHost);
    for (const hidden of [stateHost, graphHost, project.secrets.GRAPH_SECRET ?? '', 'wrong-password']) expect(refusedBody).not.toContain(hidden);
  });
});
