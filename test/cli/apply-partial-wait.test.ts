import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject } from '../helpers/graph-project.js';

function site(extra = ''): string {
  return [
    'id: site',
    'label: Site',
    'languages: [en]',
    'contentTypes:',
    '  Article:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    ...(extra === '' ? [] : [extra]),
    'data: [data/*.ndjson]',
    '',
  ].join('\n');
}

function article(fields: Record<string, unknown>): string {
  return `${JSON.stringify({ index: { _id: 'a1', language_routing: 'en' } })}\n${JSON.stringify({ ContentType: ['Article'], Status: 'Published', _rbac: 'r:Everyone:Read', ...fields })}\n`;
}

describe('apply waits for GraphQL to serve a partial update before pushing', () => {
  it('after a POST that adds a property, pushes the item using it only once GraphQL serves the property, and confirms it served', async () => {
    const emulator = await startTestEmulator({ schemaDelayMs: 400 });
    const project = await graphProject(emulator, { 'content-sources/site.yaml': site(), 'content-sources/data/a.ndjson': article({ Title: 'One' }) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);

    await project.write({
      'content-sources/site.yaml': site('      Words: { type: Int }'),
      'content-sources/data/a.ndjson': article({ Title: 'One', Words: 120 }),
    });
    const run = await project.cli('apply', '--yes', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const posted = emulator.inspect.requests().findLast((r) => r.method === 'POST' && r.path.startsWith('/api/content/v3/types'));
    const pushed = emulator.inspect.requests().findLast((r) => r.method === 'POST' && r.path.startsWith('/api/content/v2/data'));
    expect(posted, 'the change is a partial update').toBeDefined();
    const outcome = (
      JSON.parse(run.stdout) as {
        outcomes: Array<{
          id: string;
          schemaWait?: { outcome: string; waitedMs: number };
          dataSync?: { served?: { outcome: string; sent: number; served: number } };
        }>;
      }
    ).outcomes.find((o) => o.id === 'site');
    expect(outcome?.schemaWait?.outcome, 'apply must wait for the new schema after a POST too').toBe('done');
    expect(outcome?.schemaWait?.waitedMs).toBeGreaterThanOrEqual(200);
    expect(Date.parse(pushed?.at ?? '') - Date.parse(posted?.at ?? ''), 'the item went out before GraphQL served Words').toBeGreaterThanOrEqual(300);
    expect(outcome?.dataSync?.served).toMatchObject({ outcome: 'done', sent: 1, served: 1 });
  });
});
