import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { indexLines, startTestEmulator, type SampleItem } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir, writeFiles } from '../helpers/temp-dir.js';

/** 40 items in en and 4 in sv, each a Product with a Color. */
const ITEMS: SampleItem[] = Array.from({ length: 44 }, (_, i) => ({
  id: i + 1,
  language: i < 40 ? 'en' : 'sv',
  fields: { Quantity: i, Color: i % 2 === 0 ? 'red' : 'blue' },
}));
const WITHOUT_COLOR = shopYaml({ productProperties: '      Quantity: { type: Int }' });
/** The same change with the keep step off: the full update deletes every item for good (public ones would be kept otherwise). */
const WITHOUT_COLOR_UNKEPT = shopYaml({ productProperties: '      Quantity: { type: Int }', keep: 'false' });

/** Entry (abstract) and Post deriving from it: the concrete type is counted, the interface is not counted twice. */
const BLOG = [
  'id: blog',
  'label: Blog',
  'languages: [en]',
  'contentTypes:',
  '  Entry:',
  '    abstract: true',
  '    contentType: []',
  '    properties:',
  '      Title: { type: String }',
  '  Post:',
  '    contentType: [Entry]',
  '    properties: {}',
  '',
].join('\n');

const planJson = (stdout: string): Plan => JSON.parse(stdout) as Plan;

describe('what a wipe deletes: counted through the content GraphQL endpoint', () => {
  it('says a plan removing a property of a source holding 44 items deletes 44 items, per language, in text, JSON and markdown (embedded emulator)', async () => {
    const dir = await makeProjectDir({ 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': indexLines(ITEMS) });
    const cli = (...argv: string[]) => runCli(argv, { cwd: dir });
    expect((await cli('apply', '--yes')).code).toBe(0);
    expect((await cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    await writeFiles(dir, { 'content-sources/shop.yaml': WITHOUT_COLOR_UNKEPT });

    const text = await cli('plan', '--detailed-exitcode');
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(
      /^!! +-\/\+ shop: removing property Product\.Color needs a full update, which deletes all items of source shop in en, sv; deletes 44 items \(en 40, sv 4\)$/m,
    );

    const json = await cli('--format', 'json', 'plan');
    expect(planJson(json.stdout).sources.find((s) => s.id === 'shop')?.deletes).toEqual({ known: true, total: 44, byLanguage: { en: 40, sv: 4 } });

    const markdown = await cli('--format', 'markdown', 'plan');
    expect(markdown.stdout).toContain(
      '> - `shop` (replace): removing property Product.Color needs a full update, which deletes all items of source shop in en, sv; deletes 44 items (en 40, sv 4)',
    );
  });

  it('counts a standalone emulator with the graph credentials of the environment, and a source that --prune deletes', async () => {
    const emulator = await startTestEmulator();
    const posts: SampleItem[] = [1, 2, 3].map((id) => ({
      id,
      language: 'en',
      contentType: ['Entry', 'Post'],
      fields: { Name: undefined, Title: `Post ${id}` },
    }));
    const project = await graphProject(
      emulator,
      { 'content-sources/shop.yaml': shopYaml(), 'content-sources/blog.yaml': BLOG, 'items.ndjson': indexLines(ITEMS), 'posts.ndjson': indexLines(posts) },
      `    singleKey: "${emulator.singleKey}"`,
    );
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    expect((await project.cli('data', 'push', 'blog', 'posts.ndjson')).code).toBe(0);

    await rm(path.join(project.dir, 'content-sources/blog.yaml'));
    await project.write({ 'content-sources/shop.yaml': WITHOUT_COLOR_UNKEPT });
    const plan = await project.cli('--format', 'json', 'plan', '--prune');
    const sources = planJson(plan.stdout).sources;
    expect(sources.map((s) => [s.id, s.action, s.deletes])).toEqual([
      ['blog', 'delete', { known: true, total: 3, byLanguage: { en: 3 } }],
      ['shop', 'full', { known: true, total: 44, byLanguage: { en: 40, sv: 4 } }],
    ]);
  });

  it('counts with the graph credentials, without a read key, drafts and restricted items included', async () => {
    const emulator = await startTestEmulator();
    const hidden: SampleItem[] = [
      { id: 'draft', language: 'en', fields: { Status: 'Draft' } },
      { id: 'restricted', language: 'sv', fields: { _rbac: 'r:Editors:Read' } },
    ];
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': indexLines([...ITEMS, ...hidden]) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': WITHOUT_COLOR });
    const json = await project.cli('--format', 'json', 'plan');
    expect(planJson(json.stdout).sources[0]?.deletes).toEqual({ known: true, total: 46, byLanguage: { en: 41, sv: 5 } });
  });

  it.each([
    { name: 'a plan with --no-refresh', argv: ['--no-refresh'], fault: false, reason: 'the service was not asked (refresh is off)' },
    { name: 'graph credentials the endpoint refuses', argv: [], fault: true, reason: 'the content GraphQL endpoint answered 401: Injected fault: 401' },
  ])('says "count unknown" for $name', async ({ argv, fault, reason }) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': indexLines(ITEMS) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': WITHOUT_COLOR });
    if (fault) emulator.faults.add({ pathPrefix: '/content/v2', status: 401, count: 10 });

    const json = await project.cli('--format', 'json', 'plan', ...argv);
    expect(planJson(json.stdout).sources[0]?.deletes).toEqual({ known: false, reason });
    const text = await project.cli('--verbose', 'plan', ...argv);
    expect(text.stdout).toContain(`in en, sv; count unknown (${reason})`);
    expect(text.stdout + text.stderr).not.toContain(emulator.credentials.secret);
  });

  it('says "count unknown" with the status when the endpoint fails, and plans anyway', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, `    singleKey: "${emulator.singleKey}"`);
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': WITHOUT_COLOR });
    emulator.faults.add({ pathPrefix: '/content/v2', status: 500, count: 5 });
    const json = await project.cli('--format', 'json', 'plan');
    expect(json.code).toBe(0);
    expect(planJson(json.stdout).sources[0]?.deletes).toEqual({ known: false, reason: 'the content GraphQL endpoint answered 500: Injected fault: 500' });
  });

  it('leaves sources that keep their items uncounted', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, `    singleKey: "${emulator.singleKey}"`);
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({
      'content-sources/shop.yaml': shopYaml({
        productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Weight: { type: Float }',
      }),
    });
    emulator.inspect.clearRequests();
    const plan = planJson((await project.cli('--format', 'json', 'plan')).stdout);
    expect(plan.sources[0]).toMatchObject({ action: 'partial' });
    expect(plan.sources[0]).not.toHaveProperty('deletes');
    expect(emulator.inspect.requests().filter((r) => r.path.startsWith('/content/'))).toEqual([]);
  });
});

