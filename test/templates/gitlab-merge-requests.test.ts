import { describe, expect, it } from 'vitest';
import { ciProject, pushItemFromElsewhere, type CiProject, type ScriptRun } from './ci-project.js';
import { articleProperties, branchWith, NEWS, NEWS_HEADLINE, TAGS } from './declaration-edits.js';
import { readPipeline, runGitlabJob, type Pipeline } from './gitlab-runner.js';
import { parseStrict } from './templates.js';

/**
 * The GitLab side of issue 28's "Done when": merge requests planned by graphform-plan (the
 * plan read from plan.md, the note's body), merged, applied by graphform-apply on the default
 * branch; an approval is the manual job of the child pipeline that pipeline wrote, run on its
 * commit with its plan.json.
 */

interface Held {
  run: ScriptRun;
  commit: string;
  planFile: string;
  child: Pipeline;
}

class Team {
  private constructor(
    readonly project: CiProject,
    private readonly pipeline: Pipeline,
  ) {}

  static async start(): Promise<Team> {
    const project = await ciProject('gitlab');
    const t = new Team(project, await readPipeline(project));
    const first = await runGitlabJob(project, t.pipeline, 'graphform-apply', t.defaultBranch());
    expect(first.code, first.stderr).toBe(0);
    return t;
  }

  defaultBranch(): Record<string, string> {
    return { ...this.project.secrets, CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main' };
  }

  /** A merge request from main writing (or, for null, deleting) files; returns the plan its note would hold. */
  async mergeRequest(iid: number, files: Record<string, string | null>): Promise<string> {
    const { project } = this;
    await branchWith(project, `mr-${iid}`, files);
    const variables = {
      ...project.secrets,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_MERGE_REQUEST_IID: String(iid),
      CI_MERGE_REQUEST_DIFF_BASE_SHA: (await project.git('rev-parse', 'main')).trim(),
    };
    const planned = await runGitlabJob(project, this.pipeline, 'graphform-plan', variables);
    expect(planned.code, planned.stderr).toBe(0);
    return project.read('plan.md');
  }

  /** Merges into main and runs graphform-apply of the default branch's pipeline. */
  async mergeAndApply(iid: number): Promise<Held> {
    const { project } = this;
    await project.git('checkout', '--quiet', 'main');
    await project.git('merge', '--quiet', '--no-ff', '--message', `Merge merge request ${iid}`, `mr-${iid}`);
    const run = await runGitlabJob(project, this.pipeline, 'graphform-apply', this.defaultBranch());
    expect(run.code, run.stderr).toBe(0);
    const child = parseStrict(await project.read('graphform-approval.yml'), 'graphform-approval.yml') as Pipeline;
    return { run, commit: (await project.git('rev-parse', 'HEAD')).trim(), planFile: await project.read('plan.json'), child };
  }

  /** Someone who may approve data loss runs the child pipeline's manual job. */
  async approve(held: Held): Promise<ScriptRun> {
    const { project } = this;
    expect(Object.keys(held.child)).toEqual(['graphform-apply-data-loss']);
    await project.git('checkout', '--quiet', '--detach', held.commit);
    await project.write('plan.json', held.planFile);
    const approved = await runGitlabJob(project, held.child, 'graphform-apply-data-loss', this.defaultBranch());
    await project.git('checkout', '--quiet', 'main');
    return approved;
  }
}

function titles(project: CiProject): Record<string, unknown> {
  return Object.fromEntries(
    (project.emulator.inspect.items('site', { limit: 100 })?.items ?? []).map((item) => [item._id, (item.data as Record<string, unknown>).Title___searchable]),
  );
}

const line = (id: string, title: string): string => JSON.stringify({ Id: id, language_routing: 'en', ContentType: ['Article'], Title: title });

describe('merge requests through the generated GitLab pipeline, against the emulator', { timeout: 300_000 }, () => {
  it('a data file edit reaches the service after merge: items added, changed and removed', async () => {
    const t = await Team.start();
    await t.mergeRequest(1, {
      'content-sources/site.yaml': `${await t.project.read('content-sources/site.yaml')}data:\n  - ../data/site/*.ndjson\n`,
      'data/site/articles.ndjson': [line('a1', 'First'), line('a2', 'Second'), line('a3', 'Third'), ''].join('\n'),
    });
    await t.mergeAndApply(1);
    await expect.poll(() => titles(t.project), { timeout: 20_000 }).toEqual({ a1: 'First', a2: 'Second', a3: 'Third' });
    await t.mergeRequest(2, { 'data/site/articles.ndjson': [line('a1', 'First, edited'), line('a2', 'Second'), line('a4', 'Fourth'), ''].join('\n') });
    await t.mergeAndApply(2);
    await expect.poll(() => titles(t.project), { timeout: 20_000 }).toEqual({ a1: 'First, edited', a2: 'Second', a4: 'Fourth' });
  });

  it('a source deleted through a merge request is deleted once approved (prune: true)', async () => {
    const t = await Team.start();
    await t.mergeRequest(1, { 'content-sources/news.yaml': NEWS });
    await t.mergeAndApply(1);
    const removed = await t.mergeRequest(2, { 'content-sources/news.yaml': null });
    expect(removed).toContain('environment production has `prune: true` in the config');
    const held = await t.mergeAndApply(2);
    expect(held.run.stdout).toContain('**This plan deletes content items.**');
    expect(t.project.emulator.inspect.definition('news')).toBeDefined();
    const approved = await t.approve(held);
    expect(approved.code, approved.stderr).toBe(0);
    expect(t.project.emulator.inspect.definition('news')).toBeUndefined();
    expect(Object.keys(t.project.stateServer.state()?.sources ?? {})).toEqual(['site']);
  });

  it('an approved data-losing change followed by a safe one leaves both applied without a manual re-run', async () => {
    const t = await Team.start();
    await t.mergeRequest(1, { 'content-sources/news.yaml': NEWS });
    await t.mergeAndApply(1);
    await pushItemFromElsewhere(t.project);

    await t.mergeRequest(3, { 'content-sources/site.yaml': (await t.project.read('content-sources/site.yaml')).replace(TAGS, '') });
    const held = await t.mergeAndApply(3);
    const safe = await t.mergeRequest(4, { 'content-sources/news.yaml': NEWS.replace(NEWS_HEADLINE, `${NEWS_HEADLINE}      Byline: { type: String }\n`) });
    expect(safe).not.toContain('**This plan loses content items.**');
    expect(safe).toContain('Already planned on the base branch, not by this change: site (replace, loses');
    const later = await t.mergeAndApply(4);
    expect(Object.keys(later.child)).toEqual(['graphform-apply-data-loss']);

    const approved = await t.approve(held);
    expect(approved.code, approved.stderr).toBe(0);
    expect(articleProperties(t.project)).not.toContain('Tags');
    expect(
      Object.keys(
        (t.project.emulator.inspect.definition('news') as { contentTypes: { NewsItem: { properties: object } } }).contentTypes.NewsItem.properties,
      ).sort(),
    ).toEqual(['Byline', 'Headline']);
    const second = await t.approve(later);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('The default branch holds nothing more to apply.');
  });
});
