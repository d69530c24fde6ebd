import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphqlChange, Plan } from '../../src/plan/types.js';
import { startTestEmulator, isWrite } from '../helpers/emulator.js';
import { graphProject, shopYaml, type GraphProject } from '../helpers/graph-project.js';

const review = '  Review:\n    contentType: [Item]\n    properties:\n      Rating: { type: Int }';

interface Scenario {
  name: string;
  before: string;
  after: string;
  /** plan --detailed-exitcode, unchanged by GraphQL impact: 2 changes (a full update of this empty source loses no item), 3 items lost. */
  exit: 2 | 3;
  graphqlChanges: GraphqlChange[];
}

const scenarios: Scenario[] = [
  {
    name: 'removing a property is breaking',
    before: shopYaml(),
    after: shopYaml({ productProperties: '      Quantity: { type: Int }' }),
    exit: 2,
    graphqlChanges: [{ criticality: 'BREAKING', message: "Field 'Color' was removed from object type 'Product'", path: 'Product.Color' }],
  },
  {
    name: "changing a property's type is breaking",
    before: shopYaml(),
    after: shopYaml({ productProperties: '      Quantity: { type: Float }\n      Color: { type: String }' }),
    exit: 2,
    graphqlChanges: [{ criticality: 'BREAKING', message: "Field 'Product.Quantity' changed type from 'Int' to 'Float'", path: 'Product.Quantity' }],
  },
  {
    name: 'removing a content type is breaking',
    before: shopYaml({ contentTypes: review }),
    after: shopYaml(),
    exit: 2,
    graphqlChanges: [{ criticality: 'BREAKING', message: "Type 'Review' was removed", path: 'Review' }],
  },
  {
    name: 'adding a content type is safe',
    before: shopYaml(),
    after: shopYaml({ contentTypes: review }),
    exit: 2,
    graphqlChanges: [{ criticality: 'NON_BREAKING', message: "Type 'Review' was added", path: 'Review' }],
  },
];

async function appliedProject(before: string, extraConfig = ''): Promise<GraphProject> {
  const emulator = await startTestEmulator();
  const project = await graphProject(emulator, { 'content-sources/shop.yaml': before }, extraConfig);
  const applied = await project.cli('apply', '--yes');
  expect(applied.code, applied.stderr).toBe(0);
  return project;
}

describe('GraphQL impact in the plan', () => {
  it.each(scenarios)('$name, in the plan JSON', async ({ before, after, exit, graphqlChanges }) => {
    const project = await appliedProject(before);
    await project.write({ 'content-sources/shop.yaml': after });
    const plan = await project.cli('plan', '--detailed-exitcode', '--format', 'json');
    expect(plan.code, plan.stderr).toBe(exit);
    expect((JSON.parse(plan.stdout) as Plan).sources.map((s) => [s.id, s.graphqlChanges])).toEqual([['shop', graphqlChanges]]);
  });

  it('shows the impact in text and markdown, and [] for a source without changes', async () => {
    const project = await appliedProject(shopYaml());
    await project.write({
      'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }' }),
      'content-sources/blog.yaml': shopYaml({ id: 'blog' })
        .replace(/Item/g, 'Post')
        .replace(/Product/g, 'Article'),
    });
    const text = await project.cli('plan');
    expect(text.stdout).toContain("      GraphQL: 1 breaking\n        breaking  Field 'Color' was removed from object type 'Product'\n");
    expect(text.stdout).toContain("      GraphQL: 2 safe\n        safe      Type 'Post' was added\n        safe      Type 'Article' was added\n");
    expect(text.stdout).toContain('GraphQL: 1 breaking change in shop: queries that read it stop working.');
    const markdown = await project.cli('plan', '--format', 'markdown');
    expect(markdown.stdout).toContain(
      "<details><summary>GraphQL impact: <b>1 breaking</b>, 2 safe</summary>\n\n`blog`: 2 safe\n\n- 🟢 safe: Type 'Post' was added\n- 🟢 safe: Type 'Article' was added\n\n`shop`: 1 breaking\n\n- 🔴 breaking: Field 'Color' was removed from object type 'Product'\n\n</details>",
    );
    await project.write({ 'content-sources/shop.yaml': shopYaml() });
    const json = JSON.parse((await project.cli('plan', '--format', 'json')).stdout) as Plan;
    expect(json.sources.map((s) => [s.id, s.action, s.graphqlChanges?.length])).toEqual([
      ['blog', 'create', 2],
      ['shop', 'none', 0],
    ]);
  });

  it('keeps the changes in a plan file, which apply accepts', async () => {
    const project = await appliedProject(shopYaml());
    await project.write({ 'content-sources/shop.yaml': shopYaml({ contentTypes: review }) });
    expect((await project.cli('plan', '--out', 'plan.json')).code).toBe(0);
    const saved = JSON.parse(await readFile(path.join(project.dir, 'plan.json'), 'utf8')) as Plan;
    expect(saved.sources[0]?.graphqlChanges).toEqual([{ criticality: 'NON_BREAKING', message: "Type 'Review' was added", path: 'Review' }]);
    const applied = await project.cli('apply', 'plan.json');
    expect(applied.code, applied.stderr).toBe(0);
  });

  it('refuses a plan file whose graphqlChanges are not GraphQL changes', async () => {
    const project = await appliedProject(shopYaml());
    await project.write({ 'content-sources/shop.yaml': shopYaml({ contentTypes: review }) });
    expect((await project.cli('plan', '--out', 'plan.json')).code).toBe(0);
    const file = path.join(project.dir, 'plan.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { sources: { graphqlChanges: unknown }[] };
    saved.sources[0]!.graphqlChanges = [{ criticality: 'FINE', message: 'x', path: null }];
    await writeFile(file, JSON.stringify(saved));
    const applied = await project.cli('apply', 'plan.json');
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('GF_PLAN_FORMAT');
    expect(applied.stderr).toContain('a GraphQL change is not {criticality: BREAKING|DANGEROUS|NON_BREAKING, message, path}');
  });
});

