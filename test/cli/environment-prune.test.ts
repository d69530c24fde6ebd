import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { graphProject, shopYaml, type GraphProject } from '../helpers/graph-project.js';

const blogYaml = shopYaml({ id: 'blog' })
  .replace(/Item/g, 'Post')
  .replace(/Product/g, 'Article');
const blogItem =
  '{"index":{"_id":"post-1","language_routing":"en"}}\n{"ContentType":["Article"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Quantity":3}\n';

/** The shop and blog sources applied to a new emulator, in an environment with `prune` as given. */
async function shopAndBlogApplied(prune: boolean): Promise<{ emulator: RunningEmulator; project: GraphProject }> {
  const emulator = await startTestEmulator();
  const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'content-sources/blog.yaml': blogYaml }, `    prune: ${prune}`);
  expect((await project.cli('apply', '--yes')).code).toBe(0);
  return { emulator, project };
}

describe('the refusal to delete a source that holds no items', () => {
  it('says the source is empty now and what it would lose, not "0 items"', async () => {
    const { emulator, project } = await shopAndBlogApplied(true);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    const refused = await project.cli('apply', '--yes');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain(
      'Refusing to apply: this plan loses items of blog (no items when planned; any pushed before the apply would go). Nothing was sent.',
    );
    expect(emulator.inspect.definition('blog')).toBeDefined();
  });
});

describe("an environment's prune: true", () => {
  it('deletes a source that is no longer declared, shown in the plan with its item count and behind the data-loss gate, from a saved plan too', async () => {
    const { emulator, project } = await shopAndBlogApplied(true);
    await graphClientFor(emulator).pushData('blog', blogItem);
    await expect.poll(() => emulator.inspect.counts('blog')?.total, { timeout: 10_000 }).toBe(1);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));

    const planned = await project.cli('plan', '--detailed-exitcode', '--out', 'plan.json');
    expect(planned.code, planned.stderr).toBe(3);
    expect(planned.stdout).toContain(
      'source blog is no longer declared and environment test has `prune: true` in the config: DELETE sources deletes the source itself',
    );
    expect(planned.stdout).toMatch(/deletes 1 item/);
    expect(planned.stderr).toContain('graphform apply plan.json --allow-data-loss');

    // Without --allow-data-loss nothing is sent.
    const refused = await project.cli('apply', '--yes');
    expect(refused.code).toBe(3);
    expect(Object.keys((await project.state()).sources).sort()).toEqual(['blog', 'shop']);
    expect(emulator.inspect.definition('blog')).toBeDefined();

    const applied = await project.cli('apply', 'plan.json', '--yes', '--allow-data-loss');
    expect(applied.code, applied.stderr).toBe(0);
    expect(Object.keys((await project.state()).sources)).toEqual(['shop']);
    expect(emulator.inspect.definition('blog')).toBeUndefined();
  });

  it('leaves an undeclared source orphaned where the environment does not prune', async () => {
    const { project } = await shopAndBlogApplied(false);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    const planned = await project.cli('plan', '--detailed-exitcode');
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('source blog is in state but no longer declared');
  });
});
