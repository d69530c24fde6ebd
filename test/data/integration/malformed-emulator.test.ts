import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { graphClientFor, startTestEmulator } from '../../helpers/emulator.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { DATA_CONFIG, product, shopDeclaration, wireLines } from '../fixtures.js';

const ok = wireLines([product('ok1'), product('ok2', 'sv')]);
const action = (id: string, lang = 'en'): string => JSON.stringify({ index: { _id: id, language_routing: lang } });
const data = (change: Record<string, unknown>, id = 'x'): string => JSON.stringify({ ...product(id), ...change });

/** [name, file name, content, expected "line code path"] — the bad item comes after four good lines. */
const CASES: [string, string, string, string][] = [
  ['data line without its action line', 'a.ndjson', `${ok}${data({})}\n`, '5 GF_DATA_MISSING_ACTION '],
  ['action line without its data line', 'a.ndjson', `${ok}${action('x')}\n${action('y')}\n${data({}, 'y')}\n`, '5 GF_DATA_MISSING_DATA_LINE '],
  ['action without _id', 'a.ndjson', `${ok}{"index":{"language_routing":"en"}}\n${data({})}\n`, '5 GF_DATA_ACTION_MISSING_ID /_id'],
  ['action without language_routing', 'a.ndjson', `${ok}{"index":{"_id":"x"}}\n${data({})}\n`, '5 GF_DATA_ACTION_MISSING_LANGUAGE /language_routing'],
  ['unsupported action', 'a.ndjson', `${ok}{"update":{"_id":"x","language_routing":"en"}}\n${data({})}\n`, '5 GF_DATA_INVALID_ACTION '],
  ['line that is not JSON', 'a.ndjson', `${ok}${action('x')}\n{"Name": "unterminated}\n`, '6 GF_DATA_INVALID_JSON '],
  ['data line that is not an object', 'a.ndjson', `${ok}${action('x')}\n["Item"]\n`, '6 GF_DATA_NOT_AN_OBJECT '],
  ['_rbac as an object', 'a.ndjson', `${ok}${action('x')}\n${data({ _rbac: { Everyone: 'Read' } })}\n`, '6 GF_DATA_RBAC_NOT_STRING /_rbac'],
  ['unknown content type', 'a.ndjson', `${ok}${action('x')}\n${data({ ContentType: ['Item', 'Gadget'] })}\n`, '6 GF_DATA_UNKNOWN_CONTENT_TYPE /ContentType/1'],
  ['abstract most-derived type', 'a.ndjson', `${ok}${action('x')}\n${data({ ContentType: ['Item'] })}\n`, '6 GF_DATA_ABSTRACT_CONTENT_TYPE /ContentType/0'],
  [
    'no ContentType',
    'a.ndjson',
    `${ok}${action('x')}\n${JSON.stringify({ Name: 'x', Language: { Name: 'en' } })}\n`,
    '6 GF_DATA_MISSING_CONTENT_TYPE /ContentType',
  ],
  ['Int given a string', 'a.ndjson', `${ok}${action('x')}\n${data({ Quantity: 'three' })}\n`, '6 GF_DATA_INVALID_VALUE /Quantity'],
  ['nested property of the wrong type', 'a.ndjson', `${ok}${action('x')}\n${data({ Size: { Width: '10cm' } })}\n`, '6 GF_DATA_INVALID_VALUE /Size/Width'],
  ['malformed Date', 'a.ndjson', `${ok}${action('x')}\n${data({ Released: '2024-13-45' })}\n`, '6 GF_DATA_INVALID_VALUE /Released'],
  ['language the source lacks', 'a.ndjson', `${ok}${action('x', 'de')}\n${data({ Language: { Name: 'de' } })}\n`, '6 GF_DATA_UNKNOWN_LANGUAGE '],
  ['Language.Name differs from language_routing', 'a.ndjson', `${ok}${action('x', 'sv')}\n${data({})}\n`, '6 GF_DATA_LANGUAGE_MISMATCH /Language/Name'],
  ['duplicate _id in one language', 'a.ndjson', `${ok}${action('ok1')}\n${data({}, 'ok1')}\n`, '6 GF_DATA_DUPLICATE_ID '],
  [
    'plain item without an id',
    'plain.ndjson',
    `${data({}, 'p1')}\n${JSON.stringify({ Name: 'n', ContentType: ['Item', 'Product'], language_routing: 'en' })}\n`,
    '2 GF_DATA_ITEM_MISSING_ID /Id',
  ],
  [
    'plain item without a language',
    'plain.json',
    `[\n${data({}, 'p1')},\n${JSON.stringify({ Id: 'p2', ContentType: ['Item', 'Product'] })}\n]`,
    '3 GF_DATA_ITEM_MISSING_LANGUAGE /language_routing',
  ],
  ['JSON file that is not an array', 'items.json', data({}), '1 GF_DATA_NOT_A_LIST '],
  ['YAML that does not parse', 'items.yaml', '- Id: a\n  Name: [unclosed\n', '3 GF_DATA_INVALID_YAML '],
  ['action line in a YAML list', 'items.yml', '- index: { _id: "1", language_routing: en }\n', '1 GF_DATA_UNEXPECTED_ACTION '],
  ['unsupported file type', 'items.csv', 'Id,Name\n1,a\n', '1 GF_DATA_UNSUPPORTED_FILE '],
];

describe('malformed input: the expected error at file:line, and nothing sent', () => {
  it.each(CASES)('%s', async (_name, fileName, content, expected) => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', shopDeclaration().definition);
    emulator.inspect.clearRequests();
    const dir = await makeTempDir('graphform-bad-');
    await writeFile(path.join(dir, fileName), content);
    const summary = await pushData({
      client,
      declaration: shopDeclaration(),
      files: [fileName],
      cwd: dir,
      config: DATA_CONFIG,
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary.status).toBe('invalid');
    const errors = summary.validation.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.line} ${d.code} ${d.path}`)).toEqual([expected]);
    expect(errors[0]?.file).toBe(fileName);
    expect(emulator.inspect.requests()).toEqual([]);
    expect(emulator.inspect.counts('shop')?.total).toBe(0);
  });

  it('a missing file is an error and nothing is sent', async () => {
    const emulator = await startTestEmulator();
    const client = graphClientFor(emulator);
    await client.putTypes('shop', shopDeclaration().definition);
    emulator.inspect.clearRequests();
    const dir = await makeTempDir('graphform-bad-');
    await writeFile(path.join(dir, 'a.ndjson'), ok);
    const summary = await pushData({
      client,
      declaration: shopDeclaration(),
      files: ['a.ndjson', 'gone.ndjson'],
      cwd: dir,
      config: DATA_CONFIG,
      skipInvalid: false,
      maxErrors: 50,
      dryRun: false,
    });
    expect(summary.validation.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['gone.ndjson:1 GF_DATA_FILE_NOT_FOUND']);
    expect(emulator.inspect.requests()).toEqual([]);
  });
});