describe('failOnBreaking: true in the config', () => {
  const breakingChange = shopYaml({ productProperties: '      Quantity: { type: Int }' });

  it('makes plan show the plan, then fail listing the breaking changes, without saving a plan file', async () => {
    const project = await appliedProject(shopYaml(), 'failOnBreaking: true');
    await project.write({ 'content-sources/shop.yaml': breakingChange });
    const plan = await project.cli('plan', '--detailed-exitcode', '--out', 'plan.json');
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain('- property Product.Color: String');
    expect(plan.stderr).toContain(
      "Error [GF_GRAPHQL_BREAKING]: This plan makes 1 breaking GraphQL change, and the config sets failOnBreaking: true: apply refuses it and sends nothing.\n  shop: Field 'Color' was removed from object type 'Product'",
    );
    expect(existsSync(path.join(project.dir, 'plan.json'))).toBe(false);
  });

  it('makes apply send nothing, even with --allow-data-loss, and say why', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, 'failOnBreaking: true');
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': breakingChange });
    emulator.inspect.clearRequests();
    const applied = await project.cli('apply', '--yes', '--allow-data-loss', '--format', 'json');
    expect(applied.code).toBe(1);
    expect(JSON.parse(applied.stdout)).toMatchObject({ applied: false, refused: 'graphql-breaking', ok: false });
    expect(applied.stderr).toContain(
      "GF_GRAPHQL_BREAKING]: This plan makes 1 breaking GraphQL change, and the config sets failOnBreaking: true: nothing was sent.\n  shop: Field 'Color' was removed",
    );
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect((await project.state()).sources.shop?.definition.contentTypes.Product?.properties.Color).toEqual({ type: 'String' });
  });

  it('lets safe changes through', async () => {
    const project = await appliedProject(shopYaml(), 'failOnBreaking: true');
    await project.write({ 'content-sources/shop.yaml': shopYaml({ contentTypes: review }) });
    expect((await project.cli('plan', '--detailed-exitcode')).code).toBe(2);
    const applied = await project.cli('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
  });
});

describe('a --prune delete', () => {
  const blog = shopYaml({ id: 'blog' })
    .replace(/Item/g, 'Post')
    .replace(/Product/g, 'Article');

  it("shows the pruned source's types as removed, breaking, in graphqlChanges", async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'content-sources/blog.yaml': blog });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    const plan = JSON.parse((await project.cli('plan', '--prune', '--format', 'json')).stdout) as Plan;
    const pruned = plan.sources.find((s) => s.id === 'blog');
    expect(pruned?.action).toBe('delete');
    expect(pruned?.graphqlChanges).toEqual(
      expect.arrayContaining([
        { criticality: 'BREAKING', message: "Type 'Post' was removed", path: 'Post' },
        { criticality: 'BREAKING', message: "Type 'Article' was removed", path: 'Article' },
      ]),
    );
  });

  it('is refused by failOnBreaking: plan fails and apply sends nothing', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'content-sources/blog.yaml': blog }, 'failOnBreaking: true');
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    const plan = await project.cli('plan', '--prune');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('GF_GRAPHQL_BREAKING]: This plan makes 2 breaking GraphQL changes, and the config sets failOnBreaking: true');
    expect(plan.stderr).toContain("blog: Type 'Post' was removed");
    emulator.inspect.clearRequests();
    const applied = await project.cli('apply', '--prune', '--yes', '--allow-data-loss');
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('GF_GRAPHQL_BREAKING');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
    expect(Object.keys((await project.state()).sources).sort()).toEqual(['blog', 'shop']);
  });
});
