import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { packagesOf, unbundled } from '../helpers/bundle-modules.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * Start-up stays fast because heavy modules load only in the commands that need them. This
 * pins which packages `--version` and `validate` load, by running the built binary with a
 * loader hook that logs every module it resolves (each chunk of the bundle read as the
 * modules it holds).
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const register = path.join(root, 'test/helpers/module-log-register.mjs');

async function urlsLoaded(args: string[], cwd: string): Promise<string[]> {
  const log = path.join(await makeTempDir(), 'modules.log');
  await run(process.execPath, ['--import', register, BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, GRAPHFORM_MODULE_LOG: log },
  }).catch(() => undefined);
  return unbundled((await readFile(log, 'utf8')).split('\n').filter((line) => line !== ''));
}

describe('modules loaded at start-up', () => {
  beforeAll(assertFreshBuild);

  it('--version loads no package at all, and help loads only commander and chalk', async () => {
    expect(packagesOf(await urlsLoaded(['--version'], root))).toEqual([]);
    expect(packagesOf(await urlsLoaded(['--help'], root))).toEqual(['chalk', 'commander']);
  });

  it('validate loads no schema compiler, GraphQL, codegen or diff code', async () => {
    const urls = await urlsLoaded(['validate'], root);
    // env-paths is cosmiconfig's own dependency, which it require()s: the module log sees require() since the operations check loaded babel that way.
    const allowed = ['ajv', 'chalk', 'commander', 'cosmiconfig', 'env-paths', 'yaml'];
    expect(packagesOf(urls).filter((name) => !allowed.includes(name))).toEqual([]);
    // Of ajv, only the small runtime helper the build-time standalone validator needs.
    expect(urls.filter((url) => url.includes('/node_modules/ajv/') && !url.includes('/ajv/dist/runtime/'))).toEqual([]);
  });

  it('plan of sources without data: files loads neither the data pipeline nor yaml, against the embedded emulator too', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'content-sources/faq.yaml':
        'id: faq\nlabel: FAQ\nlanguages: [en]\ncontentTypes:\n  Entry:\n    contentType: []\n    properties:\n      Question: { type: String }\n',
    });
    const urls = await urlsLoaded(['plan'], dir);
    // The emulator was started and asked (its graph routes loaded), and the plan was made.
    expect(urls.some((url) => url.includes('/dist/emulator/graph/routes.js'))).toBe(true);
    expect(urls.some((url) => url.includes('/dist/plan/build-plan.js'))).toBe(true);
    expect(urls.filter((url) => /\/dist\/(data\/push\/|data\/validate\/validate-files|data\/read\/read-data-file|apply\/)/.test(url))).toEqual([]);
    expect(packagesOf(urls)).not.toContain('yaml');
    expect(urls.filter((url) => url.includes('/node_modules/ajv/') && !url.includes('/ajv/dist/runtime/'))).toEqual([]);
  });
});
