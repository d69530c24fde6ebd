import { describe, expect, it } from 'vitest';
import { jsonFieldOffset, pointerSegments, yamlFieldOffset, type FieldEnd } from '../../../src/data/read/field-offset.js';
import { yamlPackage } from '../../../src/load/yaml-package.js';

/** `line:column` (1-based) of an offset in `text`, or undefined. */
function at(text: string, offset: number | undefined): string | undefined {
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1) ?? '').length + 1}`;
}

function inJson(text: string, pointer: string, where: FieldEnd = 'value'): string | undefined {
  return at(text, jsonFieldOffset(text, pointerSegments(pointer), where));
}

/** Located in the first item of the YAML list `text` holds (its items parsed together), or in item `index`. */
function inYaml(text: string, pointer: string, where: FieldEnd = 'value', index = 0): string | undefined {
  const { isSeq, parseDocument } = yamlPackage();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  const contents = doc.contents;
  if (!isSeq(contents)) throw new Error('not a list');
  return at(text, yamlFieldOffset(doc, contents.items[index], pointerSegments(pointer), where));
}

describe('pointerSegments', () => {
  it.each([
    ['', []],
    ['/Title', ['Title']],
    ['/Tags/1', ['Tags', '1']],
    ['/a~1b/c~0d/~01', ['a/b', 'c~d', '~1']],
    ['/', ['']],
  ])('%j → %j', (pointer, segments) => {
    expect(pointerSegments(pointer)).toEqual(segments);
  });
});

describe('jsonFieldOffset', () => {
  const pretty = [
    '{', // 1
    '  "Id": "x3",', // 2
    '  "ContentType": [', // 3
    '    "Article"', // 4
    '  ],', // 5
    '  "PublishedAt": "nope",', // 6
    '  "Size": {', // 7
    '    "Width": "wide",', // 8
    '    "Height": 2', // 9
    '  },', // 10
    '  "Sizes": [', // 11
    '    {', // 12
    '      "Width": 1', // 13
    '    },', // 14
    '    {', // 15
    '      "Width": "x"', // 16
    '    }', // 17
    '  ],', // 18
    '  "a/b": {', // 19
    '    "": [', // 20
    '      true,', // 21
    '      null', // 22
    '    ]', // 23
    '  },', // 24
    '  "Empty": {}', // 25
    '}', // 26
  ].join('\n');
  const minified = '{"Id":"x1","Tags":["a",3,{"k":"v"}],"Size":{"Width":"w"},"Say":"a \\"}\\" b","Next":1}';

  it.each<[string, string, string, FieldEnd, string | undefined]>([
    ['pretty: a top-level value', pretty, '/PublishedAt', 'value', '6:18'],
    ['pretty: a top-level key', pretty, '/PublishedAt', 'key', '6:3'],
    ['pretty: nested map value', pretty, '/Size/Width', 'value', '8:14'],
    ['pretty: nested map key', pretty, '/Size/Width', 'key', '8:5'],
    ['pretty: through an array index', pretty, '/Sizes/1/Width', 'value', '16:16'],
    ['pretty: an array element', pretty, '/ContentType/0', 'value', '4:5'],
    ['pretty: escaped pointer segments, an empty key', pretty, '/a~1b//1', 'value', '22:7'],
    ['pretty: a missing field points at the object that lacks it', pretty, '/Size/Depth', 'value', '7:3'],
    ['pretty: a missing top-level field reaches nothing', pretty, '/Missing', 'value', undefined],
    ['pretty: an index past the end', pretty, '/ContentType/5', 'value', '3:3'],
    ['pretty: into an empty object', pretty, '/Empty/x', 'value', '25:3'],
    ['pretty: the whole item', pretty, '', 'value', undefined],
    ['minified: a value', minified, '/Id', 'value', '1:7'],
    ['minified: an array element', minified, '/Tags/1', 'value', '1:24'],
    ['minified: inside an object in an array', minified, '/Tags/2/k', 'value', '1:31'],
    ['minified: past a string holding quotes and braces', minified, '/Next', 'key', '1:76'],
    ['minified: a key', minified, '/Size/Width', 'key', '1:45'],
    ['minified: a segment that is not an index points at the array key', minified, '/Tags/x', 'value', '1:12'],
  ])('%s', (_name, text, pointer, where, expected) => {
    expect(inJson(text, pointer, where)).toBe(expected);
  });

  it('takes the last of repeated keys, as JSON.parse does', () => {
    expect(inJson('{"A": 1, "B": 2, "A": "x"}', '/A')).toBe('1:23');
  });

  it('reads escaped keys as JSON.parse does', () => {
    expect(inJson('{"Ti\\u0074le": 5}', '/Title')).toBe('1:16');
  });

  it('gives what it found before malformed text', () => {
    expect(inJson('{"A": {"B": ', '/A/B/C')).toBe('1:8');
    expect(inJson('not json', '/A')).toBeUndefined();
  });
});

describe('yamlFieldOffset', () => {
  const list = [
    '- Id: x1', // 1
    '  language_routing: en', // 2
    '  ContentType: [Article]', // 3
    '  Title: ok', // 4
    '  PublishedAt: not-a-date', // 5
    '  Tags: [a, 3]', // 6
    '  Size:', // 7
    '    Width: wide', // 8
    '    Height: 2', // 9
    '  Sizes:', // 10
    '    - Width: 1', // 11
    '    - Width: x', // 12
    '  Body: |', // 13
    '    two', // 14
    '    lines', // 15
    '  Folded: >-', // 16
    '    one', // 17
    '  Flow: {a: 1, b: [x, y]}', // 18
    '  Quoted: "multi', // 19
    '    line"', // 20
    '  Empty:', // 21
    '  Anchored: &tags [p, q]', // 22
    '  Again: *tags', // 23
    '- Id: x2', // 24
    '  Tags: *tags', // 25
    '  Merged: {k: *tags}', // 26
  ].join('\n');

  it.each<[string, FieldEnd, string | undefined]>([
    ['/PublishedAt', 'value', '5:16'],
    ['/PublishedAt', 'key', '5:3'],
    ['/Tags/1', 'value', '6:13'],
    ['/Size/Width', 'value', '8:12'],
    ['/Size/Width', 'key', '8:5'],
    ['/Sizes/1/Width', 'value', '12:14'],
    ['/Sizes/1', 'value', '12:7'],
    ['/Body', 'value', '13:9'],
    ['/Folded', 'value', '16:11'],
    ['/Flow/a', 'value', '18:13'],
    ['/Flow/b/1', 'value', '18:23'],
    ['/Quoted', 'value', '19:11'],
    ['/Empty', 'value', '21:3'],
    ['/Again/1', 'value', '22:23'],
    ['/Size/Depth', 'value', '7:3'],
    ['/Missing', 'value', undefined],
    ['', 'value', undefined],
  ])('%s (%s)', (pointer, where, expected) => {
    expect(inYaml(list, pointer, where)).toBe(expected);
  });

  it('follows an alias to an anchor of an earlier item in the same document', () => {
    expect(inYaml(list, '/Tags/1', 'value', 1)).toBe('22:23');
    expect(inYaml(list, '/Merged/k/0', 'value', 1)).toBe('22:20');
  });

  it('stops at an alias whose anchor is in another item, parsed apart', () => {
    const second = '- Id: x2\n  Tags: *tags\n  Title: t\n';
    expect(inYaml(second, '/Tags/1')).toBe('2:3');
    expect(inYaml(second, '/Title')).toBe('3:10');
  });

  it('reads a flow list of flow maps, several items on one line', () => {
    const flow = '[{Id: a, N: 1}, {Id: b, N: bad}]';
    expect(inYaml(flow, '/N', 'value', 1)).toBe('1:28');
    expect(inYaml(flow, '/N', 'key', 0)).toBe('1:10');
  });

  it('takes the last of repeated keys, as converting the item does', () => {
    expect(inYaml('- A: 1\n  A: 2\n', '/A')).toBe('2:6');
  });

  it('reads keys as the item converts them (numbers, booleans)', () => {
    expect(inYaml('- 3: x\n  true: y\n', '/3')).toBe('1:6');
    expect(inYaml('- 3: x\n  true: y\n', '/true', 'key')).toBe('2:3');
  });
});
