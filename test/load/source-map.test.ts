import { describe, expect, it } from 'vitest';
import { parseDeclarationFile } from '../../src/load/parse.js';
import { LineCounter, parseDocument } from 'yaml';
import { createSourceMap, emptySourceMap, type DeclarationPath, type LazySourceMap } from '../../src/load/source-map.js';

const text = [
  '# yaml-language-server: $schema=../schema.json', // 1
  'id: shop', // 2
  'label:', // 3
  'languages: [en, sv]', // 4
  'contentTypes:', // 5
  '  Product:', // 6
  '    contentType:', // 7
  '      - Item', // 8
  '    properties:', // 9
  '      Size: { type: Dimensions }', // 10
  '  Item: &item', // 11
  '    contentType: []', // 12
  '    properties: {}', // 13
  '  Copy: *item', // 14
  '',
].join('\n');

const { sourceMap } = parseDeclarationFile('content-sources/shop.yaml', text);
const at = (path: DeclarationPath, where?: 'key' | 'value'): string => {
  const location = sourceMap.locate(path, where);
  return `${location.file}:${location.line}:${location.column}`;
};

describe('SourceMap.locate', () => {
  it.each<[DeclarationPath, 'key' | 'value' | undefined, string]>([
    [['id'], undefined, '2:1'],
    [['id'], 'value', '2:5'],
    [['languages'], 'value', '4:12'],
    [['languages', 1], undefined, '4:17'],
    [['contentTypes', 'Product'], undefined, '6:3'],
    [['contentTypes', 'Product', 'contentType', 0], 'value', '8:9'],
    [['contentTypes', 'Product', 'properties', 'Size'], undefined, '10:7'],
    [['contentTypes', 'Product', 'properties', 'Size', 'type'], 'value', '10:21'],
    [['contentTypes', 'Product', 'properties', 'Size', 'type'], 'key', '10:15'],
    // An alias resolves to its anchor's content.
    [['contentTypes', 'Copy', 'properties'], undefined, '13:5'],
  ])('%j (%s) is at %s', (path, where, expected) => {
    expect(at(path, where)).toBe(`content-sources/shop.yaml:${expected}`);
  });

  it('points at the key when the value is empty', () => {
    expect(at(['label'], 'value')).toBe('content-sources/shop.yaml:3:1');
  });

  it('falls back to the nearest existing ancestor', () => {
    expect(at(['contentTypes', 'Product', 'properties', 'Missing', 'type'])).toBe('content-sources/shop.yaml:9:5');
    expect(at(['languages', 7])).toBe('content-sources/shop.yaml:4:1');
    expect(at(['contentTypes', 'Nope'])).toBe('content-sources/shop.yaml:5:1');
    // Walking into a scalar stops at the scalar's key.
    expect(at(['id', 'deeper'])).toBe('content-sources/shop.yaml:2:1');
  });

  it('puts the file itself, and unknown top-level keys, at 1:1', () => {
    expect(at([])).toBe('content-sources/shop.yaml:1:1');
    expect(at(['propertyTypes'])).toBe('content-sources/shop.yaml:1:1');
  });

  it('answers 1:1 for everything in an empty file or an empty source map', () => {
    const empty = parseDeclarationFile('empty.yaml', '# nothing\n').sourceMap;
    expect(empty.locate(['id'])).toEqual({ file: 'empty.yaml', line: 1, column: 1 });
    expect(emptySourceMap('x.yaml').locate(['contentTypes', 'A'], 'value')).toEqual({ file: 'x.yaml', line: 1, column: 1 });
  });

  it('counts columns after a byte-order mark as the editor shows them', () => {
    const parsed = parseDeclarationFile('bom.yaml', '\uFEFFid: shop\n');
    expect(parsed.sourceMap.locate(['id'], 'value')).toEqual({ file: 'bom.yaml', line: 1, column: 5 });
    expect(parsed.text.startsWith('id')).toBe(true);
  });

  it('handles CRLF line endings', () => {
    const parsed = parseDeclarationFile('crlf.yaml', 'id: shop\r\nlabel: Shop\r\n');
    expect(parsed.sourceMap.locate(['label'], 'value')).toEqual({ file: 'crlf.yaml', line: 2, column: 8 });
  });

  it('finds the same positions for a file the quick reader read, parsing it only when first asked', () => {
    const plain = text.replace('  Item: &item', '  Item:').replace('  Copy: *item\n', '');
    const parsed = parseDeclarationFile('content-sources/shop.yaml', plain);
    const lineCounter = new LineCounter();
    const reference = createSourceMap('content-sources/shop.yaml', parseDocument(plain, { lineCounter }), lineCounter);
    const lazy = parsed.sourceMap as LazySourceMap;
    expect(parsed.diagnostics).toEqual([]);
    expect(lazy.parsed).toBe(false);
    const paths: [DeclarationPath, 'key' | 'value'][] = [
      [['id'], 'value'],
      [['label'], 'value'],
      [['languages', 1], 'value'],
      [['contentTypes', 'Product', 'contentType', 0], 'value'],
      [['contentTypes', 'Product', 'properties', 'Size', 'type'], 'value'],
      [['contentTypes', 'Product', 'properties', 'Missing'], 'key'],
      [['contentTypes', 'Item', 'properties'], 'key'],
    ];
    for (const [path, where] of paths) expect(lazy.locate(path, where)).toEqual(reference.locate(path, where));
    expect(lazy.parsed).toBe(true);
  });
});
