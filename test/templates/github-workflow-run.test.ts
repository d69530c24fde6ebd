import { describe, expect, it } from 'vitest';
import { ciProject, pushItemFromElsewhere, type CiProject } from './ci-project.js';
import { applyElsewhere, articleProperties, change, manyProperties, MARKER, merge, TAGS, TITLE } from './declaration-edits.js';
import { approvePush } from './github-approval.js';
import { githubEvents, jobRuns, readWorkflow, runJob, type Workflow } from './github-runner.js';
import { isWrite } from '../helpers/emulator.js';

const events = githubEvents;

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

// Each test runs several jobs, each a few built-binary runs: tens of seconds on a loaded machine.
describe('the GitHub workflow, run against the emulator', { timeout: 120_000 }, () => {
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
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({
      formatVersion: 2,
      environment: 'production',
      sources: [{ id: 'site', action: 'partial', dataLoss: false }],
    });
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

  it('replaces the comment with the error when validate or plan fails, so an old plan never stays', async () => {
    const { project, workflow, on } = await appliedProject();
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    const planned = await runJob(project, workflow, 'plan', on.pullRequest(11));
    expect(planned.code, planned.stderr).toBe(0);

    await project.setComments([{ id: 42, user: { type: 'Bot' }, body: `${MARKER}\n${await project.read('plan.md')}` }]);
    await project.write(
      'content-sources/site.yaml',
      (await project.read('content-sources/site.yaml')).replace('Summary: { type: String }', 'Summary: { type: Strin }'),
    );
    const invalid = await runJob(project, workflow, 'plan', on.pullRequest(11));
    expect(invalid.code).toBe(1);
    expect(invalid.failedStep).toBe('Plan');
    expect(invalid.ran).toEqual(['Plan', 'Comment the plan']);
    const edited = (await project.ghCalls()).at(-1);
    expect(edited?.args).toEqual(['api', '--method', 'PATCH', 'repos/acme/site/issues/comments/42', '-F', 'body=@-']);
    const body = edited?.stdin ?? '';
    expect(body).toContain(`${MARKER}\n### graphform plan: \`production\` failed`);
    expect(body).toContain('`graphform validate` failed at f00dfeed, so this pull request has no plan.');
    expect(body).toContain('GF_UNKNOWN_PROPERTY_TYPE');
    expect(body).toContain('did you mean `String`?');
    expect(body).not.toContain('update in place');
    expect(body).not.toMatch(/^::/m);
    expect(invalid.summary).toContain('GF_UNKNOWN_PROPERTY_TYPE');

    // Valid declarations, but plan itself fails (the state server refuses the credentials): a
    // password long enough to pass validate's secret check, which the server does not accept.
    const wrongPassword = 'not-the-state-password';
    await project.write('content-sources/site.yaml', (await project.read('content-sources/site.yaml')).replace('Strin }', 'String }'));
    const refused = await runJob(project, workflow, 'plan', {
      ...on.pullRequest(11),
      expressions: { ...on.pullRequest(11).expressions, 'secrets.STATE_PASSWORD': wrongPassword },
    });
    expect(refused.code).toBe(1);
    const refusedBody = (await project.ghCalls()).at(-1)?.stdin ?? '';
    expect(refusedBody).toContain('`graphform plan` failed at f00dfeed');
    expect(refusedBody).not.toContain(wrongPassword);
    expect(refusedBody).not.toContain(project.secrets.GRAPH_SECRET);
  });

  it('runs codegen --check only where the config configures codegen', async () => {
    const project = await ciProject('github');
    const workflow = await readWorkflow(project);
    const without = await runJob(project, workflow, 'plan', events(project).pullRequest(3));
    expect(without.code, without.stderr).toBe(0);
    expect(without.stdout + without.stderr).not.toContain('codegen');

    await project.write('graphform.config.yaml', `${await project.read('graphform.config.yaml')}codegen:\n  out: generated/graphform\n`);
    const stale = await runJob(project, workflow, 'plan', events(project).pullRequest(3));
    expect(stale.code).toBe(1);
    expect((await project.ghCalls()).at(-1)?.stdin).toContain('`graphform codegen --check` failed');

    const generated = await project.bash('npx graphform codegen', {});
    expect(generated.code, generated.stderr).toBe(0);
    const fresh = await runJob(project, workflow, 'plan', events(project).pullRequest(3));
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(await project.read('plan.md')).toContain('### graphform plan: `production`');
  });

  it('applies a merged change from its saved plan, and no approval job exists without data loss', async () => {
    const { project, workflow, on } = await appliedProject();
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    await merge(project, 'add-summary');
    const applied = await runJob(project, workflow, 'apply', on.push);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.ran).toEqual(['Plan', 'Apply']);
    expect(applied.outputs).toEqual({ data_loss: 'false' });
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({ environment: 'production', summary: { dataLoss: false } });
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Tags', 'Title']);
    expect(jobRuns(workflow, 'approve-data-loss', on.push, { apply: applied })).toBe(false);

    // Nothing to do: no apply step at all.
    const idle = await runJob(project, workflow, 'apply', on.push);
    expect(idle.code, idle.stderr).toBe(0);
    expect(idle.ran).toEqual(['Plan']);
    expect(jobRuns(workflow, 'approve-data-loss', on.push, { apply: idle })).toBe(false);
    expect(jobRuns(workflow, 'apply', on.pullRequest(1))).toBe(false);
    expect(jobRuns(workflow, 'plan', on.push)).toBe(false);
  });

  it('holds a data-losing plan for approval and applies exactly that file once approved', async () => {
    const { project, workflow, on } = await appliedProject();
    await pushItemFromElsewhere(project);
    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    const reviewed = await runJob(project, workflow, 'plan', on.pullRequest(8));
    expect(reviewed.code, reviewed.stderr).toBe(0);
    expect((await project.ghCalls()).at(-1)?.stdin).toContain('**This plan loses content items.**');
    await merge(project, 'drop-tags');

    project.emulator.inspect.clearRequests();
    const serial = project.stateServer.state()?.serial;
    const held = await runJob(project, workflow, 'apply', on.push);
    expect(held.code, held.stderr).toBe(0);
    expect(held.ran).toEqual(['Plan', 'Data loss needs approval']);
    expect(held.outputs).toEqual({ data_loss: 'true' });
    expect(held.stdout).toContain('::warning title=graphform: data loss needs approval::');
    expect(held.summary).toContain(
      'a required reviewer of the production-data-loss environment, or where that environment has none, a maintainer who runs this workflow by hand with approve_run 1001',
    );
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(project.stateServer.state()?.serial).toBe(serial);
    const saved = await project.read('plan.json');
    expect(JSON.parse(saved)).toMatchObject({ summary: { dataLoss: true } });

    expect(workflow.jobs['approve-data-loss']?.environment).toBe('production-data-loss');
    const { gate, applied: approved } = await approvePush(project, workflow, on, held, true);
    expect(gate.outputs).toEqual({ approved: 'true', run: '1001', sha: 'HEAD' });
    expect(gate.summary).toContain('Approved by reviewer, a required reviewer of production-data-loss.');
    expect(approved?.code, approved?.stderr).toBe(0);
    expect(approved?.ran).toEqual(['Apply the approved plan']);
    expect(await project.read('plan.json')).toBe(saved);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Title']);
  });

  it('refuses an approved plan that went stale: state changed after it was planned', async () => {
    const { project, workflow, on } = await appliedProject();
    await pushItemFromElsewhere(project);
    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    await merge(project, 'drop-tags');
    const held = await runJob(project, workflow, 'apply', on.push);
    expect(held.outputs).toEqual({ data_loss: 'true' });

    await applyElsewhere(project);
    const refused = (await approvePush(project, workflow, on, held, true)).applied;
    if (refused === undefined) throw new Error('apply-data-loss did not start after a required reviewer approved');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('GF_PLAN_STALE');
    // main still loses items: nothing that loses them is applied without a new approval.
    expect(refused.stdout).toContain('::warning title=graphform: a newer data loss needs its own approval::');
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Tags', 'Title']);
  });
});
