import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatDeclaration } from '../../src/declare/format-declaration.js';
import { LineCounter, parseDocument } from 'yaml';
import { parseWithYaml } from '../../src/load/parse-yaml.js';
import { quickSourceMap } from '../../src/load/quick-source-map.js';
import { readCommonYaml } from '../../src/load/quick-yaml.js';
import { createSourceMap, type DeclarationPath } from '../../src/load/source-map.js';
import { declarationText } from '../bench/generate-sources.js';
import { allInvalidCases } from '../validate/cases/index.js';
import { yaml } from '../validate/validate-helpers.js';
import { seededRandom } from '../helpers/seeded-random.js';

const repository = path.resolve(import.meta.dirname, '../..');

/**
 * The quick reader's promise: it gives up, or it gives exactly yaml's value (keys in the
 * same order) for a file yaml reads without a single diagnostic. Returns which one it did.
 */
function agreement(text: string): 'quick' | 'gave up' {
  const quick = readCommonYaml(text);
  if (quick === undefined) return 'gave up';
  const full = parseWithYaml('x.yaml', text);
  expect(full.diagnostics, text).toEqual([]);
  expect(quick, text).toStrictEqual(full.value);
  expect(JSON.stringify(quick), text).toBe(JSON.stringify(full.value));
  // Positions too: the quick source map answers as the yaml one for every path, the
  // missing ones included.
  const quickMap = quickSourceMap('x.yaml', text);
  const lineCounter = new LineCounter();
  const yamlMap = createSourceMap('x.yaml', parseDocument(text, { lineCounter }), lineCounter);
  // Compared first and reported together: a message quoting the text for every path cost most of the test's time.
  const differences = pathsOf(quick).flatMap((path) =>
    (['key', 'value'] as const).flatMap((where) => {
      const mine = quickMap?.locate(path, where);
      const theirs = yamlMap.locate(path, where);
      return isDeepStrictEqual(mine, theirs) ? [] : [{ path, where, quick: mine, yaml: theirs }];
    }),
  );
  expect(differences, text).toEqual([]);
  return 'quick';
}

/** Every path into a value, and beside each a path that is not there. */
function pathsOf(value: unknown, path: DeclarationPath = []): DeclarationPath[] {
  if (Array.isArray(value)) return [path, [...path, value.length], [...path, 'x'], ...value.flatMap((item: unknown, index) => pathsOf(item, [...path, index]))];
  if (typeof value === 'object' && value !== null) {
    return [path, [...path, 'Missing'], [...path, 0], ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  }
  return [path, [...path, 'deeper']];
}

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => path.join(dir, name));
}

/**
 * The files the quick reader leaves to yaml, each with what yaml reports of it: a case that
 * gives up must still assert something, or a reader that gave up on everything would pass.
 */
const LEFT_TO_YAML: Readonly<Record<string, readonly string[]>> = {
  // A list of items, not a declaration.
  'content-sources/data/blog/posts.yaml': ['GF_NOT_A_MAPPING'],
  'test/fixtures/declarations/invalid/broken.yaml': ['GF_YAML_SYNTAX'],
  // `{{id}}` placeholders are flow maps to YAML, outside the quick reader's subset.
  'templates/content-source.yaml': [],
};

