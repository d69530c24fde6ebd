/**
 * YAML data files for the item-by-item reader to agree with the whole-file reader on:
 * named cases for each feature, and files put together from fragments by a seeded
 * generator (valid lists heavy in anchors and aliases, and lists mixed with broken items,
 * odd starts and ends).
 */

/** `{n}` is the item's number; `{def}` defines a new anchor; `{ref}` names an anchor defined before. */
const FRAGMENTS = [
  '- Id: a{n}\n  Language: { Name: en }\n  Name: x\n',
  '- Id: b{n}\n  Language: { Name: en }\n  Body: |\n    line1\n\n    line2\n',
  '- Id: c{n}\n  Language: { Name: sv }\n  Body: >-\n    a\n    b\n\n',
  '- Id: d{n}\n  Language: { Name: en }\n  Name: "multi\n    line"\n',
  "- Id: e{n}\n  Language: { Name: en }\n  Name: 'it''s'\n",
  '- {Id: f{n}, Language: {Name: en}, Tags: [a, b]}\n',
  '- Id: g{n}\n  Language: { Name: en }\n  Tags:\n  - a\n  - b\n',
  '- &{def}\n  Id: h{n}\n  Language: { Name: en }\n',
  '- Id: i{n}\n  Language: { Name: en }\n  Copy: *{ref}\n',
  '- Id: j{n}\n  Language: { Name: en }\n  R: [*{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}, *{ref}]\n',
  '- &{def} {Id: k{n}, Language: {Name: en}, In: [*{ref}, *{ref}]}\n',
  '- Id: l{n} # trailing\n  Language: { Name: en }\n  Date: 2024-01-01\n  N: 12\n  F: 1.5e3\n  B: true\n  Z: ~\n',
  '-\n  Id: m{n}\n  Language: { Name: en }\n',
  '# between\n\n',
  '- Id: o{n}\n  Language: { Name: en }\n  Body: |\n    - not an item\n',
  '- Id: p{n}\n  Language: { Name: en }\n  Name: plain\n    continued\n',
  '- Id: q{n}\n  Language: { Name: en }\n  M: {a: 1,\n    b: 2}\n',
  '- Id: r{n}\n  Language: { Name: en }\n  B: |+\n    kept\n\n\n',
  '- just text\n',
];

const BROKEN = [
  '- Id: [1\n',
  '- Id: s{n}\n  Id: t{n}\n',
  '- Id: u{n}\n   Name: bad indent\n',
  'foo: bar\n',
  '- Id: v{n}\n  Copy: *nope\n',
  '- Name: "abc\n- def"\n',
  '- [a,\n- b]\n',
  '- Id: w{n}\n\tName: tab\n',
  '...\n',
  '---\n',
  '  - Id: x{n}\n',
  '- Id: y{n}\n  Long: "x\n- y\n  z"\n',
];

const STARTS = ['', '', '---\n', '--- # doc\n', '# top\n\n', '%YAML 1.2\n---\n', '%YAML 1.1\n---\n', '--- !!seq\n', '&list\n', '\t# tab\n', '---\n---\n'];
const ENDS = ['', '', '...\n', '...\n# after\n', '# end\n', '...\n- second\n', '---\n- second\n', '...\n%YAML 1.2\n', '...\n...\n', 'x', '- last'];

