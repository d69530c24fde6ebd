import { execFile } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { packagesOf } from '../helpers/bundle-modules.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * graphql, @graphql-inspector/core and json-schema-to-typescript load only in the commands
 * that need them (plan and apply for the GraphQL impact, codegen). The built binary runs
 * with test/helpers/module-log-register.mjs imported first: its loader hook appends every
 * module URL the run resolves to a file, so the test reads exactly what loaded. The
 * commands that do load them are checked too, so a hook that saw nothing could not pass.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const register = path.join(root, 'test/helpers/module-log-register.mjs');
const HEAVY = ['@babel/parser', '@graphql-inspector/core', '@graphql-tools/graphql-tag-pluck', 'graphql', 'json-schema-to-typescript', 'oxc-parser'];

async function packagesLoaded(args: string[], cwd: string): Promise<string[]> {
  const log = path.join(await makeTempDir(), 'modules.log');
  await run(process.execPath, ['--import', register, BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, GRAPHFORM_MODULE_LOG: log },
  }).catch(() => undefined);
  return packagesOf((await readFile(log, 'utf8')).split('\n').filter((line) => line !== '')).filter((name) => HEAVY.includes(name));
}

/** A project with one source and no state: plan creates it, so the GraphQL impact is computed. */
async function project(): Promise<string> {
  const dir = await makeTempDir();
  await cp(path.join(root, 'test/fixtures/codegen'), dir, { recursive: true });
  return dir;
}

describe('GraphQL and codegen packages load only where they are needed', () => {
  beforeAll(assertFreshBuild);

  it('--version and validate load none of them', async () => {
    const dir = await project();
    expect(await packagesLoaded(['--version'], dir)).toEqual([]);
    expect(await packagesLoaded(['validate'], dir)).toEqual([]);
  });

  it('codegen loads json-schema-to-typescript and graphql (for the served schema), and not the inspector', async () => {
    expect(await packagesLoaded(['codegen', '--check'], await project())).toEqual(['graphql', 'json-schema-to-typescript']);
  });

  it('plan loads graphql and the inspector when an applied source changes, and not json-schema-to-typescript', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'content-sources/faq.yaml':
        'id: faq\nlabel: FAQ\nlanguages: [en]\ncontentTypes:\n  Entry:\n    contentType: []\n    properties:\n      Question: { type: String }\n',
    });
    await run(process.execPath, [BIN, 'apply', '--yes'], { cwd: dir, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir } });
    await writeFiles(dir, {
      'content-sources/faq.yaml':
        'id: faq\nlabel: FAQ\nlanguages: [en]\ncontentTypes:\n  Entry:\n    contentType: []\n    properties:\n      Question: { type: Int }\n',
    });
    expect(await packagesLoaded(['plan'], dir)).toEqual(['@graphql-inspector/core', 'graphql']);
  });

  it('a plan that only creates sources lists their added types without loading either', async () => {
    expect(await packagesLoaded(['plan', '--no-refresh'], await project())).toEqual([]);
  });

  it('a plan without changes loads none of them, against the embedded emulator too', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'content-sources/faq.yaml':
        'id: faq\nlabel: FAQ\nlanguages: [en]\ncontentTypes:\n  Entry:\n    contentType: []\n    properties:\n      Question: { type: String }\n',
    });
    await run(process.execPath, [BIN, 'apply', '--yes'], { cwd: dir, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir } });
    expect(await packagesLoaded(['plan'], dir)).toEqual([]);
  });

  it('operations load graphql for an unchanged plan (no inspector: nothing changes), and the code parser (oxc-parser, never babel) only for a JavaScript or TypeScript file that may hold a tag', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      'content-sources/faq.yaml':
        'id: faq\nlabel: FAQ\nlanguages: [en]\ncontentTypes:\n  Entry:\n    contentType: []\n    properties:\n      Question: { type: String }\n',
      'graphform.config.yaml': 'sources: content-sources\noperations:\n  documents: ["web/*"]\n',
      'web/q.graphql': 'query Questions { Entry { items { Question } } }\n',
      'web/util.ts': 'export const twice = (n: number): number => 2 * n;\n',
    });
    await run(process.execPath, [BIN, 'apply', '--yes'], { cwd: dir, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir } });
    expect(await packagesLoaded(['plan'], dir)).toEqual(['graphql']);
    await writeFiles(dir, { 'web/q.ts': 'export const Q = gql`query Q2 { Entry { total } }`;\n' });
    expect(await packagesLoaded(['plan'], dir)).toEqual(['graphql', 'oxc-parser']);
  });
});
