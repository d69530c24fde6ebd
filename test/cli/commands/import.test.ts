import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { graphClientFor, sampleDefinition, startTestEmulator, isWrite } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

/** A source made outside graphform: by another tool, through the API directly. */
async function createOutside(emulator: RunningEmulator, id = 'shop', description = 'Everything we sell'): Promise<void> {
  const client = graphClientFor(emulator);
  await client.putTypes(id, sampleDefinition());
  if (description !== '') await client.updateSource(id, { label: 'Shop catalogue', description });
}

const writes = (emulator: RunningEmulator): string[] =>
  emulator.inspect
    .requests()
    .filter(isWrite)
    .map((r) => `${r.method} ${r.path}`);

describe('graphform import', () => {
  it('writes the declaration of a source made outside graphform, records it, and the plan after is empty', async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator);
    const project = await graphProject(emulator, {});
    emulator.inspect.clearRequests();

    const imported = await project.cli('import', 'shop');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('wrote its declaration to content-sources/shop.yaml');
    // It reads the types back, the description with them (the published GET types carries it), and sends nothing.
    expect(emulator.inspect.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/content/v3/types?id=shop']);
    const written = await readFile(path.join(project.dir, 'content-sources/shop.yaml'), 'utf8');
    await expect(written).toMatchFileSnapshot('golden/import-shop.yaml');
    expect((await project.state()).sources.shop?.definition.description).toBe('Everything we sell');

    expect((await project.cli('validate')).code).toBe(0);
    const plan = await project.cli('plan', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
    expect(writes(emulator)).toEqual([]);
  });

  it('writes to --out, with the schema line relative to that file', async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator, 'shop', '');
    const project = await graphProject(emulator, {});
    const imported = await project.cli('import', 'shop', '--out', 'content-sources/team/catalogue.yaml');
    expect(imported.code, imported.stderr).toBe(0);
    const written = await readFile(path.join(project.dir, 'content-sources/team/catalogue.yaml'), 'utf8');
    expect(written.split('\n')[0]).toBe('# yaml-language-server: $schema=../../node_modules/graphform/schema/content-source.schema.json');
    expect(written).not.toContain('description:');
    expect((await project.cli('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it("--out writes the service's version of a source the project declares, to compare, and leaves the declaration alone", async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator, 'shop', '');
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const imported = await project.cli('import', 'shop', '--out', 'compare/shop.yaml');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('wrote its declaration to compare/shop.yaml');
    expect(await readFile(path.join(project.dir, 'compare/shop.yaml'), 'utf8')).toContain('label: Shop catalogue');
    expect(await readFile(path.join(project.dir, 'content-sources/shop.yaml'), 'utf8')).toBe(shopYaml());
  });

  it('--all writes a declaration per unmanaged source, and the plan after is empty', async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator, 'shop');
    await graphClientFor(emulator).putTypes('zz', {
      label: 'Gadgets',
      languages: ['en'],
      contentTypes: { Gadget: { contentType: [], properties: { Name: { type: 'String' } } } },
    });
    const project = await graphProject(emulator, {});
    const imported = await project.cli('import', '--all');
    expect(imported.code, imported.stderr).toBe(0);
    expect(existsSync(path.join(project.dir, 'content-sources/shop.yaml'))).toBe(true);
    expect(existsSync(path.join(project.dir, 'content-sources/zz.yaml'))).toBe(true);
    const plan = await project.cli('plan', '--format', 'json', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ unmanaged: [], summary: { create: 0, partial: 0, full: 0, orphan: 0 } });
    expect((await project.cli('import', 'zz', '--all')).stderr).toContain('GF_IMPORT_USAGE');
    expect((await project.cli('import', '--all', '--out', 'x.yaml')).stderr).toContain('GF_IMPORT_USAGE');
  });

  it('never overwrites a file: it refuses before recording anything', async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator);
    // An unfinished declaration (not valid, so it declares nothing) sits where the import would write.
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': '# to do\n', 'mine.yaml': 'keep me\n' });
    for (const argv of [
      ['import', 'shop'],
      ['import', 'shop', '--out', 'mine.yaml'],
      ['import', '--all'],
    ]) {
      const run = await project.cli(...argv);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.stderr).toContain('GF_IMPORT_FILE_EXISTS');
      expect(run.stderr).toMatch(/(content-sources\/shop|mine)\.yaml already exists; graphform import never overwrites a file/);
    }
    expect(await readFile(path.join(project.dir, 'content-sources/shop.yaml'), 'utf8')).toBe('# to do\n');
    expect(await readFile(path.join(project.dir, 'mine.yaml'), 'utf8')).toBe('keep me\n');
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json'))).toBe(false);
  });

  it('refuses, writing and recording nothing, a definition that would not validate', async () => {
    const emulator = await startTestEmulator();
    await createOutside(emulator);
    // This project's config knows no Int: the declaration would not pass `graphform validate`.
    const project = await graphProject(emulator, {}, 'scalarTypes: [String, Float]');
    const run = await project.cli('import', 'shop');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('content-sources/shop.yaml:');
    expect(run.stderr).toContain('GF_UNKNOWN_PROPERTY_TYPE');
    expect(run.stderr).toContain('GF_IMPORT_INVALID');
    expect(existsSync(path.join(project.dir, 'content-sources/shop.yaml'))).toBe(false);
    expect(existsSync(path.join(project.dir, '.graphform/state/test.json'))).toBe(false);
  });

  it('adopts a source already declared without touching its file, so the plan is partial instead of a data-losing PUT', async () => {
    const emulator = await startTestEmulator();
    await graphClientFor(emulator).putTypes('shop', {
      label: 'Shop',
      languages: ['en', 'sv'],
      contentTypes: {
        Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
        Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' } } },
      },
    });
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });

    const before = await project.cli('plan', '--format', 'json');
    // A PUT over the source the service holds (it holds no item yet, so the keep step has nothing to lose).
    expect(JSON.parse(before.stdout).sources[0]).toMatchObject({ action: 'full', keep: { known: true, deleted: 0, lost: 0 } });

    const imported = await project.cli('import', 'shop');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Its declaration, content-sources/shop.yaml, is left as it is.');
    expect(await readFile(path.join(project.dir, 'content-sources/shop.yaml'), 'utf8')).toBe(shopYaml());

    const after = await project.cli('plan', '--format', 'json', '--detailed-exitcode');
    expect(after.code).toBe(2);
    expect(JSON.parse(after.stdout).sources[0]).toMatchObject({ action: 'partial', dataLoss: false });
  });

  it('refuses a source the service does not have, one already in state, and a bad id', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    const missing = await project.cli('import', 'shop');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('GF_IMPORT_NOT_FOUND');

    await graphClientFor(emulator).putTypes('abc', sampleDefinition());
    expect((await project.cli('import', 'abc')).code).toBe(0);
    const twice = await project.cli('import', 'abc');
    expect(twice.stderr).toContain('GF_IMPORT_ALREADY_MANAGED');

    const bad = await project.cli('import', 'Shop!');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('GF_INVALID_SOURCE_ID');
  });

  it('import --all in a folder that is no project (no config, no declarations) refuses and writes nothing there', async () => {
    const dir = await makeTempDir();
    const run = await runCli(['import', '--all'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GF_IMPORT_NO_PROJECT');
    expect(run.stderr).toContain(
      `import --all: ${dir} is not a graphform project (no graphform.config.yaml here or above, no content-sources/ folder); nothing was written.`,
    );
    expect(run.stderr).toContain('graphform init');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(dir)).toEqual([]);
  });
});
