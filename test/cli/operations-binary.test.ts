import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/**
 * The frontend operations check of plan and apply, through the built binary against the
 * embedded emulator: a project whose config names a `.graphql` file and a `.tsx` file
 * with a `gql` tag, applied once, then changed.
 */

const source = (minutes: string, summary: boolean): string =>
  [
    'id: blog',
    'label: Blog',
    'languages: [en]',
    'contentTypes:',
    '  BlogPost:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    ...(summary ? ['      Summary: { type: String }'] : []),
    `      Minutes: { type: ${minutes} }`,
    '',
  ].join('\n');

const FILES = {
  'graphform.config.yaml': 'sources: content-sources\noperations:\n  documents: ["web/src/**/*.graphql", "web/src/**/*.{ts,tsx}"]\n',
  'web/src/queries.graphql': '# The list page\nquery PostList {\n  BlogPost(limit: 10) {\n    items { _id Title Summary }\n  }\n}\n',
  'web/src/Post.tsx':
    "import { gql } from '@apollo/client';\n\nexport const POST = gql`\n  query PostReading($id: String) {\n    BlogPost(where: { _id: { eq: $id } }) { items { Title Minutes } }\n  }\n`;\nexport const Post = (): JSX.Element => <div />;\n",
};

const graphform = (args: string[], cwd: string): ReturnType<typeof runBuilt> => runBuilt(cwd, args);

async function applied(): Promise<string> {
  const dir = await makeTempDir();
  await writeFiles(dir, { ...FILES, 'content-sources/blog.yaml': source('Int', true) });
  const first = await graphform(['apply', '--yes'], dir);
  expect(first.code, `the first apply failed: ${first.stderr}`).toBe(0);
  return dir;
}

