import { describe, expect, it } from 'vitest';
import { resolveJob, type Pipeline } from './gitlab-runner.js';
import { fileText, parseStrict, scaffolded } from './templates.js';

async function pipeline(): Promise<{ text: string; parsed: Pipeline; root: unknown }> {
  const files = await scaffolded('gitlab');
  const text = fileText(files, '.gitlab/graphform.gitlab-ci.yml');
  return { text, parsed: parseStrict(text, 'graphform.gitlab-ci.yml') as Pipeline, root: parseStrict(fileText(files, '.gitlab-ci.yml'), '.gitlab-ci.yml') };
}

const JOBS = ['graphform-validate', 'graphform-plan', 'graphform-apply', 'graphform-apply-data-loss'];
const CHANGES = ['content-sources/**/*', 'graphform.config.*'];

describe('the GitLab pipeline', () => {
  it('is a jobs file the project .gitlab-ci.yml includes, with nothing that would change the including pipeline', async () => {
    const { parsed, root } = await pipeline();
    expect(root).toEqual({ include: [{ local: '.gitlab/graphform.gitlab-ci.yml' }] });
    expect(Object.keys(parsed)).toEqual(['.graphform', ...JOBS]);
    for (const name of JOBS) expect(resolveJob(parsed, name)).toMatchObject({ image: 'node:24', before_script: ['npm ci --prefer-offline'] });
    expect(parsed['.graphform']?.cache).toEqual({ key: { files: ['package-lock.json'] }, paths: ['.npm/'] });
  });

  it('validates and plans merge requests, keeping plan.json and plan.md as artifacts', async () => {
    const { parsed } = await pipeline();
    for (const name of ['graphform-validate', 'graphform-plan']) {
      expect(parsed[name]).toMatchObject({ stage: 'test', interruptible: true, rules: [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"', changes: CHANGES }] });
    }
    const plan = parsed['graphform-plan'];
    expect(plan?.needs).toEqual(['graphform-validate']);
    expect(plan?.artifacts).toMatchObject({ paths: ['plan.json', 'plan.md'] });
    expect(plan?.script?.[0]).toBe('npx graphform plan --env production --format markdown --out plan.json > plan.md');
    const note = plan?.script?.at(-1) ?? '';
    for (const words of ["marker='<!-- graphform-plan -->'", 'GRAPHFORM_GITLAB_TOKEN', '$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes', '--request PUT']) {
      expect(note).toContain(words);
    }
  });

  it('applies on the default branch, one apply at a time, and offers a manual data-loss job in a protected environment', async () => {
    const { parsed } = await pipeline();
    const onDefault = { if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', changes: CHANGES };
    expect(parsed['graphform-apply']).toMatchObject({ stage: 'deploy', resource_group: 'graphform-apply-production', environment: { name: 'production' }, rules: [onDefault] });
    expect(parsed['graphform-apply']?.script?.[0]).toContain('npx graphform apply --env production --yes || status=$?');
    expect(parsed['graphform-apply-data-loss']).toMatchObject({
      stage: 'deploy',
      resource_group: 'graphform-apply-production',
      environment: { name: 'production-data-loss' },
      rules: [{ ...onDefault, when: 'manual' }],
      allow_failure: true,
      script: ['npx graphform apply --env production --yes --allow-data-loss'],
    });
    for (const name of ['graphform-validate', 'graphform-plan']) expect(parsed[name]?.resource_group).toBeUndefined();
  });

  it('explains the variables, the note token and the approval path in its comments', async () => {
    const { text } = await pipeline();
    for (const words of ['GRAPH_SECRET', 'GRAPHFORM_GITLAB_TOKEN (optional)', 'Protected environments', 'exit code 3', 'graphform-apply-data-loss']) {
      expect(text).toContain(words);
    }
  });
});
