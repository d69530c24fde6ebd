import { describe, expect, it } from 'vitest';
import { servedSchema } from '../../src/emulator/graphql/served-schema.js';
import type { ContentSourceV3 } from '../../src/emulator/graph/wire-definition.js';
import { checkDocuments, type CheckSchema, type FrontendDocument } from '../../src/operations/check.js';
import { extractGraphql } from '../../src/operations/extract.js';
import { servedChanges } from '../../src/operations/schema-changes.js';

const blog = (properties: Record<string, { type: string }>, languages = ['en', 'sv']): ContentSourceV3 => ({
  label: 'Blog',
  languages,
  propertyTypes: { Author: { properties: { FullName: { type: 'String' } } } },
  contentTypes: { BlogPost: { contentType: [], properties } },
});
const BEFORE = blog({ Title: { type: 'String' }, Summary: { type: 'String' }, Minutes: { type: 'Int' }, Authors: { type: '[Author]' } });

function schema(definition: ContentSourceV3): CheckSchema {
  const built = servedSchema([{ id: 'blog', definition }], ['Status']);
  if (!built.ok) throw new Error(`the test schema does not build: ${built.problems.join('; ')}`);
  return built;
}

async function check(after: ContentSourceV3, documents: FrontendDocument[]) {
  const before = schema(BEFORE);
  const next = schema(after);
  if (!before.ok || !next.ok) throw new Error('unreachable');
  return checkDocuments(documents, next, await servedChanges(before.schema, next.schema));
}

const graphqlFile = (file: string, body: string): FrontendDocument => ({ file, pieces: [{ body, line: 1, column: 1 }] });

