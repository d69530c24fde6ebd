import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codegenIn, fixtureProject } from '../../codegen/codegen-project.js';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const out = (dir: string, ...parts: string[]): string => path.join(dir, 'generated/graphform', ...parts);

describe('graphform codegen --check', () => {
  it('exits 1 listing missing files, and writes nothing', async () => {
    const dir = await fixtureProject();
    const result = await runCli(['codegen', '--check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('3 generated files are not up to date:');
    for (const name of ['lib.ts', 'lib.graphql', 'lib.schema.json']) expect(result.stderr).toContain(`missing generated/graphform/${name}`);
    expect(result.stderr).toContain('Run `graphform codegen` and commit the files it writes.');
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('names the command to run with the same --out and --source', async () => {
    const dir = await fixtureProject();
    const result = await runCli(['codegen', '--check', '--out', 'web/my types', '--source', 'lib'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Run `graphform codegen --out 'web/my types' --source lib` and commit the files it writes.");
  });

  it('exits 0 when the files are up to date', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    const result = await runCli(['codegen', '--check'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('✓ The generated files in generated/graphform are up to date (3 files).');
  });

  it('exits 1 listing the stale files after the declaration changed, leaving them as they were', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    const before = await readFile(out(dir, 'lib.ts'), 'utf8');
    const declaration = path.join(dir, 'content-sources/lib.yaml');
    await writeFile(
      declaration,
      (await readFile(declaration, 'utf8')).replace('Narrators: { type: "[String]" }', 'Narrators: { type: "[String]" }\n      Voices: { type: Int }'),
    );
    const result = await runCli(['codegen', '--check', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      check: true,
      ok: false,
      files: [
        { path: 'generated/graphform/lib.ts', status: 'stale' },
        { path: 'generated/graphform/lib.graphql', status: 'stale' },
        { path: 'generated/graphform/lib.schema.json', status: 'stale' },
      ],
    });
    expect(await readFile(out(dir, 'lib.ts'), 'utf8')).toBe(before);
    // codegen brings them up to date, and the check passes again.
    await codegenIn(dir);
    expect(await readFile(out(dir, 'lib.ts'), 'utf8')).toContain('Voices?: number | null;');
    expect((await runCli(['codegen', '--check'], { cwd: dir })).code).toBe(0);
  });

  it('finds a generated file edited by hand', async () => {
    const dir = await fixtureProject();
    await codegenIn(dir);
    await writeFile(out(dir, 'lib.graphql'), `${await readFile(out(dir, 'lib.graphql'), 'utf8')}\n# edited\n`);
    const result = await runCli(['codegen', '--check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('1 generated file is not up to date:\n  stale   generated/graphform/lib.graphql');
  });
});

describe('graphform codegen options', () => {
  it('takes --out and --source, and the config codegen block', async () => {
    const dir = await makeTempDir();
    const source = (id: string, type: string): string =>
      `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${type}:\n    contentType: []\n    properties:\n      Name: { type: String }\n`;
    await writeFile(path.join(dir, 'graphform.config.yaml'), 'codegen:\n  out: web/src/content\n  sources: [one]\n');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dir, 'content-sources'));
    await writeFile(path.join(dir, 'content-sources/one.yaml'), source('one', 'First'));
    await writeFile(path.join(dir, 'content-sources/two.yaml'), source('two', 'Second'));

    const configured = await codegenIn(dir);
    expect(configured).toContain('wrote     web/src/content/one.ts');
    // The served schema is the endpoint's, so it covers every declared source whichever are generated.
    expect(await readdir(path.join(dir, 'web/src/content'))).toEqual([
      '_schema.graphql',
      '_schema.introspection.json',
      'one.graphql',
      'one.schema.json',
      'one.ts',
    ]);

    // Flags win over the config; --out is relative to the working directory.
    await codegenIn(path.join(dir, 'web'), '--out', 'types', '--source', 'one', '--source', 'two');
    expect(await readdir(path.join(dir, 'web/types'))).toEqual([
      '_schema.graphql',
      '_schema.introspection.json',
      'one.graphql',
      'one.schema.json',
      'one.ts',
      'two.graphql',
      'two.schema.json',
      'two.ts',
    ]);
    expect(await readFile(path.join(dir, 'web/types/two.ts'), 'utf8')).toContain('from content-sources/two.yaml (content source two)');
  });

  it.each([
    ['--source that is not declared', ['--source', 'nope'], 'GF_CODEGEN_UNKNOWN_SOURCE', '--source names a source that is not declared: nope.'],
    ['--out outside the project', ['--out', '../elsewhere'], 'GF_CODEGEN_OUT_OUTSIDE_PROJECT', 'graphform writes generated files only inside the project'],
  ])('refuses a %s', async (_case, args, code, message) => {
    const dir = await fixtureProject();
    const result = await runCli(['codegen', ...args], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(code);
    expect(result.stderr).toContain(message);
  });

  it('refuses an output folder that is a link out of the project', async () => {
    const dir = await fixtureProject();
    const elsewhere = await makeTempDir();
    await symlink(elsewhere, path.join(dir, 'generated'));
    const result = await runCli(['codegen'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GF_CODEGEN_OUT_OUTSIDE_PROJECT');
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('refuses invalid declarations with their diagnostics, generating nothing', async () => {
    const dir = await fixtureProject();
    await writeFile(path.join(dir, 'content-sources/bad.yaml'), 'id: toolong\nlabel: x\nlanguages: [en]\ncontentTypes: {}\n');
    const result = await runCli(['codegen'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content-sources/bad.yaml:1:5');
    expect(result.stderr).toContain('GF_INVALID_DECLARATIONS');
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });
});
