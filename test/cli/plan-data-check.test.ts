import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repushMarker } from '../../src/apply/pending.js';
import { createLocalBackend } from '../../src/state/local-backend.js';
import { withPending } from '../../src/state/state.js';
import { startTestEmulator, isWrite } from '../helpers/emulator.js';
import { graphProject, type GraphProject } from '../helpers/graph-project.js';

/**
 * plan predicts apply for data: whenever apply would push a source's `data:` files (a
 * create, a full update, a re-push pending in state) plan checks them with apply's own
 * validator, fails on invalid items with their file:line, and warns about fields the
 * declarations no longer have; apply says the same and refuses the same.
 */
const DATA = 'content-sources/data/articles.ndjson';

function siteYaml(publishedAt: 'DateTime' | 'Date', withSummary = true): string {
  return [
    'id: site',
    'label: Site',
    'languages: [en]',
    'contentTypes:',
    '  Article:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    `      PublishedAt: { type: ${publishedAt} }`,
    ...(withSummary ? ['      Summary: { type: String }'] : []),
    'data: [data/*.ndjson]',
    '',
  ].join('\n');
}

function articles(count: number): string {
  return (
    Array.from({ length: count }, (_, i) =>
      [
        JSON.stringify({ index: { _id: `a${i}`, language_routing: 'en' } }),
        JSON.stringify({
          Title: `Article ${i}`,
          PublishedAt: '2026-01-02T10:00:00Z',
          Summary: 's',
          ContentType: ['Article'],
          Language: { Name: 'en' },
          Status: 'Published',
          _rbac: 'r:Everyone:Read',
        }),
      ].join('\n'),
    ).join('\n') + '\n'
  );
}

interface JsonSource {
  id: string;
  action: string;
  data?: {
    push: string;
    files: string[];
    items: number;
    errors: number;
    warnings: number;
    diagnostics: { file: string; line: number; code: string; severity: string }[];
  };
}

async function appliedSite(): Promise<{ project: GraphProject; emulator: Awaited<ReturnType<typeof startTestEmulator>> }> {
  const emulator = await startTestEmulator();
  const project = await graphProject(emulator, { 'content-sources/site.yaml': siteYaml('DateTime'), [DATA]: articles(3) });
  const first = await project.cli('apply', '--yes');
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(emulator.inspect.counts('site')?.total).toBe(3);
  return { project, emulator };
}

