import { describe, expect, it } from 'vitest';
import { graphClientFor } from '../helpers/emulator.js';
import { ciProject, pushItemFromElsewhere, type CiProject } from './ci-project.js';
import { articleProperties, branchWith, MARKER, NEWS, NEWS_HEADLINE, TAGS } from './declaration-edits.js';
import { approvePush } from './github-approval.js';
import { githubEvents, readWorkflow, runJob, type JobRun, type Workflow } from './github-runner.js';

/**
 * Issue 28's "Done when", over a run of pull requests executed with the generated workflow's
 * own lines: each pull request is a branch from main, planned by the plan job (its comment
 * read back from the stub gh), merged, and applied by the apply job of the push to main; an
 * approval is the apply-data-loss job, run from the commit its run was for, with that run's
 * plan.json (the artifact) in place.
 */

const NEWS_ITEM =
  '{"index":{"_id":"n1","language_routing":"en"}}\n{"ContentType":["NewsItem"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Headline___searchable":"Hello"}\n';

interface Team {
  project: CiProject;
  workflow: Workflow;
  on: ReturnType<typeof githubEvents>;
}

async function team(): Promise<Team> {
  const project = await ciProject('github');
  const workflow = await readWorkflow(project);
  const on = githubEvents(project);
  const first = await runJob(project, workflow, 'apply', on.push);
  expect(first.code, first.stderr).toBe(0);
  return { project, workflow, on };
}

/** A pull request: a branch from main whose one commit writes (or, for null, deletes) files; its plan job runs; returns the comment it posted. */
async function pullRequest({ project, workflow, on }: Team, number: number, files: Record<string, string | null>): Promise<string> {
  await branchWith(project, `pr-${number}`, files);
  const planned = await runJob(project, workflow, 'plan', on.pullRequest(number));
  expect(planned.code, planned.stderr).toBe(0);
  const comment = (await project.ghCalls()).at(-1)?.stdin ?? '';
  expect(comment.startsWith(MARKER)).toBe(true);
  return comment;
}

/** Merges the pull request into main and runs the push's apply job; returns it, with the commit and the plan file it saved. */
async function mergeAndApply(t: Team, number: number): Promise<{ run: JobRun; commit: string; planFile: string }> {
  const { project, workflow, on } = t;
  await project.git('checkout', '--quiet', 'main');
  await project.git('merge', '--quiet', '--no-ff', '--message', `Merge pull request ${number}`, `pr-${number}`);
  const commit = (await project.git('rev-parse', 'HEAD')).trim();
  const run = await runJob(project, workflow, 'apply', on.push);
  expect(run.code, run.stderr).toBe(0);
  return { run, commit, planFile: await project.read('plan.json') };
}

/** A reviewer approves the run's apply-data-loss job: it runs on that run's commit, with that run's plan.json. */
async function approve({ project, workflow, on }: Team, held: { run: JobRun; commit: string; planFile: string }): Promise<JobRun> {
  await project.git('checkout', '--quiet', '--detach', held.commit);
  await project.write('plan.json', held.planFile);
  const { applied } = await approvePush(project, workflow, on, held.run, true);
  await project.git('checkout', '--quiet', 'main');
  if (applied === undefined) throw new Error('apply-data-loss did not start after a required reviewer approved');
  return applied;
}

/** The items of a source as the emulator holds them: id → Title. */
function titles(project: CiProject, id: string): Record<string, unknown> {
  const page = project.emulator.inspect.items(id, { limit: 100 });
  return Object.fromEntries(
    (page?.items ?? []).map((item) => {
      const data = item.data as Record<string, unknown>;
      return [item._id, data.Title___searchable ?? data.Title];
    }),
  );
}

const line = (id: string, title: string): string => JSON.stringify({ Id: id, language_routing: 'en', ContentType: ['Article'], Title: title });

