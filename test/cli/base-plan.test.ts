import { describe, expect, it } from 'vitest';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

const blogYaml = (properties = '      Quantity: { type: Int }\n      Color: { type: String }'): string =>
  shopYaml({ id: 'blog', productProperties: properties })
    .replace(/Item/g, 'Post')
    .replace(/Product/g, 'Article');

describe('plan --base-plan', () => {
  it("shows and counts only what differs from the base branch's plan, names the rest in one line, and saves the whole plan", async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'content-sources/blog.yaml': blogYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);

    // main: shop loses Color (a full update). The base plan is made from main's declarations.
    await project.write({ 'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }' }) });
    const base = await project.cli('plan', '--out', 'base.plan.json');
    expect(base.code, base.stderr).toBe(0);

    // The pull request adds a property to blog on top of main.
    await project.write({ 'content-sources/blog.yaml': blogYaml('      Quantity: { type: Int }\n      Color: { type: String }\n      Rating: { type: Int }') });
    const own = await project.cli('plan', '--base-plan', 'base.plan.json', '--detailed-exitcode', '--out', 'plan.json');
    expect(own.code, own.stderr).toBe(2);
    expect(own.stdout).toContain('blog');
    expect(own.stdout).not.toContain('DATA LOSS');
    expect(own.stdout).toContain('Already planned on the base branch, not by this change: shop (replace)');
    const saved = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(`${project.dir}/plan.json`, 'utf8'))) as {
      sources: { id: string; action: string }[];
    };
    expect(saved.sources.map((s) => [s.id, s.action])).toEqual([
      ['blog', 'partial'],
      ['shop', 'full'],
    ]);

    const markdown = await project.cli('plan', '--base-plan', 'base.plan.json', '--format', 'markdown');
    expect(markdown.stdout).toContain('Already planned on the base branch, not by this change: shop');
    const json = await project.cli('plan', '--base-plan', 'base.plan.json', '--format', 'json');
    expect((JSON.parse(json.stdout) as { sources: { id: string }[] }).sources.map((s) => s.id)).toEqual(['blog']);
    expect(json.stderr).toContain('Already planned on the base branch');

    // Nothing of its own: exit 0 although main's change replaces shop's schema.
    await project.write({ 'content-sources/blog.yaml': blogYaml() });
    const nothing = await project.cli('plan', '--base-plan', 'base.plan.json', '--detailed-exitcode');
    expect(nothing.code, nothing.stdout).toBe(0);
  });

  it("names main's pending loss when the change touches the same source, so the loss is not taken for the change's own", async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    // An item pushed by another system, with an _rbac GraphQL does not serve: a full update loses it.
    await graphClientFor(emulator).pushData(
      'shop',
      '{"index":{"_id":"p1","language_routing":"en"}}\n{"ContentType":["Product"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Quantity":1}\n',
    );
    await project.write({ 'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }' }) });
    expect((await project.cli('plan', '--out', 'base.plan.json', '--detailed-exitcode')).code, 'main loses the item').toBe(3);
    // The pull request adds Rating to shop on top of main's dropped Color: the entry differs, both lose items.
    await project.write({ 'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }\n      Rating: { type: Int }' }) });
    const markdown = await project.cli('plan', '--base-plan', 'base.plan.json', '--format', 'markdown');
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain('**This plan loses content items.**');
    expect(markdown.stdout).toContain('The base branch already plans a loss for shop (replace, loses all 1 item), not approved yet');
    expect(markdown.stdout).not.toContain('Already planned on the base branch');
  });

  it('shows the whole plan, with a warning, when state changed between the two plans', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const base = await project.cli('plan', '--out', 'base.plan.json');
    expect(base.code, base.stderr).toBe(0);
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({
      'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Rating: { type: Int }' }),
    });
    const run = await project.cli('plan', '--base-plan', 'base.plan.json', '--detailed-exitcode');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--base-plan: the base plan was made against state none (no state yet)');
  });

  it('fails with GF_PLAN_FILE_UNREADABLE for a base plan that is not there', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const run = await project.cli('plan', '--base-plan', 'missing.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_PLAN_FILE_UNREADABLE');
  });
});
