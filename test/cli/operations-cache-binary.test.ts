import { execFile } from 'node:child_process';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { packagesOf } from '../helpers/bundle-modules.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * The operations check's cache and its worker thread, through the built binary (the worker
 * exists only in the build): a hit gives the very plan a cold run gives and loads neither
 * graphql nor the code parser (oxc-parser; babel never); a document's content, the declarations or the schema before the apply
 * changed miss; a damaged or foreign cache file is ignored.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const register = path.join(root, 'test/helpers/module-log-register.mjs');
const CACHE = '.graphform/cache/operations.json';

const blog = (minutes: string): string =>
  [
    'id: blog',
    'label: Blog',
    'languages: [en]',
    'contentTypes:',
    '  BlogPost:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    `      Minutes: { type: ${minutes} }`,
    '',
  ].join('\n');

const FILES = {
  'graphform.config.yaml': 'sources: content-sources\noperations:\n  documents: ["web/**/*.graphql", "web/**/*.tsx"]\n',
  'content-sources/blog.yaml': blog('Int'),
  'web/list.graphql': 'query PostList {\n  BlogPost { items { Title } }\n}\n',
  'web/Post.tsx':
    "import { gql } from '@apollo/client';\n\nexport const POST = gql`\n  query PostReading {\n    BlogPost { items { Title Minutes } }\n  }\n`;\n",
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** The heavy packages the run loaded, when it ran with the module log. */
  loaded: string[];
}

