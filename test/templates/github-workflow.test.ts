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

describe('the GitHub workflow', () => {
  it('plans pull requests, applies pushes to main, and takes allow_data_loss when run by hand', async () => {
    const { parsed } = await workflow();
    expect(Object.keys(parsed.on)).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(parsed.on.push).toEqual({ branches: ['main'], paths: ['content-sources/**', 'graphform.config.*'] });
    expect(parsed.on.workflow_dispatch).toEqual({
      inputs: { allow_data_loss: { description: expect.stringContaining('production-data-loss') as unknown, type: 'boolean', default: false } },
    });
    expect(job(parsed, 'plan').if).toBe("github.event_name == 'pull_request'");
    expect(job(parsed, 'apply').if).toBe("github.event_name != 'pull_request' && github.ref == 'refs/heads/main'");
  });

  it('grants least permissions: contents read, and pull-requests write only to the plan job', async () => {
    const { parsed } = await workflow();
    expect(parsed.permissions).toEqual({ contents: 'read' });
    expect(job(parsed, 'plan').permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(job(parsed, 'apply').permissions).toBeUndefined();
  });

  it('serialises the apply job only, never cancelling it', async () => {
    const { parsed } = await workflow();
    expect(parsed.concurrency).toBeUndefined();
    expect(job(parsed, 'plan').concurrency).toBeUndefined();
    expect(job(parsed, 'apply').concurrency).toEqual({ group: 'graphform-apply-production', 'cancel-in-progress': false });
  });

  it('applies data loss only in the protected environment the allow_data_loss run names', async () => {
    const { parsed } = await workflow();
    expect(job(parsed, 'apply').environment).toBe("${{ inputs.allow_data_loss && 'production-data-loss' || 'production' }}");
    const apply = job(parsed, 'apply').steps.find((step) => step.name === 'Apply');
    expect(apply?.env?.ALLOW_DATA_LOSS).toBe('${{ inputs.allow_data_loss }}');
    expect(apply?.run).toContain('npx graphform apply --env production --yes --allow-data-loss');
  });

  it('uses only the official actions at their current majors, Node 24 with the npm cache', async () => {
    const { parsed } = await workflow();
    const uses = Object.values(parsed.jobs).flatMap((j) => j.steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses])));
    expect([...new Set(uses)].sort()).toEqual(['actions/checkout@v7', 'actions/setup-node@v7', 'actions/upload-artifact@v7']);
    for (const name of ['plan', 'apply']) {
      const setup = job(parsed, name).steps.find((step) => step.uses?.startsWith('actions/setup-node'));
      expect(setup?.with).toEqual({ 'node-version': 24, cache: 'npm' });
    }
    expect(parsed.defaults).toEqual({ run: { shell: 'bash' } });
  });

  it('plans to plan.json and plan.md, uploads both, and comments with gh under the hidden marker', async () => {
    const { parsed } = await workflow();
    const steps = job(parsed, 'plan').steps;
    expect(steps.find((s) => s.name === 'Plan')?.run).toContain('npx graphform plan --env production --format markdown --out plan.json > plan.md');
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))?.with).toEqual({ name: 'graphform-plan', path: 'plan.json\nplan.md\n' });
    const comment = steps.find((s) => s.name === 'Comment the plan');
    expect(comment?.run).toContain("marker='<!-- graphform-plan -->'");
    expect(comment?.env).toEqual({ GH_TOKEN: '${{ github.token }}', PR_NUMBER: '${{ github.event.pull_request.number }}' });
  });

  it('explains the setup, the approval path and pinning by SHA in its comments', async () => {
    const { text } = await workflow();
    for (const words of ['required reviewers', 'Run workflow', 'tick allow_data_loss', 'exit code 3', 'pin them by commit SHA', '<!-- graphform-plan -->', 'GRAPH_SECRET']) {
      expect(text).toContain(words);
    }
  });
});