describe('frontend operations against the schema served after the apply', () => {
  it('an unchanged schema leaves every valid operation unaffected, Status and fragments of other files included', async () => {
    const result = await check(BEFORE, [
      graphqlFile('web/list.graphql', 'query PostList { BlogPost(limit: 5) { items { ...Card Status } total } }'),
      graphqlFile('web/fragments.graphql', 'fragment Card on BlogPost { Title Authors { FullName } }'),
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(result.operations.map((o) => [o.name, o.status])).toEqual([['PostList', 'unaffected']]);
  });

  it('a removed property breaks the operation that selects it, at the field; another one is unaffected', async () => {
    const result = await check(blog({ Title: { type: 'String' }, Minutes: { type: 'Int' }, Authors: { type: '[Author]' } }), [
      graphqlFile('web/a.graphql', 'query TitlesOnly { BlogPost { items { Title } } }\n\nquery PostList {\n  BlogPost { items { Title Summary } }\n}\n'),
      graphqlFile(
        'web/b.graphql',
        'query ById($id: String) { BlogPost(where: { _id: { eq: $id } }) { total } }\nquery Filtered($w: BlogPostWhereInput) { BlogPost(where: $w) { total } }',
      ),
    ]);
    // The filter input loses Summary too: a literal filter on _id does not write it, a variable of the whole input type may.
    expect(result.operations.find((o) => o.name === 'ById')?.status).toBe('unaffected');
    expect(result.operations.find((o) => o.name === 'Filtered')?.status).toBe('affected');
    const list = result.operations.find((o) => o.name === 'PostList');
    expect(list?.status, 'PostList selects the removed Summary').toBe('broken');
    expect(list?.problems).toEqual([{ file: 'web/a.graphql', line: 4, column: 28, message: 'Cannot query field "Summary" on type "BlogPost".' }]);
    expect(result.operations.find((o) => o.name === 'TitlesOnly')?.status).toBe('unaffected');
    expect(result.operations[0]?.name, 'broken operations come first').toBe('PostList');
  });

  it('a property turned into a list makes the operation that reads it potentially affected, naming the change', async () => {
    const result = await check(blog({ Title: { type: 'String' }, Summary: { type: 'String' }, Minutes: { type: '[Int]' }, Authors: { type: '[Author]' } }), [
      graphqlFile('web/a.graphql', 'query Reading { BlogPost { items { Minutes } } }\nquery Titles { BlogPost { items { Title } } }'),
    ]);
    const reading = result.operations.find((o) => o.name === 'Reading');
    expect(reading?.status).toBe('affected');
    expect(reading?.changes).toContainEqual({
      criticality: 'BREAKING',
      path: 'BlogPost.Minutes',
      message: "Field 'BlogPost.Minutes' changed type from 'Int' to '[Int]'",
    });
    expect(result.operations.find((o) => o.name === 'Titles')?.status).toBe('unaffected');
  });

  it('a removed language affects an operation passing a Locales variable, breaks one writing it, and not one filtering by another field', async () => {
    const after = blog({ Title: { type: 'String' }, Summary: { type: 'String' }, Minutes: { type: 'Int' }, Authors: { type: '[Author]' } }, ['en']);
    const result = await check(after, [
      graphqlFile(
        'web/a.graphql',
        'query ByLocale($l: [Locales]) { BlogPost(locale: $l) { total } }\nquery Swedish { BlogPost(locale: [sv]) { total } }\nquery ById($id: String) { BlogPost(where: { _id: { eq: $id } }) { total } }',
      ),
    ]);
    const status = Object.fromEntries(result.operations.map((o) => [o.name, o.status]));
    expect(status).toEqual({ ByLocale: 'affected', Swedish: 'broken', ById: 'unaffected' });
  });

  it('an operation in a tsx gql tag is placed at its file line and column; a parse error is a diagnostic there', async () => {
    const tsx =
      "import { gql } from '@apollo/client';\nexport const Q = gql`\n  query Tagged {\n    BlogPost { items { Nope } }\n  }\n`;\nexport const Bad = gql`query { BlogPost { `;\nexport const C = (): JSX.Element => <div />;\n";
    const extracted = await extractGraphql('web/Post.tsx', tsx);
    if (!extracted.ok) throw new Error(extracted.diagnostic.message);
    const result = await check(BEFORE, [{ file: 'web/Post.tsx', pieces: extracted.pieces }]);
    expect(result.operations.map((o) => [o.name, o.status, o.line, o.column])).toEqual([['Tagged', 'broken', 3, 3]]);
    expect(result.operations[0]?.problems[0]).toMatchObject({ file: 'web/Post.tsx', line: 4, column: 24 });
    expect(result.diagnostics).toMatchObject([{ code: 'GF_OPERATIONS_SYNTAX', file: 'web/Post.tsx', line: 7, column: 43 }]);
  });

  it('a file that is neither GraphQL nor code is a diagnostic naming the kinds read; .mts and .cjs files are code', async () => {
    const other = await extractGraphql('web/notes.md', 'gql`{ x }`');
    expect(other).toMatchObject({ ok: false, diagnostic: { code: 'GF_OPERATIONS_DOCUMENT_KIND', file: 'web/notes.md', line: 1, column: 1 } });
    expect(other.ok ? '' : other.diagnostic.message).toContain('(.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs)');
    expect(await extractGraphql('web/q.mts', 'export const Q = gql`{ x }`;\n')).toEqual({ ok: true, pieces: [{ body: '{ x }', line: 1, column: 22 }] });
    expect(await extractGraphql('web/q.cjs', 'exports.Q = gql`{ y }`;\n')).toEqual({ ok: true, pieces: [{ body: '{ y }', line: 1, column: 17 }] });
  });

  it("a JavaScript file that does not parse is a diagnostic at the parser's position", async () => {
    const extracted = await extractGraphql('web/broken.ts', 'const ok = 1;\nconst = gql`{ x }`;\n');
    expect(extracted).toMatchObject({ ok: false, diagnostic: { code: 'GF_OPERATIONS_SYNTAX', file: 'web/broken.ts', line: 2, column: 7 } });
  });

  it('validated together, each operation gets its own problems: a broken fragment breaks each operation spreading it, names may repeat across files, an unused fragment breaks none', async () => {
    const after = blog({ Title: { type: 'String' }, Minutes: { type: 'Int' }, Authors: { type: '[Author]' } });
    const result = await check(after, [
      graphqlFile('web/a.graphql', 'query List { BlogPost { items { ...Card } } }\nquery Plain { BlogPost { total } }'),
      graphqlFile(
        'web/b.graphql',
        'query List { BlogPost { items { ...Card Title } } }\nfragment Card on BlogPost { Summary }\nfragment Unused on BlogPost { Gone }',
      ),
      graphqlFile('web/c.graphql', `query Many { BlogPost { items { ${Array.from({ length: 150 }, (_, i) => `f${i}`).join(' ')} } } }`),
    ]);
    const broken = result.operations.filter((o) => o.status === 'broken');
    expect(broken.map((o) => `${o.file} ${o.name}`)).toEqual(['web/a.graphql List', 'web/b.graphql List', 'web/c.graphql Many']);
    for (const list of broken.slice(0, 2))
      expect(list.problems).toEqual([{ file: 'web/b.graphql', line: 2, column: 29, message: 'Cannot query field "Summary" on type "BlogPost".' }]);
    expect(broken[2]?.problems, "every problem, past graphql-js's default of 100").toHaveLength(150);
    expect(result.operations.find((o) => o.name === 'Plain')?.status).toBe('unaffected');
  });
});

describe('names defined twice, and fragments no operation spreads', () => {
  const [titleBits, nopeBits, usesBits] = [
    'fragment Bits on BlogPost { _id Title }',
    'fragment Bits on BlogPost { _id Nope }',
    'query UsesBits {\n  BlogPost { items { ...Bits } }\n}',
  ];

  it('a fragment defined twice, differently, is an error at the later definition and breaks the operation spreading it, whatever the files are named or read in', async () => {
    for (const [a, b] of [
      [titleBits, nopeBits],
      [nopeBits, titleBits],
    ] as const) {
      const documents = [graphqlFile('web/a.graphql', a), graphqlFile('web/b.graphql', b), graphqlFile('web/c.graphql', usesBits)];
      for (const order of [documents, [...documents].reverse()]) {
        const result = await check(BEFORE, order);
        expect(result.diagnostics, `a: ${a}, b: ${b}`).toMatchObject([
          { code: 'GF_OPERATIONS_DUPLICATE_NAME', severity: 'error', file: 'web/b.graphql', line: 1, column: 1 },
        ]);
        expect(result.diagnostics[0]?.message).toContain('fragment "Bits"');
        expect(result.diagnostics[0]?.message, 'the diagnostic names the first definition').toContain('web/a.graphql:1:1');
        const uses = result.operations.find((o) => o.name === 'UsesBits');
        expect(uses?.status, `UsesBits spreads an ambiguous fragment (a: ${a}, b: ${b})`).toBe('broken');
        expect(uses?.problems[0]).toMatchObject({ file: 'web/c.graphql', line: 2, column: 22 });
        expect(uses?.problems[0]?.message).toMatch(/"Bits".*web\/a\.graphql:1:1.*web\/b\.graphql:1:1/);
      }
    }
  });

  it('a fragment that only one of two operations spreads through another fragment breaks that one alone; copies alike are one fragment', async () => {
    const result = await check(BEFORE, [
      graphqlFile('web/a.graphql', `${titleBits}\nfragment Card on BlogPost { ...Bits }\nfragment Same on BlogPost { Title }`),
      graphqlFile('web/b.graphql', `${nopeBits}\nfragment Same on BlogPost {\n  Title\n}`),
      graphqlFile('web/c.graphql', 'query Deep { BlogPost { items { ...Card ...Same } } }\nquery Other { BlogPost { items { ...Same } } }'),
    ]);
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['web/b.graphql:1 GF_OPERATIONS_DUPLICATE_NAME']);
    expect(result.operations.map((o) => [o.name, o.status])).toEqual([
      ['Deep', 'broken'],
      ['Other', 'unaffected'],
    ]);
  });

  it('an operation name used twice, differently, is an error at the later place naming the earlier; both operations keep their own status; anonymous ones and copies alike are not', async () => {
    const tsx = { file: 'web/src/Post.tsx', pieces: [{ body: 'query PostList { BlogPost { total } }', line: 4, column: 3 }] };
    const documents = [
      tsx,
      graphqlFile('web/src/queries.graphql', '{ BlogPost { total } }\nquery PostList { BlogPost { items { Title } } }\nquery Same { BlogPost { total } }'),
      graphqlFile('web/src/z.graphql', '{ BlogPost { total } }\nquery Same {\n  BlogPost { total }\n}'),
    ];
    for (const order of [documents, [...documents].reverse()]) {
      const result = await check(BEFORE, order);
      expect(result.diagnostics).toMatchObject([
        { code: 'GF_OPERATIONS_DUPLICATE_NAME', severity: 'error', file: 'web/src/queries.graphql', line: 2, column: 1 },
      ]);
      expect(result.diagnostics[0]?.message).toContain('query "PostList"');
      expect(result.diagnostics[0]?.message, 'the diagnostic names the earlier place').toContain('web/src/Post.tsx:4:3');
      expect(result.operations.every((o) => o.status === 'unaffected')).toBe(true);
      expect(result.operations).toHaveLength(6);
    }
  });

  it("a fragment no operation spreads is validated still: each problem a warning at its place, saying so; the operations' are not repeated", async () => {
    const result = await check(BEFORE, [
      graphqlFile('web/a.graphql', 'query List { BlogPost { items { ...Card } } }'),
      graphqlFile(
        'web/b.graphql',
        'fragment Card on BlogPost { Title Gone }\n\nfragment Unused on BlogPost { Nope ...Inner }\nfragment Inner on BlogPost { Deeper }',
      ),
    ]);
    expect(result.operations.map((o) => [o.name, o.status])).toEqual([['List', 'broken']]);
    expect(result.diagnostics).toMatchObject([
      { code: 'GF_OPERATIONS_UNUSED_FRAGMENT', severity: 'warning', file: 'web/b.graphql', line: 3, column: 31 },
      { code: 'GF_OPERATIONS_UNUSED_FRAGMENT', severity: 'warning', file: 'web/b.graphql', line: 4, column: 30 },
    ]);
    expect(result.diagnostics[0]?.message).toContain('fragment "Unused", spread by no operation checked');
    expect(result.diagnostics[0]?.message).toContain('Cannot query field "Nope" on type "BlogPost"');
    expect(result.diagnostics[1]?.message).toContain('fragment "Inner", spread by no operation checked');
  });
});
