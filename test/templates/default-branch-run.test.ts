import { describe, expect, it } from 'vitest';
import { ciProject, pushItemFromElsewhere } from './ci-project.js';
import { articleProperties, TAGS, TITLE } from './declaration-edits.js';
import { approvePush } from './github-approval.js';
import { githubEvents, jobRuns, readWorkflow, runJob } from './github-runner.js';
import { readPipeline, runGitlabJob, type Pipeline } from './gitlab-runner.js';
import { parseStrict } from './templates.js';

/** A change committed straight to the default branch, as a merge leaves it. */
async function commitOnDefault(project: Awaited<ReturnType<typeof ciProject>>, message: string, edit: (text: string) => string): Promise<void> {
  await project.write('content-sources/site.yaml', edit(await project.read('content-sources/site.yaml')));
  await project.git('commit', '--quiet', '--all', '--message', message);
}

// Each test runs several jobs, each a few built-binary runs.
describe('a repository whose default branch is master, run against the emulator', { timeout: 180_000 }, () => {
  it('GitHub: pushes to master are applied, and an approved data loss then plans the newest master', async () => {
    const project = await ciProject('github', { branch: 'master' });
    const workflow = await readWorkflow(project);
    const on = githubEvents(project);
    expect(workflow.on.push).toMatchObject({ branches: ['master'] });
    expect(jobRuns(workflow, 'apply', on.push)).toBe(true);
    const first = await runJob(project, workflow, 'apply', on.push);
    expect(first.code, first.stderr).toBe(0);
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Tags', 'Title']);

    await pushItemFromElsewhere(project);
    await commitOnDefault(project, 'drop tags', (text) => text.replace(TAGS, ''));
    const held = await runJob(project, workflow, 'apply', on.push);
    expect(held.outputs).toEqual({ data_loss: 'true' });
    expect(held.summary).toContain('Changes merged to master while it waits');
    const { applied } = await approvePush(project, workflow, on, held, true);
    expect(applied?.code, applied?.stderr).toBe(0);
    expect(applied?.stdout).toContain('master holds nothing more to apply.');
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Title']);
  });

  it('GitLab: the default branch pipeline applies, and the approval plans the newest master', async () => {
    const project = await ciProject('gitlab', { branch: 'master' });
    const pipeline = await readPipeline(project);
    const onDefault = { ...project.secrets, CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'master' };
    const first = await runGitlabJob(project, pipeline, 'graphform-apply', onDefault);
    expect(first.code, first.stderr).toBe(0);

    await pushItemFromElsewhere(project);
    await commitOnDefault(project, 'drop tags, add summary', (text) => text.replace(TAGS, '').replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
    const held = await runGitlabJob(project, pipeline, 'graphform-apply', onDefault);
    expect(held.code, held.stderr).toBe(0);
    const child = parseStrict(await project.read('graphform-approval.yml'), 'graphform-approval.yml') as Pipeline;
    const approved = await runGitlabJob(project, child, 'graphform-apply-data-loss', onDefault);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain('The default branch holds nothing more to apply.');
    expect(articleProperties(project)).toEqual(['Body', 'PublishedAt', 'Summary', 'Title']);
  });
});
