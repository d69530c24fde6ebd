import { describe, expect, it } from 'vitest';
import type { Workflow } from './github-runner.js';
import { fileText, parseStrict, scaffolded, TEMPLATE_FILES, readTemplate } from './templates.js';

async function workflow(): Promise<{ text: string; parsed: Workflow }> {
  const text = fileText(await scaffolded('github'), '.github/workflows/graphform.yml');
  return { text, parsed: parseStrict(text, 'graphform.yml') as Workflow };
}

const job = (parsed: Workflow, name: string) => {
  const found = parsed.jobs[name];
  if (found === undefined) throw new Error(`no job ${name}`);
  return found;
};

describe('templates are valid YAML', () => {
  // content-source.yaml is left out: its `{{id}}` placeholders are YAML only once init fills them.
  it.each(TEMPLATE_FILES.filter((name) => name !== 'content-source.yaml'))('%s, as stored', async (name) => {
    const text = await readTemplate(name);
    expect(() => parseStrict(text, name)).not.toThrow();
  });

  it.each(['github', 'gitlab'] as const)('every file init --ci %s writes', async (ci) => {
    const files = await scaffolded(ci);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) expect(() => parseStrict(file.content, file.path), file.path).not.toThrow();
  });
});

// The declarations and the data folder (the tour's data/), then what changes how graphform runs.
const PATHS = ['content-sources/**', 'data/**', 'graphform.config.*', 'package.json', 'package-lock.json'];