async function graphform(args: string[], cwd: string, options: { variables?: Record<string, string>; logModules?: boolean } = {}): Promise<Run> {
  const log = path.join(await makeTempDir(), 'modules.log');
  const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd, GRAPHFORM_MODULE_LOG: log, ...options.variables };
  const argv = options.logModules === true ? ['--import', register, BIN, ...args] : [BIN, ...args];
  let result: Omit<Run, 'loaded'>;
  try {
    const { stdout, stderr } = await run(process.execPath, argv, { cwd, env });
    result = { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    result = { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
  const urls = options.logModules === true ? (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '') : [];
  const loaded = packagesOf(urls).filter((name) => ['graphql', '@babel/parser', 'oxc-parser'].includes(name));
  return { ...result, loaded };
}

async function operationsOf(
  dir: string,
  options: { variables?: Record<string, string>; logModules?: boolean } = {},
): Promise<{ operations: Plan['operations']; loaded: string[] }> {
  const plan = await graphform(['plan', '--format', 'json'], dir, options);
  expect(plan.code, `plan failed: ${plan.stderr}`).not.toBe(-1);
  return { operations: (JSON.parse(plan.stdout) as Plan).operations, loaded: plan.loaded };
}

async function applied(): Promise<string> {
  const dir = await makeTempDir();
  await writeFiles(dir, FILES);
  const first = await graphform(['apply', '--yes'], dir);
  expect(first.code, `the first apply failed: ${first.stderr}`).toBe(0);
  return dir;
}

describe('the operations check keeps its outcome in .graphform/cache/', () => {
  beforeAll(assertFreshBuild);

  it('a second plan gives the same operations as a cold run, from the cache, loading neither graphql nor the code parser', async () => {
    const dir = await applied();
    const cold = await operationsOf(dir, { variables: { GRAPHFORM_OPERATIONS_CACHE: '0' } });
    const first = await operationsOf(dir, { logModules: true });
    expect(first.loaded, 'the first plan checks, so it loads graphql and oxc-parser (not babel)').toEqual(['graphql', 'oxc-parser']);
    const second = await operationsOf(dir, { logModules: true });
    expect(second.loaded, 'a hit loads neither').toEqual([]);
    expect(second.operations).toEqual(cold.operations);
    expect(first.operations).toEqual(cold.operations);
    expect(cold.operations?.counts).toEqual({ broken: 0, affected: 0, unaffected: 2 });
    expect((await stat(path.join(dir, CACHE))).mode & 0o777, 'only the user reads the cache').toBe(0o600);
  });

  it('GRAPHFORM_OPERATIONS_CACHE=0 neither reads nor writes it', async () => {
    const dir = await applied();
    await writeFile(path.join(dir, CACHE), 'kept as it was');
    expect((await operationsOf(dir, { variables: { GRAPHFORM_OPERATIONS_CACHE: '0' }, logModules: true })).loaded).toEqual(['graphql', 'oxc-parser']);
    expect(await readFile(path.join(dir, CACHE), 'utf8')).toBe('kept as it was');
  });

  it("a document's new content misses, even of the same length and time", async () => {
    const dir = await applied();
    await operationsOf(dir);
    const file = path.join(dir, 'web/Post.tsx');
    const before = await stat(file);
    // Minutes to Mintues: the same length, and the file's times put back.
    await writeFile(file, FILES['web/Post.tsx'].replace('Minutes', 'Mintues'));
    await utimes(file, before.atime, before.mtime);
    const { operations } = await operationsOf(dir);
    expect(operations?.operations.find((o) => o.name === 'PostReading')).toMatchObject({
      status: 'broken',
      problems: [{ file: 'web/Post.tsx', line: 5, column: 30 }],
    });
  });

  it('a changed declaration misses, and so does the same declaration against another schema before the apply (the changes differ)', async () => {
    const dir = await applied();
    await writeFiles(dir, { 'content-sources/blog.yaml': blog('"[Int]"') });
    const listed = await operationsOf(dir);
    expect(listed.operations?.operations.find((o) => o.name === 'PostReading')).toMatchObject({ status: 'affected', changes: [{ path: 'BlogPost.Minutes' }] });
    // Applied, the list is what the service serves already: the same schema after, no change from before.
    expect((await graphform(['apply', '--yes'], dir)).code).toBe(0);
    const same = await operationsOf(dir);
    expect(same.operations?.counts).toEqual({ broken: 0, affected: 0, unaffected: 2 });
  });

  it('a damaged or foreign cache file is ignored and replaced', async () => {
    const dir = await applied();
    const cold = await operationsOf(dir, { variables: { GRAPHFORM_OPERATIONS_CACHE: '0' } });
    for (const text of ['{"format": "graphform-operations-cache/1", "entries": [{"key"', '{"format": "something else", "entries": []}', '\u0000\u0001']) {
      await writeFile(path.join(dir, CACHE), text);
      const plan = await operationsOf(dir, { logModules: true });
      expect(plan.operations, `with a cache file of ${JSON.stringify(text)}`).toEqual(cold.operations);
      expect(plan.loaded).toEqual(['graphql', 'oxc-parser']);
      expect(JSON.parse(await readFile(path.join(dir, CACHE), 'utf8'))).toMatchObject({
        format: 'graphform-operations-cache/1',
        entries: [{ outcome: { operations: cold.operations?.operations } }],
      });
    }
  });
});

describe('check-operations on the worker thread', () => {
  beforeAll(assertFreshBuild);

  it('places pieces, GraphQL and JavaScript syntax errors at their file, line and column, cold and from the cache alike', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      ...FILES,
      'web/Broken.tsx': "import { gql } from '@apollo/client';\n\nexport const Q = gql`\n  query Bad {\n    BlogPost { items { Title }\n  }\n`;\n",
      'web/NotCode.tsx': 'export const = gql`query X { BlogPost { total } }`;\n',
    });
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const checked = await graphform(['check-operations', '--format', 'json'], dir, { logModules: true });
      expect(checked.code, checked.stderr).toBe(1);
      runs.push({ report: JSON.parse(checked.stdout) as NonNullable<Plan['operations']>, loaded: checked.loaded });
    }
    const [cold, warm] = runs;
    expect(cold?.loaded).toEqual(['graphql', 'oxc-parser']);
    expect(warm?.loaded).toEqual([]);
    expect(warm?.report).toEqual(cold?.report);
    expect(cold?.report.operations.map((o) => [o.name, o.file, o.line, o.column])).toEqual([
      ['PostReading', 'web/Post.tsx', 4, 3],
      ['PostList', 'web/list.graphql', 1, 1],
    ]);
    // One list sorted by place, whichever step (extraction, parse) found each.
    expect(cold?.report.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['GF_OPERATIONS_SYNTAX', 'web/Broken.tsx', 7, 1],
      ['GF_OPERATIONS_SYNTAX', 'web/NotCode.tsx', 1, 14],
    ]);
  });
});
