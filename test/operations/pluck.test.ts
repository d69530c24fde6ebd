import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { extractGraphql, type GraphqlPiece } from '../../src/operations/extract.js';

/**
 * The extractor finds what @graphql-tools/graphql-tag-pluck (graphql-codegen's extractor, on
 * babel) finds with its defaults: each source of the corpus gives the same pieces, text, line
 * and column, from both. tag-pluck gives the backtick's line and 0-based column; the piece
 * starts one character after it.
 */
type TagPluck = typeof import('@graphql-tools/graphql-tag-pluck');
const tagPluck = createRequire(import.meta.url)('@graphql-tools/graphql-tag-pluck') as TagPluck;

function reference(file: string, text: string): GraphqlPiece[] {
  return tagPluck
    .gqlPluckFromCodeStringSync(file, text, { skipIndent: true })
    .map((source) => ({ body: source.body, line: source.locationOffset.line, column: source.locationOffset.column + 2 }));
}

const CORPUS: Record<string, string> = {
  'web/Post.tsx': [
    "import { gql, useQuery } from '@apollo/client';",
    "import type { FC } from 'react';",
    'type Props<T extends object = {}> = { item: T };',
    'const POST = gql`',
    '  query Post($id: String) {',
    '    BlogPost(where: { _id: { eq: $id } }) { items { Title } }',
    '  }',
    '`;',
    'export function List<T,>(props: Props<T>): JSX.Element {',
    '  const { data } = useQuery<{ x: number }>(POST);',
    '  return <ul title={`a ${props.item}`}>{[1, 2].map((n) => <li key={n}>{gql`query Inline { BlogPost { total } }` && n}</li>)}</ul>;',
    '}',
    'export const Typed: FC = () => <div>{(gql as any)`query NotIdentifierTag { x }`}</div>;',
  ].join('\n'),
  'web/regex.js': [
    'const tick = /`/g;',
    "const both = /[`'\"]/.test('`');",
    'const q = gql`query AfterRegex { BlogPost { total } }`;',
    'const div = 4 / 2 / 1; const t = gql`query AfterDivision { x }`;',
    'export const re2 = /gql`not a tag`/;',
  ].join('\n'),
  'web/nested.ts': [
    'const inner = gql`fragment Card on BlogPost { Title }`;',
    'export const outer = gql`',
    '  query Outer { BlogPost { items { ...Card } } }',
    '  ${inner}',
    '  ${gql`fragment Nested on BlogPost { Summary }`}',
    '`;',
    'const plain = `not ${gql`query InPlain { x }`} graphql`;',
    'const allInterpolated = gql`${inner}${plain}`;',
    'const escaped = gql`query Esc { a(s: "\\`") }`;',
    'const braces = gql`query B { x } ${ { a: 1 }.a } tail`;',
  ].join('\n'),
  'web/magic.ts': [
    'const a = /* GraphQL */ `query MagicBlock { x }`;',
    'const b = // graphql',
    '  `query MagicLine { x }`;',
    '/* GraphQL */ `query MagicStatement { x }`;',
    'call(/* GraphQL */ `query MagicArgument { x }`);',
    'const c = /* GraphQL */ `query NotTrimmed { x }`.trim();',
    'const d = /* GraphQL */ /* other */ `query NotLast { x }`;',
    'const e = /*   graphQL   */ `query Spaced { x }`;',
    'const f = /* GraphQL */ `query AsConst { x }` as const;',
    'const g = { q: /* GraphQL */ `query InObject { x }` };',
    '/* GraphQL */ (`query ParenStatement { x }`);',
    'const h = (/* GraphQL */ `query InParens { x }`);',
    'const i = /* GraphQL */ gql`query MagicTagged { x }`;',
    'const j = gql(/* GraphQL */ `query MagicCall { x }`);',
    'const k = /* GraphQL */ `   `;',
  ].join('\n'),
  'web/calls.ts': [
    'const a = graphql(`query Call { x }`);',
    'const b = gql(`query CallAsConst { x }` as const);',
    'const c = gql<{ x: number }>(`query CallGeneric { x }`);',
    'const d = gql?.(`query OptionalCall { x }`);',
    'const e = other(`query NotATag { x }`);',
    'const f = gql(`${a}`);',
    'const g = graphql.experimental`query MemberTag { x }`;',
    'const h = new gql(`query New { x }`);',
    'const i = gql(`query First { x }`, `query Second { y }`);',
    'const j = gql(`query Satisfies { x }` satisfies string);',
  ].join('\n'),
  'web/imports.tsx': [
    "import myGql from 'graphql-tag';",
    "import { gql as urqlGql } from '@urql/core';",
    "import { graphql as relayQl } from 'react-relay';",
    "import { notGql as skipped } from '@apollo/client';",
    "import * as all from 'graphql-tag';",
    "const cjs = require('graphql-tag');",
    "const { gql: destructured } = require('@apollo/client');",
    'export const A = myGql`query DefaultImport { x }`;',
    'export const B = urqlGql`query Urql { x }`;',
    'export const C = relayQl`query Relay { x }`;',
    'export const D = cjs`query Required { x }`;',
    'export const E = skipped`query Skipped { x }`;',
    'export const F = all`query Namespace { x }`;',
    'export const G = destructured`query Destructured { x }`;',
    'export const H = relayQl(`query RelayCall { x }`);',
  ].join('\n'),
  'web/late-import.ts': [
    'export const early = lateTag`query BeforeImport { x }`;',
    "import lateTag from 'graphql-tag';",
    'export const after = lateTag`query AfterImport { x }`;',
  ].join('\n'),
  'web/plain.ts': ["export const label = 'graphql and gql are only words here';", 'export const twice = (n: number): number => 2 * n;'].join('\n'),
  'web/decorated.ts': [
    "import { Component } from '@angular/core';",
    "import { gql } from 'apollo-angular';",
    '@Component({ selector: `app-x`, template: gql`query InDecorator { x }` })',
    'export class X {',
    '  @Input() @Other(gql`query MemberDecorator { y }`) name = gql`query Field { z }`;',
    '  constructor(@Inject(TOKEN) private readonly t: string) {}',
    '}',
  ].join('\n'),
  'web/unicode.ts': [
    "const s = 'héllo wörld — 😀 ü';",
    "const emoji = '👩‍👩‍👧'; const q = gql`query AfterEmoji { x }`;",
    "const sep = 'a\u2028b'; const r = gql`query AfterLineSeparator { x }`;",
    'const t = gql`query Ünïcode { x } # ✓ ${s}`;',
    '\tconst tabbed = gql`query Tabbed { x }`;',
  ].join('\n'),
  'web/crlf.js': [
    'const a = 1;\r',
    'const q = gql`\r',
    '  query Crlf { x }\r',
    '`;\r',
    'const r = gql`query Cr { x }`;\rconst s = gql`query AfterCr { x }`;',
  ].join('\n'),
  'web/mod.mts': 'export const q = gql`query Mts { x }`;\nexport type T = `template ${string}`;\n',
  'web/common.cjs': "const gql = require('graphql-tag');\nmodule.exports = { q: gql`query Cjs { x }` };\n",
  'web/component.jsx': 'export const C = () => <div data-q={gql`query Jsx { x }`}>{/* GraphQL */ `query JsxMagic { y }`}</div>;\n',
  'web/marker.ts': 'const q = gql`query Marker { ==>a\nb<== }`;\n',
  // The walk skips code that cannot hold a piece or a tag's name: a `require` spelled with an escape still names one.
  'web/escaped-require.js': "const tag = \\u0072equire('graphql-tag');\nexport const q = tag`query EscapedRequire { x }`;\n",
  'web/deep.tsx': [
    "import { graphql as relay } from 'react-relay';",
    'export function Page({ items }: { items: string[] }): JSX.Element {',
    '  const sorted = [...items].sort((a, b) => a.localeCompare(b)).filter((x) => x.length > 0);',
    '  return <main>{sorted.map((x) => <section key={x}><h2>{x}</h2>{x === "" ? null : <p>{relay`query Deep { x }`}</p>}</section>)}</main>;',
    '}',
    'export const untouched = { a: [1, 2, { b: () => 3 }], c: "import and require are words in a string" };',
  ].join('\n'),
};

