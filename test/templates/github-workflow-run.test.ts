import { describe, expect, it } from 'vitest';
import { ciProject, type CiProject } from './ci-project.js';
import { articleProperties, change, manyProperties, MARKER, merge, TAGS, TITLE } from './declaration-edits.js';
import { readWorkflow, runJob, secretExpressions, type Expressions, type Workflow } from './github-runner.js';

/** The runs GitHub starts, with the expression values it fills in for each. */
function events(project: CiProject) {
  const secrets = secretExpressions(project.secrets);
  const pullRequest = (number: number): { name: string; expressions: Expressions } => ({
    name: 'pull_request',
    expressions: { ...secrets, 'github.token': 'ghs_test_token', 'github.event.pull_request.number': String(number) },
  });
  return {
    pullRequest,
    push: { name: 'push', expressions: { ...secrets, 'inputs.allow_data_loss': '' } },
    approve: { name: 'workflow_dispatch', expressions: { ...secrets, 'inputs.allow_data_loss': 'true' } },
  };
}

/** A project whose scaffolded source is already on main and applied, as after the first merge. */
async function appliedProject(): Promise<{ project: CiProject; workflow: Workflow; on: ReturnType<typeof events> }> {
  const project = await ciProject('github');
  const workflow = await readWorkflow(project);
  const on = events(project);
  const first = await runJob(project, workflow, 'apply', on.push);
  expect(first.code, first.stderr).toBe(0);
  expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Tags', 'Title']);
  return { project, workflow, on };
}

describe('the GitHub workflow, run against the emulator', () => {
  it('plans a pull request into one comment: posted by the first run, edited by the next', async () => {
    const { project, workflow, on } = await appliedProject();
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));

    const first = await runJob(project, workflow, 'plan', on.pullRequest(7));
    expect(first.code, first.stderr).toBe(0);
    const plan = await project.read('plan.md');
    expect(plan).toContain('### graphform plan: `production`');
    expect(plan).toContain('update in place');
    expect(first.stdout).toContain(plan);
    expect(first.summary).toBe(plan);
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({ formatVersion: 2, environment: 'production', sources: [{ id: 'site', action: 'partial', dataLoss: false }] });
    const posted = await project.ghCalls();
    expect(posted.map((call) => call.args)).toEqual([
      ['api', '--paginate', 'repos/acme/site/issues/7/comments', '--jq', `.[] | select(.user.type == "Bot" and (.body | startswith("${MARKER}"))) | .id`],
      ['api', '--method', 'POST', 'repos/acme/site/issues/7/comments', '-F', 'body=@-'],
    ]);
    expect(posted[1]?.stdin).toBe(`${MARKER}\n${plan}`);
    expect(first.stdout).toContain('Posted the plan comment.');

    // The next run finds the bot's comment by its marker; a person's comment that starts with it is not edited.
    await project.setComments([
      { id: 5, user: { type: 'User' }, body: `${MARKER}\nsomeone pasted the plan` },
      { id: 42, user: { type: 'Bot' }, body: `${MARKER}\nthe previous plan` },
      { id: 43, user: { type: 'Bot' }, body: 'another bot' },
    ]);
    const second = await runJob(project, workflow, 'plan', on.pullRequest(7));
    expect(second.code, second.stderr).toBe(0);
    const edited = (await project.ghCalls()).slice(2);
    expect(edited.map((call) => call.args[2])).toEqual(['repos/acme/site/issues/7/comments', 'PATCH']);
    expect(edited[1]?.args).toEqual(['api', '--method', 'PATCH', 'repos/acme/site/issues/comments/42', '-F', 'body=@-']);
    expect(edited[1]?.stdin).toBe(`${MARKER}\n${await project.read('plan.md')}`);
    expect(second.stdout).toContain('Updated the plan comment.');
    expect(articleProperties(project)).not.toContain('Summary');
  });

  it('cuts a plan too long for one comment, with its note, and logs all of it', async () => {
    const project = await ciProject('github');
    const workflow = await readWorkflow(project);
    await change(project, 'wide', (text) => text.replace(TAGS, `${TAGS}${manyProperties(700)}\n`));
    const run = await runJob(project, workflow, 'plan', events(project).pullRequest(9));
    expect(run.code, run.stderr).toBe(0);
    const body = (await project.ghCalls()).at(-1)?.stdin ?? '';
    expect(body.startsWith(`${MARKER}\n### graphform plan`)).toBe(true);
    expect(body.length).toBeLessThan(60_100);
    expect(body).toContain('**This plan is cut**');
    expect(body).not.toContain('Property0699WithAFairlyLongName');
    expect(run.stdout).toContain('The whole plan, with each request body:');
    expect(run.stdout).toContain('Property0699WithAFairlyLongName');
  });

  it('applies a merged change, stops a data-losing one with exit 3 and how to approve it, and applies it once approved', async () => {
    const { project, workflow, on } = await appliedProject();
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    await merge(project, 'add-summary');
    const applied = await runJob(project, workflow, 'apply', on.push);
    expect(applied.code, applied.stderr).toBe(0);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Tags', 'Title']);

    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    const reviewed = await runJob(project, workflow, 'plan', on.pullRequest(8));
    expect(reviewed.code, reviewed.stderr).toBe(0);
    const comment = (await project.ghCalls()).at(-1);
    expect(comment?.stdin).toContain('**This plan deletes content items.**');
    await merge(project, 'drop-tags');

    project.emulator.inspect.clearRequests();
    const serial = project.stateServer.state()?.serial;
    const stopped = await runJob(project, workflow, 'apply', on.push);
    expect(stopped.code, stopped.stderr).toBe(3);
    expect(stopped.failedStep).toBe('Apply');
    expect(stopped.stdout).toContain('::error title=graphform: data loss needs approval::This change deletes content items, so nothing was applied.');
    expect(stopped.stdout).toContain('Run workflow on main with allow_data_loss ticked');
    expect(stopped.summary).toContain('a required reviewer of the production-data-loss environment then approves that run');
    expect(project.emulator.inspect.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    expect(project.stateServer.state()?.serial).toBe(serial);
    expect(articleProperties(project)).toContain('Tags');

    const approved = await runJob(project, workflow, 'apply', on.approve);
    expect(approved.code, approved.stderr).toBe(0);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Title']);
  });
});
