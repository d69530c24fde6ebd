import { describe, expect, it } from 'vitest';
import { YamlItemSplitter, type YamlSplit } from '../../../src/data/read/yaml-item-splitter.js';

const MIB = 1024 * 1024;

/** The splits of `text` pushed in pieces of `size` characters (the whole text at once by default). */
function split(text: string, size = text.length, maxItemBytes = MIB): YamlSplit[] {
  const splitter = new YamlItemSplitter(maxItemBytes);
  const out: YamlSplit[] = [];
  for (let i = 0; i < text.length; i += Math.max(size, 1)) out.push(...splitter.push(text.slice(i, i + Math.max(size, 1))));
  out.push(...splitter.end());
  return out;
}

const item = (line: number, text: string): YamlSplit => ({ kind: 'item', line, text });

describe('YamlItemSplitter', () => {
  it.each<[string, string, YamlSplit[]]>([
    ['items at column 0, with their lines', '- a: 1\n  b: 2\n- c\n', [item(1, '- a: 1\n  b: 2\n'), item(3, '- c\n')]],
    ['comments and blank lines before the list are skipped', '# top\n\n   # indented\n- a\n', [item(4, '- a\n')]],
    ['comments between items belong to the item before', '- a\n# about b\n\n- b\n', [item(1, '- a\n# about b\n\n'), item(4, '- b\n')]],
    ['a document start before the list', '--- # doc\n- a\n', [item(2, '- a\n')]],
    ['"-" alone, "-" and a tab, "-" before CR LF', '-\n  a: 1\n-\tb\n-\r\n  c\r\n', [item(1, '-\n  a: 1\n'), item(3, '-\tb\n'), item(4, '-\r\n  c\r\n')]],
    ['a list indented by two spaces', '  - a\n  # c\n  - b\n', [item(1, '  - a\n  # c\n'), item(3, '  - b\n')]],
    ['"-x", "---x" and a nested "- " are inside an item', '- a\n-x\n---x\n  - y\n', [item(1, '- a\n-x\n---x\n  - y\n')]],
    ['the last line without a newline', '- a\n- b', [item(1, '- a\n'), item(2, '- b')]],
    ['an end marker, then comments and directives only', '- a\n...\n# after\n%YAML 1.2\n', [item(1, '- a\n')]],
    ['a second document after "---"', '- a\n---\n- b\n', [item(1, '- a\n'), { kind: 'second-document', line: 2 }]],
    ['a second document after "..."', '- a\n...\n- b\n', [item(1, '- a\n'), { kind: 'second-document', line: 3 }]],
    ['a second "..." is a second document', '- a\n...\n...\n', [item(1, '- a\n'), { kind: 'second-document', line: 3 }]],
    ['a flow list', '# c\n[a, b]\n', [{ kind: 'not-a-block-list', line: 2 }]],
    ['a map', 'a: 1\n', [{ kind: 'not-a-block-list', line: 1 }]],
    ['directives', '%YAML 1.2\n---\n- a\n', [{ kind: 'not-a-block-list', line: 1 }]],
    ['an anchor before the list', '&list\n- a\n', [{ kind: 'not-a-block-list', line: 1 }]],
    ['two document starts', '---\n---\n- a\n', [{ kind: 'not-a-block-list', line: 2 }]],
    ['a block collection on the document start line', '--- - a\n', [{ kind: 'not-a-block-list', line: 1 }]],
    ['nothing but comments', '# only\n', [{ kind: 'not-a-block-list', line: 1 }]],
    ['an empty file', '', [{ kind: 'not-a-block-list', line: 1 }]],
  ])('%s', (_name, text, expected) => {
    expect(split(text)).toEqual(expected);
  });

  it('finds the same items whatever pieces the text arrives in', () => {
    const text = '# c\r\n---\n- a: "x\n  y"\n  b: |\n    - z\n-\n  c: 1\n# end\n...\n';
    const whole = split(text);
    for (let size = 1; size <= text.length; size++) expect(split(text, size)).toEqual(whole);
  });

  it('drops an item larger than the limit, and reads on', () => {
    const big = `- a: ${'x'.repeat(200)}\n`;
    expect(split(`- small\n${big}- after\n`, 7, 100)).toEqual([item(1, '- small\n'), { kind: 'too-large', line: 2 }, item(3, '- after\n')]);
  });

  it('decides on a line longer than the limit by its start, before its newline arrives', () => {
    const splitter = new YamlItemSplitter(100);
    expect(splitter.push('- a\n- ')).toEqual([]);
    expect(splitter.push('y'.repeat(100))).toEqual([item(1, '- a\n')]);
    for (let i = 0; i < 50; i++) expect(splitter.push('y'.repeat(100))).toEqual([]);
    expect(splitter.push('\n- b\n')).toEqual([{ kind: 'too-large', line: 2 }]);
    expect(splitter.end()).toEqual([item(3, '- b\n')]);
  });
});
