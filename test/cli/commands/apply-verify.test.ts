import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import type { SourceDefinition } from '../../../src/model/types.js';
import { startFakeGraphService, withoutProperty } from '../../apply/fake-graph-service.js';
import { startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

interface JsonReport {
  ok: boolean;
  outcomes: Array<{ id: string; status: string; error?: string; errorCode?: string }>;
}

describe('apply verifies every write (CLI)', () => {
  it('reads each write back from the emulator, and passes with the usual output', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': `${shopYaml()}description: Everything we sell\n` });
    emulator.inspect.clearRequests();
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('shop: created after');
    expect(applied.stdout).toContain('Apply complete! 1 applied, 0 failed, 0 not started.');
    expect(applied.stdout + applied.stderr).not.toContain('Warning');
    const sent = emulator.inspect.requests().map((r) => `${r.method} ${r.path}`);
    expect(sent.slice(sent.indexOf('PUT /api/content/v3/types?id=shop'))).toEqual([
      'PUT /api/content/v3/types?id=shop',
      'GET /api/content/v3/types?id=shop',
      'POST /api/content/v3/sources?id=shop',
      'GET /api/content/v3/sources?id=shop',
    ]);

    await project.write({ 'content-sources/shop.yaml': `${shopYaml({ languages: 'en, sv, de' })}description: Everything we sell\n` });
    const json = await project.cli('apply', '--yes', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as JsonReport & Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['plan', 'applied', 'ok', 'outcomes', 'pending']);
    expect(report.outcomes).toMatchObject([{ id: 'shop', status: 'applied' }]);
  });

  it('stops on a service that stores less than it was sent, records what it holds, and the next plan shows what remains', async () => {
    let dropped = 'Color';
    const service = await startFakeGraphService({
      readTypes: (s) => (s.current === undefined ? { status: 404 } : { status: 200, body: withoutProperty(s.current, 'Product', dropped) }),
    });
    const credentials = { appKey: 'key', secret: 'c2VjcmV0' };
    // graphProject reads only the url and the credentials of what it is given.
    const project = await graphProject({ url: service.url, credentials } as RunningEmulator, { 'content-sources/shop.yaml': shopYaml() });

    const applied = await project.cli('apply', '--yes');
    expect(applied.code).toBe(1);
    expect(applied.stdout).toContain(
      'shop: failed [GF_APPLY_INCONSISTENT]: The graph service accepted PUT types for source shop, but GET types answers something else:',
    );
    expect(applied.stdout).toMatch(/^-\s+"Color": \{$/m);
    expect(applied.stdout).toContain('Source shop: the service holds something other than what was sent (GF_APPLY_INCONSISTENT).');
    expect(applied.stdout).toContain('Apply failed. 0 applied, 1 failed, 0 not started.');
    const state = await project.state();
    const held: SourceDefinition | undefined = state.sources.shop?.definition;
    expect(Object.keys(held?.contentTypes.Product?.properties ?? {})).toEqual(['Quantity']);

    const plan = await project.cli('plan', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout).toMatch(/Product\.Color/);
    expect(plan.stdout).toContain('update in place');

    // Still dropping Color would look like the old definition, read again for 30 s: drop another property instead.
    dropped = 'Quantity';
    const json = await project.cli('apply', '--yes', '--format', 'json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as JsonReport;
    expect(report.ok).toBe(false);
    expect(report.outcomes).toMatchObject([{ id: 'shop', status: 'failed', errorCode: 'GF_APPLY_INCONSISTENT' }]);
    expect(report.outcomes[0]?.error).toContain('--- shop (POST types body)');
  });

  it('warns once where GET types answers 405, and applies', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shopYaml(),
      'content-sources/blog.yaml': shopYaml({ id: 'blog' })
        .replace(/Item/g, 'Post')
        .replace(/Product/g, 'Article'),
    });
    emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/types', status: 405, count: 1_000 });
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const warnings = applied.stdout.split('\n').filter((line) => line.includes('are not read back to verify them'));
    expect(warnings).toEqual([
      'Warning: the service does not offer GET types: content type, language and label changes (types) are not read back to verify them in this apply.',
    ]);
    expect(applied.stdout).toContain('Apply complete! 2 applied');
  });

  it('--no-verify sends no read after a write', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': `${shopYaml()}description: Everything we sell\n` });
    emulator.inspect.clearRequests();
    const applied = await project.cli('apply', '--yes', '--no-verify');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const sent = emulator.inspect.requests().map((r) => `${r.method} ${r.path.split('?')[0] ?? ''}`);
    expect(sent.slice(sent.indexOf('PUT /api/content/v3/types'))).toEqual(['PUT /api/content/v3/types', 'POST /api/content/v3/sources']);
  });
});
