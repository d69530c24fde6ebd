import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild } from '../helpers/built-binary.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * What a user gets: the tarball `npm pack` makes, installed into a fresh project with
 * npm, used through `npx graphform` and imported from TypeScript. It packs the dist/ that
 * `npm install` (prepare) built, as the smoke test runs it.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

interface Packed {
  filename: string;
  files: { path: string }[];
}

/** The child's environment without what `npm test` sets for its own package. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_(package|lifecycle|config_local_prefix)/i.test(name)));
  return { ...env, NO_COLOR: '1', GITHUB_ACTIONS: '', CI: '' };
}

async function sh(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: { ...childEnv(), ...env }, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The folder `npm pack` wrote the tarball into, and what it reported; packed once for the file's tests (two packs of one folder at once refuse each other). */
let packing: Promise<{ out: string; packed: Packed | undefined }> | undefined;

function packOnce(): Promise<{ out: string; packed: Packed | undefined }> {
  packing ??= (async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'graphform-pack-'));
    // prepack takes `prepare` out of the packed manifest; GRAPHFORM_PACK_PREBUILT packs the build
    // as it is, where a rebuild would replace dist/ under other tests' feet.
    const pack = await sh(repo, 'npm', ['pack', '--json', '--pack-destination', out], { GRAPHFORM_PACK_PREBUILT: '1' });
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as Packed[];
    return { out, packed };
  })();
  return packing;
}

describe('the packed tarball', () => {
  beforeAll(assertFreshBuild);
  afterAll(async () => {
    if (packing !== undefined) await rm((await packing).out, { recursive: true, force: true });
  });

  it('passes publint and Are the Types Wrong (offline, on the tarball itself)', { timeout: 180_000 }, async () => {
    const { out, packed } = await packOnce();
    const tarball = path.join(out, packed?.filename ?? 'missing.tgz');
    // --strict: a warning fails too.
    const lint = await sh(repo, process.execPath, [path.join(repo, 'node_modules/publint/src/cli.js'), '--strict', tarball]);
    expect(lint.code, `publint found problems in the package:\n${lint.stdout}${lint.stderr}`).toBe(0);
    // require('graphform') resolves to the ES module build, which Node 20.19+/22.12+ and
    // TypeScript's `nodenext` load with require() (test/package/library-load.test.ts runs both):
    // attw's cjs-resolves-to-esm judges by older Node and `node16`, so that one rule is off.
    // --no-definitely-typed: the package ships its types, and nothing is fetched.
    const attw = await sh(repo, process.execPath, [
      path.join(repo, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      tarball,
      '--format',
      'ascii',
      '--no-definitely-typed',
      '--ignore-rules',
      'cjs-resolves-to-esm',
    ]);
    expect(attw.code, `Are the Types Wrong found problems in the package:\n${attw.stdout}${attw.stderr}`).toBe(0);
  });

  it('installs into a fresh project, where init, validate, plan and a TypeScript import work', { timeout: 180_000 }, async () => {
    const { out, packed } = await packOnce();
    const files = (packed?.files ?? []).map((f) => f.path);

    // What it holds: the licence, the build and its entry points; no source maps pointing at unshipped sources, no sources or tests.
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'bin/graphform.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/cli/process.js',
        'schema/content-source.schema.json',
      ]),
    );
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^(src|test|scripts)\//.test(f))).toEqual([]);

    const project = await makeTempDir('graphform-user-');
    await writeFile(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
    );
    // As the README's quick start says: the tarball inside the project (vendor/), so package-lock.json records a path every clone has.
    const filename = packed?.filename ?? 'missing.tgz';
    await mkdir(path.join(project, 'vendor'));
    await copyFile(path.join(out, filename), path.join(project, 'vendor', filename));
    const install = await sh(project, 'npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', `./vendor/${filename}`]);
    expect(install.code, install.stderr).toBe(0);
    // No install-time script: the tarball carries the build (npm 11 warns of install scripts).
    expect(install.stderr).not.toContain('install-scripts');
    const installed = path.join(project, 'node_modules/graphform');
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(manifest.scripts?.prepare).toBeUndefined();
    // The repository's own manifest is back as it was, with `prepare` for clones and git-URL installs.
    const own = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(own.scripts.prepare).toBe('npm run build');
    expect(existsSync(path.join(repo, '.package.json.prepack'))).toBe(false);
    expect(await readFile(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License');

    const init = await sh(project, 'npx', ['graphform', 'init', '--yes']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).not.toContain('outside this project');
    const validate = await sh(project, 'npx', ['graphform', 'validate']);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toContain('1 content source valid');
    const plan = await sh(project, 'npx', ['graphform', 'plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout).toContain('will be created');
    // The schema line init writes points at the installed schema.
    const declaration = await readFile(path.join(project, 'content-sources/site.yaml'), 'utf8');
    const schema = /\$schema=(\S+)/.exec(declaration)?.[1] ?? '';
    expect(existsSync(path.resolve(project, 'content-sources', schema))).toBe(true);

    // `import` at run time, and the types for TypeScript users (nodenext, strict, every declaration file checked).
    const imported = await sh(project, process.execPath, [
      '--input-type=module',
      '-e',
      "const m = await import('graphform'); console.log(typeof m.startEmulator);",
    ]);
    expect(imported.stdout.trim(), imported.stderr).toBe('function');
    await writeFile(
      path.join(project, 'check.ts'),
      [
        "import { apply, nodeHost, plan, startEmulator, type ApplyReport, type PlanResult, type WorkflowHost } from 'graphform';",
        'const emulator = await startEmulator({ port: 0 });',
        // The workflows, as docs/library.md shows them: typed inputs and results.
        "const env: WorkflowHost = nodeHost({ cwd: '.', report: (m) => console.error(m.kind, m.text) });",
        "const planned: PlanResult = await plan({ environment: 'local', targets: ['site'] }, env);",
        'const report: ApplyReport = await apply({ plan: planned.plan, allowDataLoss: false, onEvent: (e) => console.log(e.type) }, env);',
        '// @ts-expect-error a refusal is one of the named reasons',
        "const refusal: ApplyReport['refused'] = 'maybe';",
        'console.log(report.ok, planned.plan.summary.create, refusal);',
        'const url: string = emulator.url;',
        '// @ts-expect-error the url is a string: the types are real, not any',
        'const wrong: number = emulator.url;',
        'console.log(url, wrong);',
        'await emulator.close();',
        '',
      ].join('\n'),
    );
    const tsconfig = {
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [path.join(repo, 'node_modules/@types')],
      },
      files: ['check.ts'],
    };
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const typecheck = await sh(project, process.execPath, [tsc, '-p', 'tsconfig.json']);
    expect(typecheck.code, typecheck.stdout + typecheck.stderr).toBe(0);

    // A clean checkout of the project, as on a CI runner: `npm ci` from the lock file alone,
    // offline (the dependencies come from the npm cache the install above filled).
    const lock = JSON.parse(await readFile(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
    expect(lock.packages['node_modules/graphform']?.resolved).toBe(`file:vendor/${filename}`);
    const clone = await makeTempDir('graphform-clone-');
    for (const entry of ['package.json', 'package-lock.json', 'vendor']) await cp(path.join(project, entry), path.join(clone, entry), { recursive: true });
    const ci = await sh(clone, 'npm', ['ci', '--offline', '--no-audit', '--no-fund']);
    expect(ci.code, ci.stderr).toBe(0);
    const version = await sh(clone, 'npx', ['graphform', '--version']);
    expect(version.stdout.trim(), version.stderr).toBe('0.1.0');
  });
});