describe('the extractor finds the GraphQL graphql-tag-pluck finds', () => {
  for (const [file, text] of Object.entries(CORPUS)) {
    it(file, async () => {
      const expected = reference(file, text);
      const extracted = await extractGraphql(file, text);
      if (!extracted.ok) throw new Error(`${file} did not parse: ${extracted.diagnostic.message}`);
      expect(extracted.pieces, `${file}: the pieces (text, line, column) differ from graphql-tag-pluck's`).toEqual(expected);
    });
  }

  it('the corpus is not trivial: it holds pieces of every kind tag-pluck takes', () => {
    const bodies = Object.entries(CORPUS).flatMap(([file, text]) => reference(file, text).map((piece) => piece.body));
    expect(bodies.length).toBeGreaterThan(40);
    for (const name of [
      'Inline',
      'AfterRegex',
      'Nested',
      'MagicStatement',
      'CallAsConst',
      'Urql',
      'Required',
      'InDecorator',
      'AfterEmoji',
      'Crlf',
      'EscapedRequire',
      'Deep',
    ])
      expect(bodies.some((body) => body.includes(`query ${name} `) || body.includes(`fragment ${name} `))).toBe(true);
  });
});

describe('positions and syntax errors', () => {
  it('places a piece after non-ASCII text by UTF-16 columns, as editors and graphql count', async () => {
    const extracted = await extractGraphql('web/u.ts', "const s = 'ü😀'; const q = gql`{ x }`;\n");
    expect(extracted).toEqual({ ok: true, pieces: [{ body: '{ x }', line: 1, column: 32 }] });
  });

  it("takes a template whose backtick starts a line, where tag-pluck fails (graphql's Source refuses its 0 column)", async () => {
    const text = 'const a = gql(\n`query Col0 { x }`);\n/* GraphQL */\n`query Statement { x }`;\n';
    expect(() => reference('web/col0.ts', text)).toThrow(/1-indexed/);
    expect(await extractGraphql('web/col0.ts', text)).toEqual({
      ok: true,
      pieces: [
        { body: 'query Col0 { x }', line: 2, column: 2 },
        { body: 'query Statement { x }', line: 4, column: 2 },
      ],
    });
  });

  it('takes the templates of a file calling require() without an argument, where tag-pluck fails', async () => {
    const text = 'require();\nconst q = gql`{ x }`;\n';
    expect(() => reference('web/req.ts', text)).toThrow(/'in' operator/);
    expect(await extractGraphql('web/req.ts', text)).toEqual({ ok: true, pieces: [{ body: '{ x }', line: 2, column: 15 }] });
  });

  it('a file that does not parse is a diagnostic at the parser position, with its reason', async () => {
    const extracted = await extractGraphql('web/broken.tsx', 'const ok = 1;\n\nconst q = gql`{ x }`; const = 2;\n');
    expect(extracted).toMatchObject({
      ok: false,
      diagnostic: {
        code: 'GF_OPERATIONS_SYNTAX',
        line: 3,
        column: 29,
        message: expect.stringMatching(/^web\/broken\.tsx could not be parsed as JavaScript or TypeScript: .+; its GraphQL was not checked$/),
      },
    });
  });
});
