import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../src/apply/apply-plan.js';
import { createGraphClient } from '../src/graph/client.js';
import * as graphform from '../src/index.js';
import { createLocalBackend } from '../src/state/local-backend.js';
import { makeProjectDir, makeTempDir } from './helpers/temp-dir.js';
import { testHost } from './helpers/workflow-host.js';

describe('the programmatic API', () => {
  it('plans declarations with the exported pure pieces, and the plan they make applies to an emulator', async () => {
    const emulator = await graphform.startEmulator({ port: 0 });
    try {
      const file = graphform.parseDeclarationFile(
        'shop.yaml',
        'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n',
      );
      const { declarations, diagnostics } = graphform.validateDeclarations([file], {
        scalarTypes: ['String'],
        reservedTypeNames: [],
        maxSources: undefined,
        stateSources: {},
      });
      expect(diagnostics).toEqual([]);
      const plan = graphform.buildPlan({
        environment: 'api',
        state: undefined,
        declarations,
        remote: {},
        options: { prune: false, strategy: 'auto', targets: undefined },
        createdAt: '2026-11-22T10:00:00.000Z',
        tool: { name: graphform.TOOL_NAME, version: graphform.TOOL_VERSION },
        diagnostics: [],
      });
      expect(plan.summary).toMatchObject({ create: 1, dataLoss: false });

      const dir = await makeTempDir();
      const backend = createLocalBackend({ path: `${dir}/state.json`, lockTimeoutMs: 0, now: () => new Date(), who: 'api', pid: 1, host: 'test' });
      const client = createGraphClient({ baseUrl: emulator.url, auth: { scheme: 'hmac', ...emulator.credentials } });
      const result = await applyPlan({
        plan,
        client,
        declarations,
        state: graphform.emptyState('00000000-0000-4000-8000-000000000001'),
        writeState: (state) => backend.write(state),
        now: () => new Date(),
        toolVersion: graphform.TOOL_VERSION,
        parallelism: 1,
      });
      expect(result.ok).toBe(true);
      expect((await backend.read())?.sources.shop?.hash).toBe(graphform.hashDefinition(declarations[0]!.definition));
      expect(emulator.inspect.definition('shop')).toMatchObject({ label: 'Shop' });
    } finally {
      await emulator.close();
    }
  });

  it('exports at run time exactly the values of the reviewed surface (etc/graphform.api.md), no CLI entry or internal among them', () => {
    const report = readFileSync(path.resolve(import.meta.dirname, '../etc/graphform.api.md'), 'utf8');
    const reviewed = [...report.matchAll(/^export (?:declare )?(?:function|const|class|let|enum|namespace) (\w+)/gm)].map((m) => m[1]);
    expect(Object.keys(graphform).sort()).toEqual([...new Set(reviewed)].sort());
    for (const internal of ['main', 'applyPlan', 'formatAge', 'valueAt', 'pendingAdoptions', 'lockHeldError'])
      expect(Object.keys(graphform), internal).not.toContain(internal);
  });

  it('runs the workflows the CLI runs: validate, plan, apply, state, with no CLI call', async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/shop.yaml':
        'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n',
    });
    const env = testHost(cwd);
    const checked = await graphform.validate({}, env);
    expect(checked.ok).toBe(true);
    expect(checked.declarations.map((d) => d.id)).toEqual(['shop']);

    const planned = await graphform.plan({}, env);
    expect(planned.plan.summary).toMatchObject({ create: 1, dataLoss: false });
    expect(planned.plan.sources.map((s) => [s.id, s.action])).toEqual([['shop', 'create']]);

    const seen: string[] = [];
    const applied = await graphform.apply({ plan: planned.plan, onEvent: (event) => seen.push(event.type) }, env);
    expect(applied).toMatchObject({ applied: true, ok: true });
    expect(applied.outcomes.map((o) => [o.id, o.status])).toEqual([['shop', 'applied']]);
    expect(seen).toContain('applied');

    // Applied again, the same plan is stale (state moved on): refused with a stable code, nothing sent.
    await expect(graphform.apply({ plan: planned.plan }, env)).rejects.toMatchObject({ code: 'GF_PLAN_STALE' });
    const again = await graphform.plan({}, env);
    expect(again.plan.sources.filter((s) => s.action !== 'none')).toEqual([]);
    expect((await graphform.stateList({}, env)).sources.map((s) => s.id)).toEqual(['shop']);
    // Nothing was printed: every message went to the environment's sink.
    expect(env.messages.filter((m) => m.kind === 'warning')).toEqual([]);
  });

  it('refuses what policy refuses as a result, not an error: a plan that loses items without allowDataLoss', async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'content-sources/shop.yaml':
        'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n      Color: { type: String }\n',
    });
    const env = testHost(cwd);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    const { writeFile } = await import('node:fs/promises');
    // A draft pushed from elsewhere: GraphQL serves no _rbac back and the single key does not see drafts, so the full update below cannot keep it.
    await writeFile(
      `${cwd}/items.ndjson`,
      '{"index":{"_id":"p1","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Draft","_rbac":"r:Everyone:Read","Name":"Pen"}\n',
    );
    expect((await graphform.dataPush({ source: 'shop', files: ['items.ndjson'] }, env)).summary.status).toBe('sent');
    await writeFile(
      `${cwd}/content-sources/shop.yaml`,
      'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n',
    );
    const refused = await graphform.apply({}, env);
    expect(refused).toMatchObject({ applied: false, refused: 'data-loss', ok: false });
    expect(refused.losing?.map((s) => s.id)).toEqual(['shop']);
    await expect(graphform.plan({ environment: 'nope' }, env)).rejects.toMatchObject({ code: expect.stringMatching(/^GF_/) });
  });
});
