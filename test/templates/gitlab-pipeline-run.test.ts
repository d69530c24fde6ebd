import { describe, expect, it } from 'vitest';
import { ciProject, type CiProject } from './ci-project.js';
import { articleProperties, change, manyProperties, MARKER, merge, TAGS, TITLE } from './declaration-edits.js';
import { startGitlabApi } from './gitlab-api.js';
import { readPipeline, runGitlabJob, type Pipeline } from './gitlab-runner.js';

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

describe('the GitLab pipeline, run against the emulator', () => {
  it('plans a merge request into the log and artifacts, and with a token into one note that later pipelines edit', async () => {
    const { project, pipeline } = await appliedProject();
    const api = await startGitlabApi({ token: TOKEN, projectId: '31', mergeRequestIid: '4' });
    const on = variables(project, api);
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));

    const validated = await runGitlabJob(project, pipeline, 'graphform-validate', on.mergeRequest());
    expect(validated.code, validated.stderr).toBe(0);
    const untokened = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest());
    expect(untokened.code, untokened.stderr).toBe(0);
    const plan = await project.read('plan.md');
    expect(plan).toContain('update in place');
    expect(untokened.stdout).toContain(plan);
    expect(untokened.stdout).toContain('GRAPHFORM_GITLAB_TOKEN is not set: the plan is above and in this job\'s artifacts (plan.md, plan.json), not in a note.');
    expect(JSON.parse(await project.read('plan.json'))).toMatchObject({ formatVersion: 2, sources: [{ id: 'site', action: 'partial' }] });
    expect(api.seen).toEqual([]);

    // 150 notes already (system notes and people's), so the note's search goes past the first page.
    for (let id = 1; id <= 150; id++) api.notes.push({ id, body: id === 7 ? `> ${MARKER}\nquoted by a person` : `note ${id}`, system: id % 2 === 0 });
    const posted = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(posted.code, posted.stderr).toBe(0);
    expect(posted.stdout).toContain('Posted the plan note.');
    const notesPath = '/api/v4/projects/31/merge_requests/4/notes';
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${notesPath}?per_page=100&page=1`, `GET ${notesPath}?per_page=100&page=2`, `POST ${notesPath}`]);
    expect(api.seen.every((r) => r.token === TOKEN)).toBe(true);
    expect(api.notes.at(-1)).toEqual({ id: 1150, body: `${MARKER}\n${plan}`, system: false });

    api.seen.length = 0;
    await project.write('content-sources/site.yaml', (await project.read('content-sources/site.yaml')).replace(TITLE, `${TITLE}\n      Subtitle: { type: String }`));
    const edited = await runGitlabJob(project, pipeline, 'graphform-plan', on.mergeRequest(TOKEN));
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain('Updated the plan note.');
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${notesPath}?per_page=100&page=1`, `GET ${notesPath}?per_page=100&page=2`, `PUT ${notesPath}/1150`]);
    expect(api.notes.filter((note) => note.body.startsWith(MARKER))).toEqual([{ id: 1150, body: `${MARKER}\n${await project.read('plan.md')}`, system: false }]);
    expect(api.notes.at(-1)?.body).toContain('Subtitle');
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

  it('applies a merged change, stops a data-losing one with exit 3 and how to approve it, and the manual job applies it', async () => {
    const { project, pipeline } = await appliedProject();
    const on = variables(project);
    await change(project, 'add-summary', (text) => text.replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    await merge(project, 'add-summary');
    const applied = await runGitlabJob(project, pipeline, 'graphform-apply', on.defaultBranch);
    expect(applied.code, applied.stderr).toBe(0);
    expect(articleProperties(project)).toContain('Summary');

    await change(project, 'drop-tags', (text) => text.replace(TAGS, ''));
    await merge(project, 'drop-tags');
    project.emulator.inspect.clearRequests();
    const stopped = await runGitlabJob(project, pipeline, 'graphform-apply', on.defaultBranch);
    expect(stopped.code, stopped.stderr).toBe(3);
    expect(stopped.stdout).toContain('DATA LOSS');
    expect(stopped.stdout).toContain('This change deletes content items, so nothing was applied. To approve it, run the manual job graphform-apply-data-loss of this pipeline');
    expect(project.emulator.inspect.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    expect(articleProperties(project)).toContain('Tags');

    const approved = await runGitlabJob(project, pipeline, 'graphform-apply-data-loss', on.defaultBranch);
    expect(approved.code, approved.stderr).toBe(0);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Title']);
  });
});