describe('readCommonYaml agrees with yaml', () => {
  const files = [
    ...yamlFilesUnder(path.join(repository, 'content-sources')),
    ...yamlFilesUnder(path.join(repository, 'test/fixtures')),
    path.join(repository, 'templates/content-source.yaml'),
    path.join(repository, 'templates/graphform.config.yaml'),
    path.join(repository, 'graphform.config.yaml'),
  ].map((file) => path.relative(repository, file).split(path.sep).join('/'));

  it.each(files.map((file) => [file]))('on %s', (file) => {
    const text = readFileSync(path.join(repository, file), 'utf8');
    const leftToYaml = LEFT_TO_YAML[file];
    expect(agreement(text), file).toBe(leftToYaml === undefined ? 'quick' : 'gave up');
    if (leftToYaml !== undefined) expect(parseWithYaml(file, text).diagnostics.map((d) => d.code)).toEqual(leftToYaml);
  });

  it('lists only files that exist among those it reads', () => {
    for (const file of Object.keys(LEFT_TO_YAML)) expect(files).toContain(file);
  });

  it('reads the example declarations itself', () => {
    for (const file of yamlFilesUnder(path.join(repository, 'content-sources'))) {
      if (file.includes(`${path.sep}data${path.sep}`)) continue;
      expect(agreement(readFileSync(file, 'utf8')), file).toBe('quick');
    }
  });

  it('on every file of every validation case', () => {
    const texts = allInvalidCases.flatMap((c) => Object.values(c.files));
    expect(texts.length).toBeGreaterThan(50);
    const outcomes = texts.map((text) => agreement(text));
    // Most cases are schema and rule problems in plain YAML, which the quick reader reads.
    expect(outcomes.filter((o) => o === 'quick').length).toBeGreaterThan(texts.length / 2);
  });

  it('on generated declarations and on declarations written by import', () => {
    for (const index of [0, 1, 999, 1000]) expect(agreement(declarationText(index))).toBe('quick');
    const written = formatDeclaration(
      'shop',
      {
        label: 'Shop: "the" catalogue #1',
        description: "It's what we sell",
        languages: ['en', 'sv'],
        propertyTypes: { Dimensions: { properties: { Width: { name: 'Width', type: 'Float' } } } },
        contentTypes: { Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true }, Tags: { type: '[String]' } } } },
      },
      { environment: 'production', toolVersion: '0.1.0', importedAt: '2026-11-22T10:00:00.000Z', schemaPath: '../schema.json' },
    );
    expect(agreement(written)).toBe('quick');
  });
});

