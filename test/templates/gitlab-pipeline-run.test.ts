import { describe, expect, it } from 'vitest';
import { ciProject, pushItemFromElsewhere, type CiProject } from './ci-project.js';
import { applyElsewhere, articleProperties, change, manyProperties, MARKER, merge, TAGS, TITLE } from './declaration-edits.js';
import { bashSyntaxError } from './bash-syntax.js';
import { startGitlabApi } from './gitlab-api.js';
import { readPipeline, runGitlabJob, type Pipeline } from './gitlab-runner.js';
import { parseStrict } from './templates.js';
import { isWrite } from '../helpers/emulator.js';

const TOKEN = 'glpat-test-token-0001';

/** The CI/CD variables of a pipeline on the default branch, and of a merge request pipeline. */
function variables(project: CiProject, api?: { url: string }) {
  const defaultBranch = { ...project.secrets, CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main' };
  const mergeRequest = (token?: string): Record<string, string> => ({
    ...project.secrets,
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_API_V4_URL: api?.url ?? 'http://127.0.0.1:9/api/v4',
    CI_PROJECT_ID: '31',
    CI_MERGE_REQUEST_IID: '4',
    // GitLab gives the merge base's commit; a ref the simulated origin resolves stands in for it.
    CI_MERGE_REQUEST_DIFF_BASE_SHA: 'main',
    ...(token === undefined ? {} : { GRAPHFORM_GITLAB_TOKEN: token }),
  });
  return { defaultBranch, mergeRequest };
}

async function appliedProject(): Promise<{ project: CiProject; pipeline: Pipeline }> {
  const project = await ciProject('gitlab');
  const pipeline = await readPipeline(project);
  const first = await runGitlabJob(project, pipeline, 'graphform-apply', variables(project).defaultBranch);
  expect(first.code, first.stderr).toBe(0);
  expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Tags', 'Title']);
  return { project, pipeline };
}

// Each test runs several jobs, each a few built-binary runs: tens of seconds on a loaded machine.
describe('the GitLab pipeline, run against the emulator', { timeout: 120_000 }, () => {
  it('plans a merge request into the log and artifacts, and with a token into one note that later pipelines edit', async () => {
    const { project, pipeline } = await appliedProject();
    const api = await startGitlabApi({ token: TOKEN, projectId: '31', mergeRequestIid: '4' });
    const on = variables(project, api);
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));

    const untokened = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest());
    expect(untokened.code, untokened.stderr).toBe(0);
    const plan = await project.read('plan.md');
    expect(plan).toContain('update in place');
    expect(untokened.stdout).toContain(plan);
    expect(untokened.stdout).toContain("GRAPHFORM_GITLAB_TOKEN is not set: the plan is above and in this job's artifacts (plan.md, plan.json), not in a note.");
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({ formatVersion: 2, sources: [{ id: 'site', action: 'partial' }] });
    expect(api.seen).toEqual([]);

    // 150 notes already (system notes and people's), so the note's search goes past the first page.
    for (let id = 1; id <= 150; id++) api.notes.push({ id, body: id === 7 ? `> ${MARKER}\nquoted by a person` : `note ${id}`, system: id % 2 === 0 });
    const posted = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(posted.code, posted.stderr).toBe(0);
    expect(posted.stdout).toContain('Posted the plan note.');
    const notesPath = '/api/v4/projects/31/merge_requests/4/notes';
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${notesPath}?per_page=100&page=1`,
      `GET ${notesPath}?per_page=100&page=2`,
      `POST ${notesPath}`,
    ]);
    expect(api.seen.every((r) => r.token === TOKEN)).toBe(true);
    expect(api.notes.at(-1)).toEqual({ id: 1150, body: `${MARKER}\n${plan}`, system: false });

    api.seen.length = 0;
    await project.write(
      'content-sources/site.yaml',
      (await project.read('content-sources/site.yaml')).replace(TITLE, `${TITLE}\n      Subtitle: { type: String }`),
    );
    const edited = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain('Updated the plan note.');
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${notesPath}?per_page=100&page=1`,
      `GET ${notesPath}?per_page=100&page=2`,
      `PUT ${notesPath}/1150`,
    ]);
    expect(api.notes.filter((note) => note.body.startsWith(MARKER))).toEqual([
      { id: 1150, body: `${MARKER}\n${await project.read('plan.md')}`, system: false },
    ]);
    expect(api.notes.at(-1)?.body).toContain('Subtitle');
  });

  it('says what the note token needs when GitLab refuses it, and the job still passes (as GitLab treats after_script)', async () => {
    const { project, pipeline } = await appliedProject();
    const api = await startGitlabApi({ token: TOKEN, projectId: '31', mergeRequestIid: '4' });
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    const refused = await runGitlabJob(project, pipeline, 'graphform-plan', variables(project, api).mergeRequest('glpat-expired-0000'));
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stdout).toContain(
      "GitLab refused to read this merge request's notes with GRAPHFORM_GITLAB_TOKEN (its answer is above): the token needs the api scope and at least the Reporter role on this project",
    );
    expect(refused.stdout + refused.stderr).not.toContain('glpat-expired-0000');
    expect(api.notes).toEqual([]);
  });

  it('logs all of a plan too long for one note', async () => {
    const project = await ciProject('gitlab');
    const pipeline = await readPipeline(project);
    await change(project, 'wide', (text) => text.replace(TAGS, `${TAGS}${manyProperties(700)}\n`));
    const run = await runGitlabJob(project, pipeline, 'graphform-plan', variables(project).mergeRequest());
    expect(run.code, run.stderr).toBe(0);
    expect(await project.read('plan.md')).toContain('**This plan is cut**');
    expect(run.stdout).toContain('The whole plan, with each request body:');
    expect(run.stdout).toContain('Property0699WithAFairlyLongName');
  });

  it('replaces the note with the error when validate or plan fails, so an old plan never stays', async () => {
    const { project, pipeline } = await appliedProject();
    const api = await startGitlabApi({ token: TOKEN, projectId: '31', mergeRequestIid: '4' });
    const on = variables(project, api);
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    const planned = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(planned.code, planned.stderr).toBe(0);
    expect(api.notes.at(-1)?.body).toContain('update in place');

    await project.write(
      'content-sources/site.yaml',
      (await project.read('content-sources/site.yaml')).replace('Summary: { type: String }', 'Summary: { type: Strin }'),
    );
    await project.git('commit', '--quiet', '--all', '--message', 'typo');
    const failed = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('Updated the plan note.');
    const sha = (await project.git('rev-parse', 'HEAD')).trim();
    expect(api.notes).toHaveLength(1);
    const body = api.notes[0]?.body ?? '';
    expect(body).toContain(`${MARKER}\n### graphform plan: \`production\` failed`);
    expect(body).toContain(`\`graphform validate\` failed at ${sha}, so this merge request has no plan.`);
    expect(body).toContain('GF_UNKNOWN_PROPERTY_TYPE');
    expect(body).not.toContain('update in place');
  });

  it('applies a merged change from its saved plan, and the approval child pipeline holds no apply job without data loss', async () => {
    const { project, pipeline } = await appliedProject();
    const on = variables(project);
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    await merge(project, 'add-summary');
    const applied = await runGitlabJob(project, pipeline, 'graphform-apply', on.defaultBranch);
    expect(applied.code, applied.stderr).toBe(0);
    expect(articleProperties(project)).toContain('Summary');
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({ environment: 'production', summary: { dataLoss: false } });
    const child = parseStrict(await project.read('graphform-approval.yml'), 'graphform-approval.yml') as Pipeline;
    expect(Object.keys(child)).toEqual(['graphform-nothing-to-approve']);
    expect(child['graphform-nothing-to-approve']?.when).toBeUndefined();
    expect(JSON.stringify(child)).not.toContain('graphform apply');
    // The child pipeline's job runs: its script is what bash parses, not a line YAML split at a comma.
    for (const line of child['graphform-nothing-to-approve']?.script ?? []) expect(bashSyntaxError(line), line).toBeUndefined();
    const told = await runGitlabJob(project, child, 'graphform-nothing-to-approve', on.defaultBranch);
    expect(told.code, told.stderr).toBe(0);
    expect(told.stdout).toBe('The plan deletes no content items, so there is nothing to approve.\n');
  });

  it('holds a data-losing plan for the manual job of the child pipeline, which applies exactly that file', async () => {
    const { project, pipeline } = await appliedProject();
    await pushItemFromElsewhere(project);
    const on = variables(project);
    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    await merge(project, 'drop-tags');
    project.emulator.inspect.clearRequests();
    const serial = project.stateServer.state()?.serial;
    const held = await runGitlabJob(project, pipeline, 'graphform-apply', on.defaultBranch);
    expect(held.code, held.stderr).toBe(0);
    // The rendered plan, for the approver: in the log and as plan.md.
    expect(held.stdout).toContain('**This plan loses content items.**');
    expect(held.stdout).toContain(await project.read('plan.md'));
    expect(held.stdout).toContain(
      "This change loses content items, so it was not applied here. To approve it, read the plan above (plan.md in this job's artifacts) and run the manual job graphform-apply-data-loss in the child pipeline graphform-approval",
    );
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(project.stateServer.state()?.serial).toBe(serial);
    const saved = await project.read('plan.json');
    expect(JSON.parse(saved)).toMatchObject({ summary: { dataLoss: true } });

    const childText = await project.read('graphform-approval.yml');
    expect(childText).toBe(await project.read('.gitlab/graphform-data-loss.gitlab-ci.yml'));
    const child = parseStrict(childText, 'graphform-approval.yml') as Pipeline;
    for (const line of child['graphform-apply-data-loss']?.script ?? []) expect(bashSyntaxError(line), line).toBeUndefined();
    expect(child['graphform-apply-data-loss']).toMatchObject({
      when: 'manual',
      environment: { name: 'production-data-loss' },
      needs: [{ pipeline: '$PARENT_PIPELINE_ID', job: 'graphform-apply' }],
    });
    const approved = await runGitlabJob(project, child, 'graphform-apply-data-loss', on.defaultBranch);
    expect(approved.code, approved.stderr).toBe(0);
    expect(await project.read('plan.json')).toBe(saved);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Title']);
  });

  it('refuses an approved plan that went stale: state changed after it was planned', async () => {
    const { project, pipeline } = await appliedProject();
    await pushItemFromElsewhere(project);
    const on = variables(project);
    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    await merge(project, 'drop-tags');
    const held = await runGitlabJob(project, pipeline, 'graphform-apply', on.defaultBranch);
    expect(held.code, held.stderr).toBe(0);
    const child = parseStrict(await project.read('graphform-approval.yml'), 'graphform-approval.yml') as Pipeline;

    await applyElsewhere(project);
    const refused = await runGitlabJob(project, child, 'graphform-apply-data-loss', on.defaultBranch);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('GF_PLAN_STALE');
    expect(refused.stdout).toContain('it needs its own approval');
    expect(project.emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Tags', 'Title']);
  });
});
