import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../src/apply/apply-plan.js';
import { readDeclarationFiles } from '../../../src/load/read-declarations.js';
import { SCALAR_TYPES } from '../../../src/model/types.js';
import { parsePlanFile } from '../../../src/plan/plan-file.js';
import { emptyState } from '../../../src/state/state.js';
import { validateDeclarations } from '../../../src/validate/validate.js';
import { graphClientFor, startTestEmulator, isWrite } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

const three = {
  'content-sources/aaa.yaml': shopYaml({ id: 'aaa' })
    .replace(/Item/g, 'AItem')
    .replace(/Product/g, 'AProduct'),
  'content-sources/bbb.yaml': shopYaml({ id: 'bbb' })
    .replace(/Item/g, 'BItem')
    .replace(/Product/g, 'BProduct'),
  'content-sources/ccc.yaml': shopYaml({ id: 'ccc' })
    .replace(/Item/g, 'CItem')
    .replace(/Product/g, 'CProduct'),
};

describe('apply under faults', () => {
  it('a 503 in the middle of a multi-source apply leaves state true, and a re-run finishes the rest', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, three);
    emulator.faults.add({ method: 'PUT', pathPrefix: '/api/content/v3/types?id=bbb', status: 503, count: 2 });

    const first = await project.cli('apply', '--yes');
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('bbb: failed [GF_GRAPH_HTTP_503]: The graph service answered 503 to PUT');
    expect(first.stdout).toContain('Apply failed. 1 applied, 1 failed, 1 not started.');
    expect(Object.keys((await project.state()).sources)).toEqual(['aaa']);
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['aaa']);

    const second = await project.cli('apply', '--yes');
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain('2 to create');
    expect(Object.keys((await project.state()).sources)).toEqual(['aaa', 'bbb', 'ccc']);
    expect((await project.cli('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('retries a single 503 and succeeds without the user noticing', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/aaa.yaml': three['content-sources/aaa.yaml'] });
    emulator.faults.add({ method: 'PUT', status: 503, count: 1 });
    const result = await project.cli('apply', '--yes');
    expect(result.code, result.stdout).toBe(0);
    expect(
      emulator.inspect
        .requests()
        .filter((r) => r.method === 'PUT')
        .map((r) => r.status),
    ).toEqual([503, 204]);
  });

  it('recovers from a crash between the request and the state write', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('plan', '--out', 'plan.json')).code).toBe(0);
    const plan = parsePlanFile(await readFile(path.join(project.dir, 'plan.json'), 'utf8'), 'plan.json');
    const files = await readDeclarationFiles(path.join(project.dir, 'content-sources'), project.dir);
    const { declarations } = validateDeclarations(files, { scalarTypes: [...SCALAR_TYPES], reservedTypeNames: [], maxSources: undefined, stateSources: {} });
    // The PUT reaches the service, then the process dies before state is written.
    const crashed = applyPlan({
      plan,
      client: graphClientFor(emulator),
      declarations,
      state: emptyState('00000000-0000-4000-8000-000000000000'),
      writeState: async () => {
        throw new Error('killed');
      },
      now: () => new Date(),
      toolVersion: 'test',
      parallelism: 1,
    });
    expect((await crashed).ok).toBe(false);
    expect(emulator.inspect.definition('shop')).toBeDefined();

    const next = await project.cli('plan', '--detailed-exitcode');
    expect(next.code, next.stdout).toBe(0);
    expect(next.stdout).toContain('the service already has exactly this definition of source shop');
    emulator.inspect.clearRequests();
    const recovered = await project.cli('apply', '--yes');
    expect(recovered.code, recovered.stdout).toBe(0);
    expect(recovered.stdout).toContain('shop: recorded in state');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(Object.keys((await project.state()).sources)).toEqual(['shop']);
    const last = await project.cli('plan');
    expect(last.stdout).toContain('No changes.');
  });

  it('of two concurrent applies, one fails fast naming the lock holder', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, '', { requestTimeoutMs: 120_000 });
    const hold = emulator.faults.add({ method: 'PUT', hold: true });
    const slow = project.cli('apply', '--yes');
    // Start the second apply only once the first holds the lock: its PUT is held by the emulator.
    await emulator.faults.held(hold.id);
    const blocked = await project.cli('apply', '--yes');
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('GF_STATE_LOCKED');
    expect(blocked.stderr).toMatch(/apply/);
    expect(blocked.stderr).toContain('graphform state unlock');
    emulator.faults.release(hold.id);
    expect((await slow).code).toBe(0);
  });

  it('refuses a stale plan file and says what changed', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('plan', '--out', 'old.json')).code).toBe(0);
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    const serialMoved = await project.cli('apply', 'old.json');
    expect(serialMoved.code).toBe(1);
    expect(serialMoved.stderr).toContain('GF_PLAN_STALE');
    expect(serialMoved.stderr).toContain('state was created since the plan was made');

    expect((await project.cli('plan', '--out', 'new.json')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': shopYaml({ languages: 'en, sv, de' }) });
    emulator.inspect.clearRequests();
    const edited = await project.cli('apply', 'new.json');
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('the declarations changed since the plan was made');
    expect(edited.stderr).toContain('source shop: the plan file would send nothing; a plan made now would update it in place (POST) for adding language de');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });

  it('refuses a plan file edited to pass a data-losing PUT off as a create', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }' }) });
    expect((await project.cli('plan', '--out', 'p.json')).code).toBe(0);
    const file = path.join(project.dir, 'p.json');
    const plan = JSON.parse(await readFile(file, 'utf8')) as { sources: { action: string; dataLoss: boolean }[] };
    plan.sources[0] = { ...plan.sources[0]!, action: 'create', dataLoss: false };
    await writeFile(file, JSON.stringify(plan));

    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', 'p.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('GF_PLAN_STALE');
    expect(refused.stderr).toContain(
      'source shop: the plan file would create it (PUT) for removing property Product.Color; a plan made now would replace its schema (PUT), deleting its items, for removing property Product.Color',
    );
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });

  it('applies a plan file for one source, with --source next to the file, and reports in JSON', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, three);
    expect((await project.cli('plan', '--source', 'bbb', '--out', 'b.json')).code).toBe(0);
    const applied = await project.cli('apply', '--format', 'json', '--source', 'bbb', 'b.json');
    expect(applied.code, applied.stderr).toBe(0);
    const report = JSON.parse(applied.stdout) as { applied: boolean; ok: boolean; outcomes: { id: string; status: string }[]; plan: { sources: unknown[] } };
    expect(report).toMatchObject({ applied: true, ok: true, outcomes: [{ id: 'bbb', status: 'applied' }] });
    expect(report.plan.sources).toHaveLength(1);
    expect(applied.stderr).toContain('bbb: created');
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['bbb']);
  });

  it('refuses a plan file with --source naming other sources than it plans, sending nothing', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, three);
    expect((await project.cli('plan', '--source', 'bbb', '--out', 'b.json')).code).toBe(0);
    const refused = await project.cli('apply', '--source', 'aaa', 'b.json', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Error [GF_USAGE]: b.json plans bbb, not aaa as the sources named beside it say: a plan file is applied as it was saved, whole.',
    );
    expect(emulator.inspect.sources()).toEqual([]);
  });

  it('without --allow-data-loss, a data-loss plan sends nothing and exits 3', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    // An item pushed from elsewhere: GraphQL does not serve its _rbac back and the source declares no keep.defaults, so the full update would lose it.
    await project.write({
      'feed.ndjson':
        '{"index":{"_id":"p1","language_routing":"en"}}\n{"ContentType":["Item","Product"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Name":"Pen"}\n',
    });
    expect((await project.cli('data', 'push', 'shop', 'feed.ndjson')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }' }) });

    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', '--yes');
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('LOSES ITEMS');
    expect(refused.stderr).toContain('--allow-data-loss');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);

    expect((await project.cli('plan', '--out', 'loss.json')).code).toBe(0);
    emulator.inspect.clearRequests();
    const fromFile = await project.cli('apply', 'loss.json');
    expect(fromFile.code).toBe(3);
    expect(emulator.inspect.requests()).toEqual([]);
    expect(emulator.inspect.definition('shop')).toMatchObject({ contentTypes: { Product: { properties: { Color: { type: 'String' } } } } });
  });

  it('refuses a full update when the data files it would push again are invalid, before anything is sent', async () => {
    const emulator = await startTestEmulator();
    const item = (id: string, quantity: unknown): string =>
      `{"index":{"_id":"${id}","language_routing":"en"}}\n${JSON.stringify({ Name: id, Quantity: quantity, ContentType: ['Item', 'Product'], Language: { Name: 'en' } })}\n`;
    const withData = (yaml: string): string => `${yaml}data:\n  - data/*.ndjson\n`;
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': withData(shopYaml()), 'content-sources/data/items.ndjson': item('a', 1) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect(emulator.inspect.counts('shop')?.total).toBe(1);

    await project.write({
      'content-sources/shop.yaml': withData(shopYaml({ productProperties: '      Quantity: { type: Int }' })),
      'content-sources/data/items.ndjson': item('a', 'three'),
    });
    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', '--yes', '--allow-data-loss');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The data files of source shop are not valid');
    expect(refused.stdout).toContain('GF_DATA_INVALID_VALUE');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(1);
  });

  it('stops planning when the service cannot say whether a new source exists, and --no-refresh goes on with a warning', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    emulator.faults.add({ method: 'GET', status: 503, count: 2 });
    const stopped = await project.cli('plan');
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('GF_REFRESH_FAILED');
    expect(stopped.stderr).toContain('shop: ');
    const unchecked = await project.cli('plan', '--no-refresh', '--format', 'json');
    expect(unchecked.code).toBe(0);
    expect(JSON.parse(unchecked.stdout).sources[0].reasons.join(' ')).toContain('Warning: graphform did not ask the service');
  });

  it('without a terminal and without --yes, apply is an error and never a hang', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const result = await project.cli('apply');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GF_CONFIRMATION_REQUIRED');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });
});