describe('readCommonYaml', () => {
  it.each<[string, string, 'quick' | 'gave up']>([
    [
      'block maps, lists and comments',
      yaml`
      # a comment
      id: shop   # trailing comment
      label: Shop catalogue, with commas [and brackets] {and braces}
      languages:
        - en
        -   sv
      data:
      - a/*.ndjson
      - "b #1.ndjson"
      empty:
      contentTypes:

        Item:
          abstract: true
          contentType: []
          properties: { Name: { type: String, searchable: true }, Tags: { type: "[String]" } }
    `,
      'quick',
    ],
    [
      'maps inside list items',
      yaml`
      import:
        - from: assets
          map:
            Title: name
          list:
          - x
          other: y
        -
          a: b
        -
        - c:
    `,
      'quick',
    ],
    ['quoted strings and keys', `"quoted key": 'it''s'\n'k2': "a # b"\nk3: 'a: b'\n`, 'quick'],
    ['nulls and booleans of the core schema', 'a: ~\nb: null\nc: NULL\nd: True\ne: FALSE\nf: yes\ng: no\nh: nulls\ni: [true, Null, x]\n', 'quick'],
    ['colons and hashes inside plain text', 'url: http://example.com/a#b\nkey:with:colons: v\nlabel: a:b c#d\n', 'quick'],
    ['CRLF line ends', 'id: shop\r\nlanguages:\r\n  - en\r\n', 'quick'],
    ['spaces before a colon', 'id  : shop\n', 'quick'],
    ['an empty value at the end', 'id:', 'quick'],
    ['a key whose value is a map that ends before a less-indented comment', 'a:\n  b: c\n# end\nd: e\n', 'quick'],
    ['plain integers', 'maxSources: 10\nzero: 0\nbig: 123456789012345\nlist: [1, 2]\n', 'quick'],
    ['a number with leading zeros', 'id: 0012\n', 'gave up'],
    ['an integer too long to be exact here', 'n: 1234567890123456\n', 'gave up'],
    ['a number as a key', '10: a\n', 'gave up'],
    ['a date', 'd: 2026-11-22\n', 'gave up'],
    ['paths that start with a dot', 'state: { path: .graphform/state/local.json }\ndir: ./data\nup: ../x\n', 'quick'],
    ['infinity', 'a: .inf\n', 'gave up'],
    ['not a number', 'a: .NaN\n', 'gave up'],
    ['a negative number', 'n: -1\n', 'gave up'],
    ['a float', 'n: .5\n', 'gave up'],
    ['anchors and aliases', 'a: &x [1]\nb: *x\n', 'gave up'],
    ['tags', 'a: !custom x\n', 'gave up'],
    ['block scalars', 'a: |\n  text\n', 'gave up'],
    ['escapes', 'a: "\\u0041"\n', 'gave up'],
    ['a document marker', '---\na: b\n', 'gave up'],
    ['a second document', 'a: b\n---\nc: d\n', 'gave up'],
    ['a directive', '%YAML 1.2\n---\na: b\n', 'gave up'],
    ['tabs', 'a:\tb\n', 'gave up'],
    ['a multi-line plain value', 'a: b\n  c\n', 'gave up'],
    ['a multi-line flow list', 'a: [b,\n  c]\n', 'gave up'],
    ['a value on the line below its key', 'a:\n  b\n', 'gave up'],
    ['a duplicate key', 'a: 1\na: 2\n', 'gave up'],
    ['a duplicate key in a flow map', 'a: { b: x, b: y }\n', 'gave up'],
    ['a nested map on one line', 'a: b: c\n', 'gave up'],
    ['bad indentation', 'a:\n    b: c\n  d: e\n', 'gave up'],
    ['an indented top level', '  a: b\n', 'gave up'],
    ['a list at the top level', '- a\n', 'gave up'],
    ['a scalar at the top level', 'shop\n', 'gave up'],
    ['an empty file', '# nothing\n', 'gave up'],
    ['a string over 1,024 characters', `a: ${'x'.repeat(1025)}\n`, 'gave up'],
    ['a key that is a boolean', 'true: a\n', 'gave up'],
    ['a prototype key', '__proto__: a\n', 'gave up'],
    ['a merge key', '<<: { a: b }\n', 'gave up'],
    ['a trailing comma', 'a: [b, c,]\n', 'gave up'],
    ['a flow map entry without a value', 'a: { b }\n', 'gave up'],
    ['text after a flow list', 'a: [b] c\n', 'gave up'],
    ['a comment without a space', 'a: "b"#c\n', 'gave up'],
    ['a byte-order mark inside', 'a: b\n\ufeffc: d\n', 'gave up'],
    ['a control character', 'a: b\u0007\n', 'gave up'],
    ['an unclosed quote', 'a: "b\n', 'gave up'],
  ])('%s: %s', (_name, text, expected) => {
    expect(agreement(text)).toBe(expected);
  });

  // Two full yaml parses of a large declaration per round: seconds of CPU, many more on a loaded machine.
  it('agrees with yaml on a thousand damaged declarations', { timeout: 120_000 }, () => {
    // Damage of every kind to real declarations: the quick reader must either give up or
    // read exactly what yaml reads without a problem. Seeded, so a failure repeats.
    const random = seededRandom(11);
    const bases = [declarationText(7), readFileSync(path.join(repository, 'content-sources/shop.yaml'), 'utf8'), allInvalidCases[20]?.files['shop.yaml'] ?? ''];
    const pieces = [
      ' ',
      '  ',
      '\n',
      ':',
      ': ',
      '- ',
      '-',
      '#',
      ' #',
      '"',
      "'",
      '[',
      ']',
      '{',
      '}',
      ',',
      ', ',
      '~',
      'true',
      'null',
      '?',
      '&a',
      '*a',
      '!',
      '|',
      '>',
      '%',
      '@',
      '0',
      '.',
      'x',
      '\\',
      '\t',
      '\r',
      '---',
      '\n  ',
      '\n-',
    ];
    let quick = 0;
    for (let round = 0; round < 1000; round++) {
      let text = bases[round % bases.length] as string;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) text = damage(text, random, pieces);
      if (agreement(text) === 'quick') quick++;
    }
    // The check is not empty: a good share of damaged files is still read quickly.
    expect(quick).toBeGreaterThan(100);
  });

  it('agrees with yaml on thousands of small random documents', () => {
    // Lines of keys, list items, comments and blanks at drifting indents, with values from
    // every corner of the subset and just outside it.
    const random = seededRandom(5);
    let quick = 0;
    for (let round = 0; round < 20000; round++) if (agreement(randomDocument(random)) === 'quick') quick++;
    expect(quick).toBeGreaterThan(500);
  });
});

