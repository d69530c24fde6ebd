import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalDefinition } from '../../../src/model/canonical.js';
import type { SourceDefinition } from '../../../src/model/types.js';
import { graphClientFor, indexLines, startTestEmulator, isWrite } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

interface Scenario {
  name: string;
  /** The declaration after the change. */
  after: string;
  /** plan --detailed-exitcode: 2 changes without data loss, 3 with. */
  planExit: 2 | 3;
  action: 'partial' | 'full';
  itemsKept: boolean;
  /** The write requests apply sends, as "METHOD path-without-query"; by default one POST or PUT types. */
  writes?: string[];
}

const scenarios: Scenario[] = [
  {
    name: 'a property added',
    after: shopYaml({ productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Weight: { type: Float }' }),
    planExit: 2,
    action: 'partial',
    itemsKept: true,
  },
  {
    name: 'searchable switched on',
    after: shopYaml({ productProperties: '      Quantity: { type: Int }\n      Color: { type: String, searchable: true }' }),
    planExit: 2,
    action: 'partial',
    itemsKept: true,
  },
  {
    name: 'a content type added',
    after: shopYaml({ contentTypes: '  Review:\n    contentType: [Item]\n    properties:\n      Rating: { type: Int }' }),
    planExit: 2,
    action: 'partial',
    itemsKept: true,
  },
  { name: 'a language added', after: shopYaml({ languages: 'en, sv, de' }), planExit: 2, action: 'partial', itemsKept: true },
  { name: 'a property removed', after: shopYaml({ productProperties: '      Quantity: { type: Int }' }), planExit: 3, action: 'full', itemsKept: false },
  {
    name: 'a property type changed',
    after: shopYaml({ productProperties: '      Quantity: { type: Float }\n      Color: { type: String }' }),
    planExit: 3,
    action: 'full',
    itemsKept: false,
  },
  { name: 'a language removed', after: shopYaml({ languages: 'en' }), planExit: 3, action: 'full', itemsKept: false },
  {
    name: 'the label changed',
    after: shopYaml({ label: 'Shop catalogue' }),
    planExit: 2,
    action: 'partial',
    itemsKept: true,
    writes: ['POST /api/content/v3/sources'],
  },
  {
    name: 'a description added',
    after: `${shopYaml()}description: Everything we sell\n`,
    planExit: 2,
    action: 'partial',
    itemsKept: true,
    writes: ['POST /api/content/v3/sources'],
  },
  {
    name: 'the label changed and a property added',
    after: shopYaml({
      label: 'Shop catalogue',
      productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Weight: { type: Float }',
    }),
    planExit: 2,
    action: 'partial',
    itemsKept: true,
    writes: ['POST /api/content/v3/types', 'POST /api/content/v3/sources'],
  },
  {
    name: 'a property type added and used',
    after: shopYaml({
      propertyTypes: '  Dimensions:\n    properties:\n      Width: { type: Float }',
      productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Size: { type: Dimensions }',
    }),
    planExit: 3,
    action: 'full',
    itemsKept: false,
  },
];

const items = [
  { id: 1, language: 'en' },
  { id: 2, language: 'en' },
  { id: 3, language: 'sv' },
];

describe('apply round trips against the emulator', () => {
  it('creates the source, then a second plan is empty and the emulator holds the declaration', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Apply complete! 1 applied');
    const again = await project.cli('plan', '--detailed-exitcode');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
    const state = await project.state();
    expect(canonicalDefinition(emulator.inspect.definition('shop') as SourceDefinition)).toEqual(canonicalDefinition(state.sources.shop!.definition));
    expect(state.sources.shop?.definition.contentTypes.Product?.contentType).toEqual(['Item']);
  });

  it.each(scenarios)('$name: $action update, items kept: $itemsKept', async ({ after, planExit, action, itemsKept, writes: expectedWrites }) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await graphClientFor(emulator).pushData('shop', indexLines(items));
    expect(emulator.inspect.counts('shop')?.total).toBe(3);

    await project.write({ 'content-sources/shop.yaml': after });
    const plan = await project.cli('plan', '--detailed-exitcode', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(planExit);
    const planned = JSON.parse(plan.stdout) as { sources: { id: string; action: string; dataLoss: boolean }[] };
    expect(planned.sources[0]).toMatchObject({ id: 'shop', action, dataLoss: !itemsKept });

    emulator.inspect.clearRequests();
    const applied = await project.cli('apply', '--yes', ...(itemsKept ? [] : ['--allow-data-loss']));
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const writes = emulator.inspect.requests().filter(isWrite);
    expect(writes.map((r) => `${r.method} ${r.path.split('?')[0] ?? ''}`)).toEqual(
      expectedWrites ?? [action === 'partial' ? 'POST /api/content/v3/types' : 'PUT /api/content/v3/types'],
    );

    expect(emulator.inspect.counts('shop')?.total).toBe(itemsKept ? 3 : 0);
    const second = await project.cli('plan', '--detailed-exitcode');
    expect(second.code, second.stdout).toBe(0);
    const state = await project.state();
    // The published definition carries the description, which the sources API sets too.
    expect(canonicalDefinition(emulator.inspect.definition('shop') as SourceDefinition)).toEqual(canonicalDefinition(state.sources.shop!.definition));
    expect(emulator.inspect.sources().find((s) => s.id === 'shop')?.description ?? '').toBe(state.sources.shop?.definition.description ?? '');
  });

  it('leaves an orphan alone, and deletes the source only with --prune and --allow-data-loss', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, {
      'content-sources/shop.yaml': shopYaml(),
      'content-sources/blog.yaml': shopYaml({ id: 'blog' })
        .replace(/Item/g, 'Post')
        .replace(/Product/g, 'Article'),
    });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await graphClientFor(emulator).pushData('blog', indexLines(items.map((i) => ({ ...i, contentType: ['Post', 'Article'] }))));
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));

    const orphan = await project.cli('plan', '--detailed-exitcode');
    expect(orphan.code).toBe(0);
    expect(orphan.stdout).toContain('1 orphaned');
    const refused = await project.cli('apply', '--yes', '--prune');
    expect(refused.code).toBe(3);
    expect(emulator.inspect.counts('blog')?.total).toBe(3);
    emulator.inspect.clearRequests();
    const pruned = await project.cli('apply', '--yes', '--prune', '--allow-data-loss');
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stdout).toContain('blog: deleted');
    expect(
      emulator.inspect
        .requests()
        .filter(isWrite)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(['DELETE /api/content/v3/sources?id=blog']);
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['shop']);
    expect(emulator.inspect.counts('blog')).toBeUndefined();
    expect(Object.keys((await project.state()).sources)).toEqual(['shop']);
    expect((await project.cli('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
