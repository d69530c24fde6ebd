import { describe, expect, it } from 'vitest';
import { ciProject } from './ci-project.js';
import { MARKER } from './declaration-edits.js';
import { startGitlabApi } from './gitlab-api.js';
import { readPipeline, runGitlabJob } from './gitlab-runner.js';

const TOKEN = 'glpat-test-token-0002';

describe('a failed merge request plan on GitLab, run against the emulator', { timeout: 120_000 }, () => {
  it("puts graphform's diagnostics in the note, with the file and line, and masks the service's and state's addresses", async () => {
    const project = await ciProject('gitlab');
    const pipeline = await readPipeline(project);
    const api = await startGitlabApi({ token: TOKEN, projectId: '31', mergeRequestIid: '4' });
    const mergeRequest = (password = project.secrets.STATE_PASSWORD ?? ''): Record<string, string> => ({
      ...project.secrets,
      STATE_PASSWORD: password,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_API_V4_URL: api.url,
      CI_PROJECT_ID: '31',
      CI_MERGE_REQUEST_IID: '4',
      GRAPHFORM_GITLAB_TOKEN: TOKEN,
    });
    await project.write('content-sources/site.yaml', `${await project.read('content-sources/site.yaml')}data:\n  - ../data/site/*.ndjson\n`);
    const good = JSON.stringify({ Id: 'a1', language_routing: 'en', ContentType: ['Article'], Title: 'First' });
    const bad = JSON.stringify({ Id: 'a2', language_routing: 'en', ContentType: ['Article'], Title: 2 });
    await project.write('data/site/articles.ndjson', `${good}\n${bad}\n`);
    const failed = await runGitlabJob(project, pipeline, 'graphform-plan', mergeRequest());
    expect(failed.code).toBe(1);
    const body = api.notes.at(-1)?.body ?? '';
    expect(body.startsWith(`${MARKER}\n### graphform plan: \`production\` failed`)).toBe(true);
    expect(body, 'the note names the data file and the line of the bad item').toMatch(/data\/site\/articles\.ndjson:2/);

    await project.write('data/site/articles.ndjson', `${good}\n`);
    const refused = await runGitlabJob(project, pipeline, 'graphform-plan', mergeRequest('wrong-password'));
    expect(refused.code).toBe(1);
    const refusedBody = api.notes.at(-1)?.body ?? '';
    expect(refusedBody).toContain('`graphform plan` failed');
    const stateHost = new URL(project.secrets.STATE_URL ?? '').host;
    const graphHost = new URL(project.secrets.GRAPH_URL ?? '').host;
    for (const hidden of [stateHost, graphHost, project.secrets.GRAPH_SECRET ?? '', 'wrong-password']) expect(refusedBody).not.toContain(hidden);
  });
});
