import { describe, expect, it } from 'vitest';
import { validateDataFiles } from '../../../src/data/push/push-data.js';
import { renderDataDiagnostic } from '../../../src/data/report/render-data-report.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';
import { DATA_CONFIG, product, shopDeclaration } from '../fixtures.js';
import { Chalk } from 'chalk';

const plain = new Chalk({ level: 0 });

/** `file:line:column CODE path` of each diagnostic of validating `files` in a folder holding them. */
async function located(files: Record<string, string>, maxErrors = 50): Promise<string[]> {
  const cwd = await makeProjectDir(files);
  const summary = await validateDataFiles({ declaration: shopDeclaration(), files: Object.keys(files), config: DATA_CONFIG, maxErrors, cwd });
  return summary.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.path}`);
}

const yamlList = [
  '- Id: p1', // 1
  '  language_routing: en', // 2
  '  ContentType: [Item, Product]', // 3
  '  Name: ok', // 4
  '  Updated: not-a-date', // 5
  '  Tags: [a, 3]', // 6
  '  Size:', // 7
  '    Width: wide', // 8
  '  Colour: red', // 9
  '  Sizes: &sizes', // 10
  '    - Width: 1', // 11
  '    - Width: x', // 12
  '- Id: p2', // 13
  '  language_routing: en', // 14
  '  ContentType: [Item, Product]', // 15
  '  Sizes: *sizes', // 16
  '  Name: |', // 17
  '    two', // 18
  '    lines', // 19
  '  Quantity: {n: 1}', // 20
  '- Id: p3', // 21
  '  language_routing: en', // 22
  '  ContentType: [Item, Nope]', // 23
  '- Id: p4', // 24
  '  ContentType: [Item, Product]', // 25
].join('\n');

describe('data diagnostics of YAML lists and JSON arrays point at the field', () => {
  it('in a YAML block list: the value, the key of an undeclared field, an alias, the item for a missing field', async () => {
    expect(await located({ 'data/items.yaml': `${yamlList}\n` })).toEqual([
      'data/items.yaml:5:12 GF_DATA_INVALID_VALUE /Updated',
      'data/items.yaml:6:13 GF_DATA_INVALID_VALUE /Tags/1',
      'data/items.yaml:8:12 GF_DATA_INVALID_VALUE /Size/Width',
      'data/items.yaml:9:3 GF_DATA_UNDECLARED_FIELD /Colour',
      'data/items.yaml:12:14 GF_DATA_INVALID_VALUE /Sizes/1/Width',
      // The alias's anchor is in the item before: the path ends at Sizes.
      'data/items.yaml:16:3 GF_DATA_INVALID_VALUE /Sizes/1/Width',
      'data/items.yaml:20:13 GF_DATA_INVALID_VALUE /Quantity',
      'data/items.yaml:23:23 GF_DATA_UNKNOWN_CONTENT_TYPE /ContentType/1',
      // A field the item lacks, as a whole-item problem, stays at the item.
      'data/items.yaml:24:1 GF_DATA_ITEM_MISSING_LANGUAGE /language_routing',
    ]);
  });

  it('in a YAML flow list with several items on a line', async () => {
    const text =
      '[{Id: f1, language_routing: en, ContentType: [Item, Product], Quantity: x}, {Id: f2, language_routing: en, ContentType: [Item, Product], Quantity: y}]\n';
    expect(await located({ 'data/flow.yaml': text })).toEqual([
      `data/flow.yaml:1:${text.indexOf('x}') + 1} GF_DATA_INVALID_VALUE /Quantity`,
      `data/flow.yaml:1:${text.indexOf('y}') + 1} GF_DATA_INVALID_VALUE /Quantity`,
    ]);
  });

  it('in a pretty-printed JSON array, and one minified on one line, each item its own', async () => {
    const items = (prefix: string): Record<string, unknown>[] => [
      product(`${prefix}1`, 'en', { Updated: 'nope' }),
      product(`${prefix}2`),
      product(`${prefix}3`, 'en', { Tags: ['a', 3] }),
    ];
    const pretty = JSON.stringify(items('p'), null, 2);
    const minified = JSON.stringify(items('m'));
    const prettyLines = pretty.split('\n');
    const updated = prettyLines.findIndex((line) => line.includes('"Updated"')) + 1;
    const tag = prettyLines.findIndex((line, index) => index > updated && line.trim() === '3') + 1;
    expect(await located({ 'data/pretty.json': pretty, 'data/min.json': minified })).toEqual([
      `data/pretty.json:${updated}:16 GF_DATA_INVALID_VALUE /Updated`,
      `data/pretty.json:${tag}:7 GF_DATA_INVALID_VALUE /Tags/1`,
      `data/min.json:1:${minified.indexOf('"nope"') + 1} GF_DATA_INVALID_VALUE /Updated`,
      `data/min.json:1:${minified.lastIndexOf(',3]') + 2} GF_DATA_INVALID_VALUE /Tags/1`,
    ]);
  });

  it('on a minified line, the same problem in two items: each at its own item', async () => {
    const minified = JSON.stringify([product('s1', 'en', { Quantity: 'many' }), product('s2'), product('s3', 'en', { Quantity: 'many' })]);
    const first = minified.indexOf('"many"') + 1;
    const second = minified.lastIndexOf('"many"') + 1;
    expect(second).toBeGreaterThan(first);
    expect(await located({ 'data/same.json': minified })).toEqual([
      `data/same.json:1:${first} GF_DATA_INVALID_VALUE /Quantity`,
      `data/same.json:1:${second} GF_DATA_INVALID_VALUE /Quantity`,
    ]);
  });

  it('in NDJSON keeps the line, and a problem of the whole item keeps the item line', async () => {
    const ndjson = `${JSON.stringify({ index: { _id: 'n1', language_routing: 'en' } })}\n${JSON.stringify(product('n1', 'en', { Quantity: 'many' }))}\n`;
    const json = JSON.stringify([product('d1'), product('d1')], null, 2);
    expect(await located({ 'data/a.ndjson': ndjson, 'data/b.json': json })).toEqual([
      'data/a.ndjson:2:1 GF_DATA_INVALID_VALUE /Quantity',
      'data/b.json:25:1 GF_DATA_DUPLICATE_ID ',
    ]);
  });

  it('only for the diagnostics kept (--max-errors), and the renderer shows file:line:column', async () => {
    const cwd = await makeProjectDir({ 'data/items.yaml': `${yamlList}\n` });
    const summary = await validateDataFiles({ declaration: shopDeclaration(), files: ['data/items.yaml'], config: DATA_CONFIG, maxErrors: 1, cwd });
    expect(summary.diagnostics.map((d) => renderDataDiagnostic(d, plain).split('  ')[0])).toEqual(['data/items.yaml:5:12', 'data/items.yaml:9:3']);
    expect(summary.omittedErrors).toBeGreaterThan(0);
  });
});