/** A terminal that answers `no` once the prompt is up. */
function terminal(): {
  stdin: PassThrough & { isTTY: boolean; setRawMode: (raw: boolean) => void };
  stderr: Writable & { isTTY: boolean };
  output: () => string;
} {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  let written = '';
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        written += chunk.toString();
        if (chunk.toString().includes('Enter a value')) setImmediate(() => stdin.write('no\n'));
        done();
      },
    }),
    { isTTY: true },
  );
  return { stdin, stderr, output: () => written };
}

describe('apply', () => {
  it('asks for confirmation with the number of items the plan loses (here all: GraphQL does not serve their _rbac back and the source declares no keep.defaults)', async () => {
    const emulator = await startTestEmulator();
    // No singleKey: nothing tells which items are public, so none can be carried over without keep.defaults.
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml(), 'items.ndjson': indexLines(ITEMS) });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    expect((await project.cli('data', 'push', 'shop', 'items.ndjson')).code).toBe(0);
    await project.write({ 'content-sources/shop.yaml': WITHOUT_COLOR });
    const tty = terminal();
    const env = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
    const run = await runCli(['apply', '--allow-data-loss'], { cwd: project.dir, env, io: { stdin: tty.stdin, stderr: tty.stderr } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('; deletes 44 items (en 40, sv 4)');
    expect(tty.output()).toContain(
      `Do you want to apply these changes to environment test (${emulator.url})?\n  This loses 44 items:\n    shop: loses all 44 items\n  Only 'yes' will be accepted to approve.`,
    );
    expect(tty.output()).toContain('Apply cancelled. Nothing was sent.');
    expect(emulator.inspect.counts('shop')?.total).toBe(44);
  });
});
