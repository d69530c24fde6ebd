import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, linkBuiltPackage } from '../helpers/built-binary.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * What importing the built library costs a script: the modules Node loads for
 * `import('graphform')` and `require('graphform')`, recorded by Node itself (a module hook
 * for ESM, require.cache for CommonJS). The command line (src/cli/, commander, chalk) is its
 * own entry and must not come with the library.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');

/** A module hook that appends the URL of every module Node loads to the file LOAD_LOG names. */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.LOAD_LOG, url + '\\n');
  return next(url, context);
}
`;
const REGISTER = `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

/** Node 20.19 and 22.12 load an ES module with require() without a flag. */
function canRequireEsm(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19);
}

const CLI_PACKAGES = /\/node_modules\/(commander|chalk)\//;
const CLI_MODULES = /\/dist\/cli\//;

describe('importing the built library', () => {
  beforeAll(assertFreshBuild);

  it('loads neither the command line nor its packages (commander, chalk)', async () => {
    const project = await makeTempDir('graphform-load-');
    await linkBuiltPackage(project);
    await writeFile(path.join(project, 'hooks.mjs'), HOOKS);
    await writeFile(path.join(project, 'register.mjs'), REGISTER);
    const log = path.join(project, 'loaded.txt');
    await writeFile(log, '');
    const { stdout } = await run(
      process.execPath,
      ['--import', './register.mjs', '--input-type=module', '-e', "const g = await import('graphform'); console.log(typeof g.plan);"],
      {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', LOAD_LOG: log },
      },
    );
    expect(stdout.trim()).toBe('function');
    const loaded = (await readFile(log, 'utf8')).split('\n').filter((url) => url !== '');
    // The hook really saw the library load: its entry and the workflows behind it.
    expect(
      loaded.some((url) => url.endsWith('/dist/index.js')),
      loaded.join('\n'),
    ).toBe(true);
    expect(loaded.some((url) => url.endsWith('/dist/workflows/plan.js'))).toBe(true);
    expect(
      loaded.filter((url) => CLI_PACKAGES.test(url) || CLI_MODULES.test(url)),
      'modules of the command line loaded by import("graphform")',
    ).toEqual([]);
  });

  it.runIf(canRequireEsm(process.version))('works with require() from CommonJS, again without the command line', async () => {
    const project = await makeTempDir('graphform-require-');
    await linkBuiltPackage(project);
    await writeFile(
      path.join(project, 'script.cjs'),
      [
        "const graphform = require('graphform');",
        'const cli = Object.keys(require.cache).filter((file) => /[\\\\/]node_modules[\\\\/](commander|chalk)[\\\\/]|[\\\\/]dist[\\\\/]cli[\\\\/]/.test(file));',
        'console.log(JSON.stringify({ plan: typeof graphform.plan, apply: typeof graphform.apply, version: graphform.TOOL_VERSION, cli }));',
        '',
      ].join('\n'),
    );
    const { stdout, stderr } = await run(process.execPath, ['script.cjs'], { cwd: project, env: { PATH: process.env.PATH ?? '' } });
    expect(JSON.parse(stdout) as unknown, stderr).toEqual({ plan: 'function', apply: 'function', version: '0.1.0', cli: [] });
  });

  it("types require('graphform') for TypeScript's CommonJS under nodenext", { timeout: 120_000 }, async () => {
    const project = await makeTempDir('graphform-cts-');
    await linkBuiltPackage(project);
    await writeFile(
      path.join(project, 'check.cts'),
      [
        "import graphform = require('graphform');",
        'const planned: Promise<graphform.PlanResult> = graphform.plan({}, graphform.nodeHost());',
        '// @ts-expect-error the types are real, not any',
        'const wrong: number = graphform.TOOL_VERSION;',
        'console.log(planned, wrong);',
        '',
      ].join('\n'),
    );
    const options = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [path.join(repo, 'node_modules/@types')],
    };
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['check.cts'] }));
    const checked = await run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked, 'tsc on a CommonJS file that requires graphform').toBe('');
  });

  it('knows which Node versions can require an ES module', () => {
    expect([canRequireEsm('v20.18.3'), canRequireEsm('v20.19.0'), canRequireEsm('v22.11.0'), canRequireEsm('v22.12.0'), canRequireEsm('v24.1.0')]).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
  });
});
