import { describe, expect, it } from 'vitest';
import { resolveJob, type Pipeline } from './gitlab-runner.js';
import { fileText, parseStrict, scaffolded } from './templates.js';

async function pipeline(): Promise<{ text: string; parsed: Pipeline; root: unknown }> {
  const files = await scaffolded('gitlab');
  const text = fileText(files, '.gitlab/graphform.gitlab-ci.yml');
  return { text, parsed: parseStrict(text, 'graphform.gitlab-ci.yml') as Pipeline, root: parseStrict(fileText(files, '.gitlab-ci.yml'), '.gitlab-ci.yml') };
}

const JOBS = ['graphform-plan', 'graphform-apply', 'graphform-approval'];
const CHANGES = ['content-sources/**/*', 'data/**/*', 'graphform.config.*', 'package.json', 'package-lock.json'];

describe('the GitLab pipeline', () => {
  it('is a jobs file the project .gitlab-ci.yml includes, with nothing that would change the including pipeline', async () => {
    const { parsed, root } = await pipeline();
    expect(root).toEqual({ include: [{ local: '.gitlab/graphform.gitlab-ci.yml' }] });
    expect(Object.keys(parsed)).toEqual(['.graphform', ...JOBS]);
    for (const name of ['graphform-plan', 'graphform-apply'])
      expect(resolveJob(parsed, name)).toMatchObject({ image: 'node:24', before_script: ['npm ci --prefer-offline'] });
    expect(parsed['.graphform']?.cache).toEqual({ key: { files: ['package-lock.json'] }, paths: ['.npm/'] });
  });

  it('plans merge requests one at a time each, keeping plan.json and plan.md as artifacts, and notes in after_script', async () => {
    const { parsed } = await pipeline();
    const plan = parsed['graphform-plan'];
    expect(plan).toMatchObject({
      stage: 'test',
      interruptible: true,
      resource_group: 'graphform-plan-$CI_MERGE_REQUEST_IID',
      rules: [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"', changes: CHANGES }],
    });
    expect(plan?.artifacts).toMatchObject({ paths: ['plan.json', 'plan.md'], when: 'always' });
    expect(plan?.script?.[0]).toContain('npx graphform plan --env production --format markdown --out plan.json "${base_plan[@]}" > plan.md');
    expect(plan?.script?.[0]).toContain('git fetch --quiet --depth=1 origin "$CI_MERGE_REQUEST_DIFF_BASE_SHA"');
    expect(plan?.script?.[0]).toContain('npx graphform validate');
    const note = plan?.after_script?.join('\n') ?? '';
    for (const words of [
      "marker='<!-- graphform-plan -->'",
      'GRAPHFORM_GITLAB_TOKEN',
      '$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes',
      '--request PUT',
      'CI_JOB_STATUS" = canceled',
    ]) {
      expect(note).toContain(words);
    }
  });

  it('applies on the default branch from a saved plan, and triggers the approval child pipeline from its artifact', async () => {
    const { parsed } = await pipeline();
    const onDefault = { if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', changes: CHANGES };
    expect(parsed['graphform-apply']).toMatchObject({
      stage: 'deploy',
      resource_group: 'graphform-apply-production',
      environment: { name: 'production' },
      rules: [onDefault],
    });
    expect(parsed['graphform-apply']?.script?.[0]).toContain(
      'npx graphform plan --env production --detailed-exitcode --format markdown --out plan.json > plan.md || status=$?',
    );
    // The approver reads the rendered plan: in the log and as plan.md among the artifacts.
    expect(parsed['graphform-apply']?.script?.[0]).toContain('cat plan.md');
    expect(parsed['graphform-apply']?.artifacts?.paths).toEqual(['plan.json', 'plan.md', 'graphform-approval.yml', '.graphform/snapshots/']);
    expect(parsed['graphform-approval']).toEqual({
      stage: 'deploy',
      needs: ['graphform-apply'],
      rules: [onDefault],
      variables: { PARENT_PIPELINE_ID: '$CI_PIPELINE_ID' },
      trigger: { include: [{ artifact: 'graphform-approval.yml', job: 'graphform-apply' }] },
    });
    // No job of the included pipeline is manual: the button lives in the child pipeline only.
    expect(JOBS.filter((name) => parsed[name]?.when === 'manual' || parsed[name]?.rules?.some((rule) => rule.when === 'manual'))).toEqual([]);
    expect(parsed['graphform-plan']?.resource_group).not.toBe('graphform-apply-production');
  });

  it('has a manual approval job in a protected environment that applies the saved plan file', async () => {
    const files = await scaffolded('gitlab');
    const child = parseStrict(fileText(files, '.gitlab/graphform-data-loss.gitlab-ci.yml'), 'graphform-data-loss.gitlab-ci.yml') as Pipeline;
    expect(child['graphform-apply-data-loss']).toMatchObject({
      image: 'node:24',
      stage: 'deploy',
      when: 'manual',
      resource_group: 'graphform-apply-production',
      environment: { name: 'production-data-loss' },
      needs: [{ pipeline: '$PARENT_PIPELINE_ID', job: 'graphform-apply' }],
    });
    const script = child['graphform-apply-data-loss']?.script?.join('\n') ?? '';
    expect(script).toContain('npx graphform apply plan.json --env production --yes --allow-data-loss 2> graphform-apply-errors.txt || status=$?');
    expect(script).toContain('git fetch --quiet --depth=1 origin "$CI_DEFAULT_BRANCH"');
    expect(script).toContain('2) npx graphform apply main.plan.json --env production --yes ;;');
  });

  it('explains the variables, the note token and the approval path in its comments', async () => {
    const { text } = await pipeline();
    for (const words of [
      'GRAPH_SECRET',
      'GRAPHFORM_GITLAB_TOKEN (optional)',
      'Protected environments',
      'exit code 3',
      'graphform-apply-data-loss',
      'child pipeline',
      'replaced by the error',
    ]) {
      expect(text).toContain(words);
    }
  });
});