// Each test runs many jobs, each a few built-binary runs.
describe('pull requests through the generated GitHub workflow, against the emulator', { timeout: 300_000 }, () => {
  it('a data file edit reaches the service after merge: items added, changed and removed', async () => {
    const t = await team();
    const declaration = `${await t.project.read('content-sources/site.yaml')}data:\n  - ../data/site/*.ndjson\n`;
    await pullRequest(t, 1, {
      'content-sources/site.yaml': declaration,
      'data/site/articles.ndjson': [line('a1', 'First'), line('a2', 'Second'), line('a3', 'Third'), ''].join('\n'),
    });
    const first = await mergeAndApply(t, 1);
    expect(first.run.ran).toEqual(['Plan', 'Apply']);
    await expect.poll(() => titles(t.project, 'site'), { timeout: 20_000 }).toEqual({ a1: 'First', a2: 'Second', a3: 'Third' });

    // Only the data file changes: the workflow runs (data/ is watched), plans the items, and apply sends them.
    const comment = await pullRequest(t, 2, {
      'data/site/articles.ndjson': [line('a1', 'First, edited'), line('a2', 'Second'), line('a4', 'Fourth'), ''].join('\n'),
    });
    expect(comment).toMatch(/a4/);
    const second = await mergeAndApply(t, 2);
    expect(second.run.ran).toEqual(['Plan', 'Apply']);
    await expect.poll(() => titles(t.project, 'site'), { timeout: 20_000 }).toEqual({ a1: 'First, edited', a2: 'Second', a4: 'Fourth' });
  });

  it('a source deleted through a pull request is deleted once its plan is approved (prune: true)', async () => {
    const t = await team();
    await pullRequest(t, 1, { 'content-sources/news.yaml': NEWS });
    await mergeAndApply(t, 1);
    expect(t.project.emulator.inspect.definition('news')).toBeDefined();
    await graphClientFor(t.project.emulator).pushData('news', NEWS_ITEM);
    await expect.poll(() => t.project.emulator.inspect.counts('news')?.total, { timeout: 10_000 }).toBe(1);

    const comment = await pullRequest(t, 2, { 'content-sources/news.yaml': null });
    expect(comment).toContain('environment production has `prune: true` in the config: DELETE sources deletes the source itself');
    expect(comment).toContain('**This plan deletes content items.**');
    expect(comment).toContain('deletes 1 item (en 1)');
    const held = await mergeAndApply(t, 2);
    expect(held.run.ran).toEqual(['Plan', 'Data loss needs approval']);
    expect(held.run.summary).toContain('environment production has `prune: true`');
    expect(t.project.emulator.inspect.definition('news')).toBeDefined();

    const approved = await approve(t, held);
    expect(approved.code, approved.stderr).toBe(0);
    expect(t.project.emulator.inspect.definition('news')).toBeUndefined();
    expect(Object.keys(t.project.stateServer.state()?.sources ?? {})).toEqual(['site']);
    expect(approved.stdout).toContain('main holds nothing more to apply.');
  });

  it('an approved data-losing change followed by a safe one leaves both applied without a manual re-run', async () => {
    const t = await team();
    await pullRequest(t, 1, { 'content-sources/news.yaml': NEWS });
    await mergeAndApply(t, 1);
    await pushItemFromElsewhere(t.project);

    // Pull request 3 loses an item (site's Tags dropped; the feed's item cannot be carried over): held for approval.
    const site = await t.project.read('content-sources/site.yaml');
    const losing = await pullRequest(t, 3, { 'content-sources/site.yaml': site.replace(TAGS, '') });
    expect(losing).toContain('**This plan loses content items.**');
    const held = await mergeAndApply(t, 3);
    expect(held.run.outputs).toEqual({ data_loss: 'true' });
    expect(held.run.summary).toContain('**This plan loses content items.**');
    expect(articleProperties(t.project)).toContain('Tags');

    // Pull request 4, unrelated and safe: its comment shows its own change, and names main's pending one in a line.
    const safe = await pullRequest(t, 4, {
      'content-sources/news.yaml': NEWS.replace(NEWS_HEADLINE, `${NEWS_HEADLINE}      Byline: { type: String }\n`),
    });
    expect(safe).toContain('news');
    expect(safe).not.toContain('**This plan loses content items.**');
    expect(safe).toContain('Already planned on the base branch, not by this change: site (replace, loses');
    // Merged while the approval waits: main's plan still holds the loss, so this run waits too.
    const later = await mergeAndApply(t, 4);
    expect(later.run.outputs).toEqual({ data_loss: 'true' });

    // The reviewer approves pull request 3's run: its plan is applied, then main as it is now, which loses nothing.
    const approved = await approve(t, held);
    expect(approved.code, approved.stderr).toBe(0);
    expect(articleProperties(t.project)).not.toContain('Tags');
    expect(
      Object.keys(
        (t.project.emulator.inspect.definition('news') as { contentTypes: { NewsItem: { properties: object } } }).contentTypes.NewsItem.properties,
      ).sort(),
    ).toEqual(['Byline', 'Headline']);
    expect(approved.summary).toContain('Applied after the approved plan: main as it is now');

    // The later run's approval, if given too, finds its plan stale and nothing left to do: it fails nothing and sends nothing.
    const serial = t.project.stateServer.state()?.serial;
    const second = await approve(t, later);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('GF_PLAN_STALE');
    expect(second.stdout).toContain('main holds nothing more to apply.');
    expect(t.project.stateServer.state()?.serial).toBe(serial);
  });
});