describe('plan and apply check the frontend operations', () => {
  beforeAll(assertFreshBuild);

  it('an unchanged plan passes, every operation unaffected', async () => {
    const dir = await applied();
    const plan = await graphform(['plan'], dir);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Frontend operations (2 files) against the schema served after this apply: 2 unaffected');
    expect(plan.stdout).toContain('PostList web/src/queries.graphql:2:1');
    expect(plan.stdout).toContain('PostReading web/src/Post.tsx:4:3');
  });

  it('removing a property one operation selects fails plan and apply with exit 1, naming the operation, its file and the field; the JSON lists every operation', async () => {
    const dir = await applied();
    await writeFiles(dir, { 'content-sources/blog.yaml': source('Int', false) });
    const plan = await graphform(['plan'], dir);
    expect(plan.code, plan.stdout + plan.stderr).toBe(1);
    expect(plan.stderr).toContain('GF_OPERATIONS_FAILING');
    expect(plan.stderr).toContain(
      'PostList (web/src/queries.graphql:2:1): broken: Cannot query field "Summary" on type "BlogPost". (web/src/queries.graphql:4:23)',
    );
    const json = await graphform(['plan', '--format', 'json'], dir);
    expect(json.code).toBe(1);
    const operations = (JSON.parse(json.stdout) as Plan).operations;
    expect(operations?.operations.map((o) => [o.name, o.file, o.status])).toEqual([
      ['PostList', 'web/src/queries.graphql', 'broken'],
      ['PostReading', 'web/src/Post.tsx', 'unaffected'],
    ]);
    const apply = await graphform(['apply', '--yes'], dir);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('nothing was sent');
    expect(apply.stderr).toContain('PostList (web/src/queries.graphql:2:1): broken');
  });

  it('a property turned into a list names the operation that reads it as potentially affected, and fails only under failOn: affected', async () => {
    const dir = await applied();
    await writeFiles(dir, { 'content-sources/blog.yaml': source('"[Int]"', true) });
    const plan = await graphform(['plan', '--format', 'json'], dir);
    expect(plan.code, plan.stderr).toBe(0);
    const reading = (JSON.parse(plan.stdout) as Plan).operations?.operations.find((o) => o.name === 'PostReading');
    expect(reading).toMatchObject({ status: 'affected', file: 'web/src/Post.tsx', line: 4, changes: [{ path: 'BlogPost.Minutes' }] });
    const text = await graphform(['plan'], dir);
    expect(text.stdout).toMatch(/PostReading web\/src\/Post\.tsx:4:3 potentially affected\n\s+reads BlogPost\.Minutes/);
    await writeFiles(dir, { 'graphform.config.yaml': `${FILES['graphform.config.yaml']}  failOn: affected\n` });
    const strict = await graphform(['plan'], dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('PostReading (web/src/Post.tsx:4:3): affected');
  });

  it('an operation name two files give differently fails the plan with exit 1 at the later place, naming the earlier; failOn: none passes it', async () => {
    const dir = await applied();
    await writeFiles(dir, { 'web/src/z.graphql': 'query PostList {\n  BlogPost { total }\n}\n' });
    const plan = await graphform(['plan'], dir);
    expect(plan.code, plan.stdout + plan.stderr).toBe(1);
    expect(plan.stderr).toContain(
      'web/src/z.graphql:1:1: GF_OPERATIONS_DUPLICATE_NAME: web/src/z.graphql defines query "PostList" again, differently from the one at web/src/queries.graphql:2:1',
    );
    expect(plan.stdout, 'both operations keep their own status').toContain('3 unaffected');
    await writeFiles(dir, { 'graphform.config.yaml': `${FILES['graphform.config.yaml']}  failOn: none\n` });
    const relaxed = await graphform(['plan'], dir);
    expect(relaxed.code, relaxed.stderr).toBe(0);
    expect(relaxed.stdout).toContain('error GF_OPERATIONS_DUPLICATE_NAME');
  });

  it('a document outside the project is refused at its entry in the config, and fails the plan', async () => {
    const outside = await makeTempDir();
    await writeFiles(outside, { 'q.graphql': 'query Far { BlogPost { total } }\n' });
    const dir = await applied();
    const far = path.relative(dir, path.join(outside, 'q.graphql')).split(path.sep).join('/');
    await writeFiles(dir, { 'graphform.config.yaml': `sources: content-sources\noperations:\n  documents: ["${far}"]\n` });
    const plan = await graphform(['plan'], dir);
    expect(plan.code).toBe(1);
    // The list item starts at line 3, column 15: the pattern is not a document with a line 1 of its own.
    expect(plan.stdout).toContain(`graphform.config.yaml:3:15 error GF_OUTSIDE_PROJECT operations.documents pattern "${far}" reaches`);
    expect(plan.stdout + plan.stderr, 'the pattern was shown as a file at 1:1').not.toContain(`${far}:1:1`);
  });

  it('a pattern that matches no file fails plan and check-operations at its entry in the config, saying what to do', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      ...FILES,
      'graphform.config.yaml': 'sources: content-sources\noperations:\n  documents:\n    - "web/src/**/*.graphql"\n    - "web/sr/**/*.tsx"\n',
      'content-sources/blog.yaml': source('Int', true),
    });
    const where = 'graphform.config.yaml:5:7 error GF_OPERATIONS_NO_MATCH operations.documents pattern "web/sr/**/*.tsx" matches no file';
    const check = await graphform(['check-operations'], dir);
    expect(check.code, 'a pattern matching nothing passed the check').toBe(1);
    expect(check.stdout).toContain(where);
    expect(check.stdout).toContain("check the pattern against the frontend's files (it is relative to the config's folder, .), or remove it");
    expect(check.stderr).toContain('GF_OPERATIONS_FAILING');
    expect(check.stderr).toContain('graphform.config.yaml:5:7: GF_OPERATIONS_NO_MATCH');
    expect(check.stdout + check.stderr).not.toContain('operations.documents:1:1');
    const plan = await graphform(['plan'], dir);
    expect(plan.code, 'a pattern matching nothing passed the plan').toBe(1);
    expect(plan.stdout).toContain(where);
  });

  it('check-operations --documents takes several patterns, after one flag or repeated; one that matches nothing is named as --documents, with no line', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { ...FILES, 'content-sources/blog.yaml': source('Int', true) });
    const both = await graphform(['check-operations', '--documents', 'web/src/*.graphql', 'web/src/*.tsx'], dir);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain('(2 files) against the schema of the declarations: 2 unaffected');
    // As a shell passes an unquoted glob: each file a value of its own.
    const expanded = await graphform(['check-operations', '--documents', 'web/src/queries.graphql', 'web/src/Post.tsx', '--format', 'json'], dir);
    expect(expanded.code, expanded.stderr).toBe(0);
    expect((JSON.parse(expanded.stdout) as NonNullable<Plan['operations']>).files).toEqual(['web/src/Post.tsx', 'web/src/queries.graphql']);
    const repeated = await graphform(['check-operations', '--documents', 'web/src/*.graphql', '--documents', 'web/src/*.tsx'], dir);
    expect(repeated.code, repeated.stderr).toBe(0);
    expect(repeated.stdout).toContain('(2 files)');
    const none = await graphform(['check-operations', '--documents', 'web/nothing/*.tsx', 'web/src/*.tsx'], dir);
    expect(none.code, 'a --documents pattern matching nothing passed').toBe(1);
    expect(none.stdout).toContain('(1 file)');
    expect(none.stdout).toContain('  --documents error GF_OPERATIONS_NO_MATCH --documents pattern "web/nothing/*.tsx" matches no file');
    expect(none.stdout + none.stderr, 'a line was invented for --documents').not.toMatch(/--documents:\d|operations\.documents:1:1/);
  });

  it('check-operations checks the documents against the declarations alone, offline: exit 0 when valid, 1 naming a broken one', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { ...FILES, 'content-sources/blog.yaml': source('Int', true) });
    const valid = await graphform(['check-operations'], dir);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toContain('against the schema of the declarations: 2 unaffected');
    await writeFiles(dir, { 'content-sources/blog.yaml': source('Int', false) });
    const json = await graphform(['check-operations', '--format', 'json'], dir);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as NonNullable<Plan['operations']>).operations.map((o) => [o.name, o.status])).toEqual([
      ['PostList', 'broken'],
      ['PostReading', 'unaffected'],
    ]);
    expect(json.stderr).toContain('PostList (web/src/queries.graphql:2:1): broken: Cannot query field "Summary"');
    const one = await graphform(['check-operations', '--documents', 'web/src/*.tsx'], dir);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain('(1 file)');
  });

  it('check-operations: a fragment no operation spreads is validated, its problem a warning at its place that fails nothing (exit 0)', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, {
      ...FILES,
      'content-sources/blog.yaml': source('Int', true),
      'web/src/spare.graphql': '\nfragment Spare on BlogPost { _id Nope }\n',
    });
    const run = await graphform(['check-operations'], dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'web/src/spare.graphql:2:34 warning GF_OPERATIONS_UNUSED_FRAGMENT web/src/spare.graphql holds fragment "Spare", spread by no operation checked, which is not valid: Cannot query field "Nope" on type "BlogPost".',
    );
  });

  it('check-operations: a fragment two files define differently fails with exit 1 at the later one, naming the first, and breaks the operation spreading it, whichever file holds which', async () => {
    const title = 'fragment Bits on BlogPost { _id Title }\n';
    const nope = "# the other team's copy\nfragment Bits on BlogPost { _id Nope }\n";
    for (const [a, b] of [
      [title, nope],
      [nope, title],
    ] as const) {
      const dir = await makeTempDir();
      await writeFiles(dir, {
        'graphform.config.yaml': 'sources: content-sources\noperations:\n  documents: ["web/src/**/*.graphql"]\n',
        'content-sources/blog.yaml': source('Int', true),
        'web/src/a.graphql': a,
        'web/src/b.graphql': b,
        'web/src/c.graphql': 'query UsesBits {\n  BlogPost { items { ...Bits } }\n}\n',
      });
      const run = await graphform(['check-operations'], dir);
      const first = `web/src/a.graphql:${a === title ? 1 : 2}:1`;
      const later = `web/src/b.graphql:${b === title ? 1 : 2}:1`;
      expect(run.code, `a.graphql: ${a}b.graphql: ${b}${run.stdout}${run.stderr}`).toBe(1);
      expect(run.stderr).toContain('GF_OPERATIONS_FAILING');
      expect(run.stderr).toContain(
        `${later}: GF_OPERATIONS_DUPLICATE_NAME: ${later.split(':')[0]} defines fragment "Bits" again, differently from the one at ${first}`,
      );
      expect(run.stderr).toContain(`UsesBits (web/src/c.graphql:1:1): broken: Fragment "Bits" is defined more than once, differently (${first}, ${later})`);
      expect(run.stdout).toContain('UsesBits web/src/c.graphql:1:1 broken');
    }
  });
});