export const NAMED_CASES: readonly [string, string][] = [
  [
    'timestamps, numbers and booleans of the core schema',
    '- Id: a\n  Language: {Name: en}\n  Date: 2024-05-01\n  When: 2024-05-01T10:00:00Z\n  N: 0x1F\n  O: 0o17\n  F: .inf\n  Y: yes\n  T: true\n',
  ],
  ['comments everywhere', '# file\n- Id: a # id\n  # inside\n  Language: {Name: en}\n# between\n\n- Id: b\n  Language: {Name: en}\n# last\n'],
  ['flow and block styles', '- {Id: a, Language: {Name: en}, Tags: [x, y]}\n- Id: b\n  Language:\n    Name: en\n  Tags:\n    - x\n'],
  [
    'multi-line scalars',
    '- Id: a\n  Language: {Name: en}\n  L: |\n    one\n    two\n  F: >\n    folded\n    text\n  P: plain\n    over lines\n  Q: "quoted\n    over lines"\n',
  ],
  [
    'anchors and aliases across items',
    '- &base\n  Id: a\n  Language: {Name: en}\n- Id: b\n  Language: {Name: en}\n  Copy: *base\n  Tags: &tags [x, y]\n- Id: c\n  Language: {Name: en}\n  Tags: *tags\n',
  ],
  [
    'an anchor redefined: the nearest before the alias',
    '- Id: a\n  Language: {Name: en}\n  V: &v one\n- Id: b\n  Language: {Name: en}\n  V: &v two\n- Id: c\n  Language: {Name: en}\n  V: *v\n',
  ],
  [
    'the alias limit counted across items',
    `- &x\n  Id: a\n  Language: {Name: en}\n${Array.from({ length: 120 }, (_, i) => `- Id: r${i}\n  Language: {Name: en}\n  X: *x\n`).join('')}`,
  ],
  [
    'an alias bomb in a later item',
    `- Id: a\n  Language: {Name: en}\n- Id: bomb\n  Language: {Name: en}\n  a0: &a0 [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 6 }, (_, i) => `  a${i + 1}: &a${i + 1} [${Array.from({ length: 9 }, () => `*a${i}`).join(', ')}]\n`).join('')}`,
  ],
  ['an alias before its anchor', '- Id: a\n  Language: {Name: en}\n  X: *later\n- &later\n  Id: b\n  Language: {Name: en}\n'],
  ['a top-level flow list', '[{Id: a, Language: {Name: en}},\n {Id: b, Language: {Name: sv}}]\n'],
  ['document markers', '%YAML 1.2\n---\n- Id: a\n  Language: {Name: en}\n...\n'],
  ['a second document', '- Id: a\n  Language: {Name: en}\n---\n- Id: b\n'],
  ['a map, not a list', 'Id: a\nLanguage: {Name: en}\n'],
  ['a scalar, not a list', 'just text\n'],
  ['empty', ''],
  ['invalid YAML in a later item', '- Id: a\n  Language: {Name: en}\n- Id: b\n  Name: [unclosed\n- Id: c\n'],
  ['a repeated key, then invalid YAML', '- Id: a\n  Id: b\n- Id: c\n  Name: "unclosed\n'],
  ['a repeated key in a later item', '- Id: a\n  Language: {Name: en}\n- Id: b\n  Language: {Name: en}\n  Language: {Name: sv}\n'],
  ['CR LF line ends', '- Id: a\r\n  Language: {Name: en}\r\n  L: |\r\n    one\r\n    two\r\n- Id: b\r\n  Language: {Name: en}\r\n'],
  ['a quoted value over a line that looks like an item', '- Id: a\n  Language: {Name: en}\n  Name: "x\n- y"\n- Id: b\n  Language: {Name: en}\n'],
  ['a list indented by two spaces', '  - Id: a\n    Language: {Name: en}\n  - Id: b\n    Language: {Name: en}\n'],
  ['items that are not maps', '- Id: a\n  Language: {Name: en}\n- text\n- [1, 2]\n-\n'],
];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A file of 1 to 12 fragments; odd seeds mix in broken items and odd starts and ends. */
export function generatedCase(seed: number): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const mixed = seed % 2 === 1;
  const anchors = ['seed'];
  let text = (mixed ? pick(STARTS) : '') + '- &seed\n  Id: s\n  Language: { Name: en }\n';
  const count = 1 + Math.floor(next() * 12);
  for (let n = 0; n < count; n++) {
    let fragment = (mixed && next() < 0.25 ? pick(BROKEN) : pick(FRAGMENTS)).replaceAll('{n}', String(n));
    // A reference names an anchor defined before this fragment; an anchor is redefined only
    // in a fragment without references, so that no value contains itself.
    const redefine = !fragment.includes('{ref}');
    const before = [...anchors];
    fragment = fragment.replaceAll('{ref}', () => pick(before));
    while (fragment.includes('{def}')) {
      const name = redefine && next() < 0.3 ? pick(anchors) : `a${n}`;
      fragment = fragment.replace('{def}', name);
      anchors.push(name);
    }
    text += fragment;
  }
  text += mixed ? pick(ENDS) : '';
  return mixed && next() < 0.15 ? text.replaceAll('\n', '\r\n') : text;
}