const WORDS = [
  'a',
  'Key',
  'x y',
  'true',
  'null',
  '~',
  'No',
  'http://h:1',
  'a:b',
  'a#b',
  "it's",
  'a "q"',
  'a,b',
  'a]',
  'a}',
  '[x]',
  '{x}',
  '',
  ' ',
  'a ',
  'x -',
  '- x',
  '?x',
  ':x',
  '"',
  "'",
  '#c',
  ' #c',
  '@x',
  '`x',
  '%x',
  '1',
  '-1',
  '.5',
  '!t',
  '&a',
  '*a',
  '|',
  '>',
  'a: b',
  'a:',
  '"k"',
  "'k'",
  '"a\'b"',
  "'a\"b'",
  "''",
  '""',
  '"a\\"',
  '[a, b]',
  '[a,b]',
  '[ ]',
  '[]',
  '{}',
  '{ a: b }',
  '{a: b}',
  '{ a: [b, c] }',
  '{ "a": b }',
  "{ 'a': 'b' }",
  '[a, {b: c}]',
  '[a, [b]]',
  '{ a: b, }',
  '[a, ]',
  '{ a:b }',
  '[ "x" ]',
  '.x',
  '..',
  '...',
  '.inf',
  '-.inf',
  '.NaN',
  '.5e3',
  '.graphform/state.json',
  '[.x, .5]',
  '{ .a: .b }',
  '${env:NAME}',
  'a...',
  '---',
  '--- a',
  '10',
  '0',
  '007',
  '123456789012345',
  '1234567890123456',
  '1_0',
  '1.0',
  '0x1F',
  '0o7',
  '1e3',
  '12:30',
  '2026-11-22',
  '1 a',
  '[1, 2]',
  '{ a: 1 }',
];

function randomDocument(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lines: string[] = [];
  let indent = 0;
  for (let count = 1 + Math.floor(random() * 7), l = 0; l < count; l++) {
    indent = l === 0 ? 0 : pick([indent, indent, indent + 2, indent + 2, 0, Math.max(0, indent - 2), indent + 1, indent + 4]);
    const kind = l === 0 ? 0 : Math.floor(random() * 10);
    let line = ' '.repeat(indent);
    if (kind < 5) line += `${pick(WORDS)}:${random() < 0.3 ? '' : ' '.repeat(1 + Math.floor(random() * 2)) + pick(WORDS)}`;
    else if (kind < 8) line += `-${random() < 0.2 ? '' : ` ${random() < 0.4 ? `${pick(WORDS)}: ${pick(WORDS)}` : pick(WORDS)}`}`;
    else if (kind < 9) line += '# c';
    if (random() < 0.1) line += ' # t';
    lines.push(line);
  }
  return lines.join('\n') + (random() < 0.7 ? '\n' : '');
}

function damage(text: string, random: () => number, pieces: readonly string[]): string {
  const at = Math.floor(random() * (text.length + 1));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return text.slice(0, at) + (pieces[Math.floor(random() * pieces.length)] as string) + text.slice(at);
  if (kind === 1) return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
  const lines = text.split('\n');
  const line = Math.floor(random() * lines.length);
  if (kind === 2) lines.splice(line, 0, lines[Math.floor(random() * lines.length)] as string);
  else lines[line] = ` ${lines[line] ?? ''}`;
  return lines.join('\n');
}