describe('the GitHub workflow', () => {
  it('plans pull requests into the default branch and applies pushes to it, also when package.json or the lock file changed', async () => {
    const { parsed } = await workflow();
    expect(Object.keys(parsed.on)).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(parsed.on.pull_request).toEqual({ branches: ['main'], paths: PATHS });
    expect(parsed.on.push).toEqual({ branches: ['main'], paths: PATHS });
    // Forks and bots get no secrets: plan-skipped says so instead.
    expect(job(parsed, 'plan').if).toBe(
      "github.event_name == 'pull_request' && github.event.pull_request.head.repo.full_name == github.repository && github.event.pull_request.user.type != 'Bot'",
    );
    expect(job(parsed, 'apply').if).toBe("github.event_name == 'push' && github.ref_name == github.event.repository.default_branch");
    expect(job(parsed, 'approve-data-loss')).toMatchObject({ needs: 'apply', environment: 'production-data-loss' });
    expect(job(parsed, 'apply-data-loss')).toMatchObject({ needs: 'approve-data-loss', environment: 'production' });
  });

  it('grants least permissions: contents read, and pull-requests write only to the plan job', async () => {
    const { parsed } = await workflow();
    expect(parsed.permissions).toEqual({ contents: 'read' });
    expect(job(parsed, 'plan').permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(job(parsed, 'apply').permissions).toBeUndefined();
    expect(job(parsed, 'plan-skipped').permissions).toEqual({});
    // The run's approvals, and the plan artifact of the run a person approves by hand.
    expect(job(parsed, 'approve-data-loss').permissions).toEqual({ actions: 'read' });
    expect(job(parsed, 'apply-data-loss').permissions).toEqual({ contents: 'read', actions: 'read' });
  });

  it('runs one plan per pull request, cancelling the older, and one apply at a time, never cancelled', async () => {
    const { parsed } = await workflow();
    expect(parsed.concurrency).toBeUndefined();
    expect(job(parsed, 'plan').concurrency).toEqual({ group: 'graphform-plan-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
    for (const name of ['apply', 'apply-data-loss'])
      expect(job(parsed, name).concurrency).toEqual({ group: 'graphform-apply-production', 'cancel-in-progress': false });
    // The approval waits (up to 30 days) outside the group: later applies go on meanwhile.
    expect(job(parsed, 'approve-data-loss').concurrency).toBeUndefined();
  });

  it('applies on main exactly the plan file it saved, and the approval job exactly that artifact', async () => {
    const { parsed } = await workflow();
    const apply = job(parsed, 'apply');
    expect(apply.environment).toBe('production');
    expect(apply.outputs).toEqual({ data_loss: '${{ steps.plan.outputs.data_loss }}' });
    const plan = apply.steps.find((s) => s.id === 'plan')?.run;
    expect(plan).toContain('npx graphform plan --env production --detailed-exitcode --format markdown --out plan.json > plan.md || status=$?');
    expect(plan).toContain('cat plan.md >> "$GITHUB_STEP_SUMMARY"');
    expect(apply.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))?.with).toEqual({ name: 'graphform-main-plan', path: 'plan.json\nplan.md\n' });
    // An interrupted keeping apply's snapshot outlives the runner.
    expect(apply.steps.find((s) => s.name === 'Keep the snapshots of an interrupted apply')).toMatchObject({
      if: 'failure()',
      with: { path: '.graphform/snapshots/' },
    });
    expect(apply.steps.find((s) => s.name === 'Apply')?.run).toBe('npx graphform apply plan.json --env production --yes');
    const approval = job(parsed, 'apply-data-loss').steps;
    expect(approval.find((s) => s.uses?.startsWith('actions/download-artifact'))?.with).toEqual({
      name: 'graphform-main-plan',
      'run-id': '${{ needs.approve-data-loss.outputs.run }}',
      'github-token': '${{ github.token }}',
    });
    expect(approval.find((s) => s.uses?.startsWith('actions/checkout'))?.with).toEqual({ ref: '${{ needs.approve-data-loss.outputs.sha }}' });
    const approved = approval.find((s) => s.name === 'Apply the approved plan')?.run ?? '';
    expect(approved).toContain('npx graphform apply plan.json --env production --yes --allow-data-loss 2> graphform-apply-errors.txt || status=$?');
    // Then the newest main, applied only when it loses nothing.
    expect(approved).toContain('git fetch --quiet --depth=1 origin "$DEFAULT_BRANCH"');
    expect(approved).toContain('npx graphform apply main.plan.json --env production --yes\n');
    expect(approved).not.toMatch(/apply main\.plan\.json[^\n]*--allow-data-loss/);
  });

  it('uses only the official actions at their current majors, Node 24 with the npm cache', async () => {
    const { parsed } = await workflow();
    const uses = Object.values(parsed.jobs).flatMap((j) => j.steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses])));
    expect([...new Set(uses)].sort()).toEqual(['actions/checkout@v7', 'actions/download-artifact@v8', 'actions/setup-node@v7', 'actions/upload-artifact@v7']);
    for (const name of ['plan', 'apply', 'apply-data-loss']) {
      const setup = job(parsed, name).steps.find((step) => step.uses?.startsWith('actions/setup-node'));
      expect(setup?.with).toEqual({ 'node-version': 24, cache: 'npm' });
    }
    expect(parsed.defaults).toEqual({ run: { shell: 'bash' } });
  });

  it('plans to plan.json and plan.md, uploads both, and comments with gh under the hidden marker, after a failure too', async () => {
    const { parsed } = await workflow();
    const steps = job(parsed, 'plan').steps;
    expect(steps.find((s) => s.name === 'Plan')?.run).toContain(
      'npx graphform plan --env production --format markdown --out plan.json "${base_plan[@]}" > plan.md',
    );
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload).toMatchObject({ if: '${{ !cancelled() }}', with: { name: 'graphform-plan', path: 'plan.json\nplan.md\n' } });
    const comment = steps.find((s) => s.name === 'Comment the plan');
    expect(comment?.if).toBe('${{ !cancelled() }}');
    expect(comment?.run).toContain("marker='<!-- graphform-plan -->'");
    expect(comment?.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      PR_NUMBER: '${{ github.event.pull_request.number }}',
      HEAD_SHA: '${{ github.event.pull_request.head.sha }}',
    });
  });

  it('explains the setup, the approval path and pinning by SHA in its comments', async () => {
    const { text } = await workflow();
    for (const words of [
      'required reviewers',
      'production-data-loss',
      'exit code 3',
      'stale',
      'replaced by the error',
      'pin them by commit SHA',
      '<!-- graphform-plan -->',
      'GRAPH_SECRET',
    ]) {
      expect(text).toContain(words);
    }
  });
});