describe('plan checks the data files apply would push', () => {
  it('a create shows the check in every rendering; plans without a push read no data', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/site.yaml': siteYaml('DateTime'), [DATA]: articles(3) });
    const text = await project.cli('plan');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`data: checked 1 file after creating the source: 3 items, 0 errors, 0 warnings (${DATA})`);
    const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { sources: JsonSource[] };
    expect(json.sources[0]?.data).toEqual({ push: 'create', files: [DATA], items: 3, errors: 0, warnings: 0, diagnostics: [] });
    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain(`Data files checked: 1 file after creating the source: 3 items, 0 errors, 0 warnings (\`${DATA}\`).`);

    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({ 'content-sources/site.yaml': siteYaml('DateTime').replace('label: Site', 'label: Site two') });
    const partial = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { sources: JsonSource[] };
    expect(partial.sources[0]?.action).toBe('partial');
    expect(partial.sources[0]?.data).toBeUndefined();
  });

  it('a data: pattern that matches no file is a warning, and the check lists no files (no empty parentheses)', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/site.yaml': siteYaml('DateTime') });
    const text = await project.cli('plan');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/data: checked 0 files after creating the source: 0 items, 0 errors, 1 warning\n/);
    expect(text.stdout).toContain('GF_DATA_NO_FILES_MATCHED');
    // At the data: entry itself (line 11, `data: [data/*.ndjson]`), not the file's first line.
    const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as { sources: JsonSource[] };
    expect(json.sources[0]?.data?.diagnostics[0]).toMatchObject({
      code: 'GF_DATA_NO_FILES_MATCHED',
      file: 'content-sources/site.yaml',
      line: 11,
      column: 8,
      path: 'data[0]',
    });
    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain('Data files checked: 0 files after creating the source: 0 items, 0 errors, 1 warning.\n');
  });

  it('a type change that makes the declared data invalid fails plan (text, JSON, markdown, --no-refresh) with the file and line, and apply refuses it', async () => {
    const { project, emulator } = await appliedSite();
    await project.write({ 'content-sources/site.yaml': siteYaml('Date') });

    const text = await project.cli('plan');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('-/+ site');
    expect(text.stdout).toContain(`${DATA}:2  error    GF_DATA_INVALID_VALUE  /PublishedAt`);
    expect(text.stderr).toContain('The data files of source site are not valid; apply would push them after its full update');
    expect(text.stderr).toContain('GF_DATA_INVALID');
    // Each problem once: the plan above lists it under the source, stderr says why nothing is saved.
    expect(`${text.stdout}${text.stderr}`.split(`${DATA}:2 `).length - 1).toBe(1);

    const json = await project.cli('plan', '--format', 'json');
    expect(json.code).toBe(1);
    const source = (JSON.parse(json.stdout) as { sources: JsonSource[] }).sources[0];
    expect(source?.data).toMatchObject({ push: 'full', files: [DATA], items: 3, errors: 3, warnings: 0 });
    expect(source?.data?.diagnostics[0]).toMatchObject({ file: DATA, line: 2, code: 'GF_DATA_INVALID_VALUE', severity: 'error' });
    // With a JSON plan on stdout, people read the problems on stderr.
    expect(json.stderr).toContain(`${DATA}:2`);

    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain(`❌ Data files checked: 1 file after its full update: 3 items, 3 errors, 0 warnings`);
    expect(markdown.stdout).toContain(`${DATA}:2  error  GF_DATA_INVALID_VALUE  /PublishedAt`);

    const offline = await project.cli('plan', '--no-refresh');
    expect(offline.code).toBe(1);
    expect(offline.stdout).toContain(`${DATA}:2`);

    const saved = await project.cli('plan', '--out', 'plan.json');
    expect(saved.code).toBe(1);
    expect(saved.stderr).not.toContain('Saved the plan');

    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', '--yes', '--allow-data-loss');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The data files of source site are not valid');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('site')?.total).toBe(3);
  });

  it('a removed property the data still carries is a warning in plan and in apply, which pushes the items', async () => {
    const { project, emulator } = await appliedSite();
    await project.write({ 'content-sources/site.yaml': siteYaml('DateTime', false) });

    const plan = await project.cli('plan', '--detailed-exitcode');
    // Every item comes back from the data file: a full update that loses none.
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('data: checked 1 file after its full update: 3 items, 0 errors, 3 warnings');
    expect(plan.stdout).toContain(`${DATA}:2  warning  GF_DATA_UNDECLARED_FIELD  /Summary`);
    expect(plan.stdout).toContain('Warning: the data items carry fields the declarations do not have');
    expect(plan.stdout).toContain('the service stores them with the items, but GraphQL does not serve them');

    const applied = await project.cli('apply', '--yes', '--allow-data-loss');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Warning: the data items carry fields the declarations do not have');
    expect(emulator.inspect.counts('site')?.total).toBe(3);
  });

  it('a saved plan is checked again by apply: data that went bad after plan stops it before anything is sent', async () => {
    const { project, emulator } = await appliedSite();
    await project.write({ 'content-sources/site.yaml': siteYaml('DateTime', false) });
    const saved = await project.cli('plan', '--out', 'plan.json');
    expect(saved.code, saved.stderr).toBe(0);
    await project.write({ [DATA]: articles(3).replace('"Title":"Article 1"', '"Title":7') });
    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', 'plan.json', '--allow-data-loss');
    expect(refused.code).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`).toContain(`${DATA}:4`);
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });

  it('a re-push pending in state is checked too: plan fails on its invalid data, and passes once it is fixed', async () => {
    const { project } = await appliedSite();
    const file = path.join(project.dir, '.graphform/state/test.json');
    const backend = createLocalBackend({ path: file, lockTimeoutMs: 0, now: () => new Date(), who: 'test', pid: process.pid, host: 'test' });
    const state = await project.state();
    await backend.write(withPending(state, 'site', repushMarker({ id: 'site', action: 'full' }, new Date('2026-11-22T10:00:00Z'))));
    await project.write({ [DATA]: articles(2).replace('"PublishedAt":"2026-01-02T10:00:00Z"', '"PublishedAt":"soon"') });

    const plan = await project.cli('plan', '--format', 'json');
    expect(plan.code).toBe(1);
    expect((JSON.parse(plan.stdout) as { sources: JsonSource[] }).sources[0]?.data).toMatchObject({ push: 'pending', errors: 1 });
    expect(plan.stderr).toContain('to finish the re-push pending in state');

    await project.write({ [DATA]: articles(2) });
    const fixed = await project.cli('plan', '--detailed-exitcode');
    expect(fixed.code, fixed.stderr).toBe(2);
    expect(fixed.stdout).toContain('data: checked 1 file to finish the re-push pending in state: 2 items, 0 errors, 0 warnings');
  });
});
