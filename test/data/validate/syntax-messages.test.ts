import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDataFiles } from '../../../src/data/files/data-files.js';
import { runValidationPass } from '../../../src/data/validate/validate-files.js';
import type { ValidationSummary } from '../../../src/data/types.js';
import { product, shopDeclaration, tempDir, type TempDir } from '../fixtures.js';

/**
 * Files that are not what their extension says, or not well-formed, through the whole
 * validation pass: each problem at its line AND column, with what to do, and a file that is
 * not NDJSON at all reported once rather than line by line.
 */
const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

async function validate(name: string, content: string): Promise<ValidationSummary> {
  await tmp.write(name, content);
  const checked = await checkDataFiles([name], tmp.dir);
  const pass = await runValidationPass({
    declaration: shopDeclaration(),
    files: checked.files,
    totalBytes: checked.totalBytes,
    fields: FIELDS,
    maxErrors: 100,
    initialIssues: checked.issues,
    parallel: { workers: 0, fromBytes: Number.MAX_SAFE_INTEGER },
  });
  return pass.summary;
}

/** `line:column code message` of every diagnostic. */
function places(summary: ValidationSummary): string[] {
  return summary.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
}

const item = JSON.stringify(product('a'));

describe('NDJSON syntax errors name the line and the column', () => {
  it.each([
    // The QA case: a property after a value with no comma; V8 says "at position 80" (0-based).
    ['a missing comma', `${item}\n${item.slice(0, -1)} "x":1}\n`, 2, item.length + 1, /^This line is not JSON: Expected ',' or '}' after property value\./],
    // V8 names no position for these: the JSON grammar finds it.
    ['a line cut short', `${item}\n{"Id":"b","Name":"é😀\n`, 2, '{"Id":"b","Name":"é😀'.length + 1, /^This line is not JSON: /],
    ['an unexpected token', `${item}\n{"Id":"b","Name":tru}\n`, 2, '{"Id":"b","Name":'.length + 1, /^This line is not JSON: Unexpected token '}'\./],
    // Columns count UTF-16 code units, as every other diagnostic does: the emoji is two.
    ['a character after a surrogate pair', `${item}\n{"Name":"😀" x}\n`, 2, '{"Name":"😀" '.length + 1, /^This line is not JSON: /],
  ])('%s', async (_name, content, line, column, message) => {
    const summary = await validate('m/syntax.ndjson', content);
    const error = summary.diagnostics.find((d) => d.code === 'GF_DATA_INVALID_JSON');
    expect(error, places(summary).join('\n')).toBeDefined();
    expect({ line: error?.line, column: error?.column }, 'the place of the syntax error').toEqual({ line, column });
    expect(error?.message).toMatch(message);
    expect(error?.message, 'the 0-based offset is given as the column, not in the message').not.toMatch(/position \d/);
    expect(error?.message, 'the line is not quoted back').not.toContain('"Id":"b"');
  });
});

const yamlItem = (id: string): string[] => [`- Id: ${id}`, '  Name: x', '  ContentType: [Item, Product]', '  Language: {Name: en}', '  Quantity: 3'];

describe('a YAML data file error names the column the parser gives', () => {
  it.each([
    // The QA case: yaml places it at the value that opens the second mapping.
    [
      'a nested mapping in a compact mapping',
      [...yamlItem('a'), '  Status: Published: yes'],
      6,
      '  Status: '.length + 1,
      /^This is not valid YAML: Nested mappings/,
    ],
    [
      'the same in a later item, read on its own',
      [...yamlItem('a'), ...yamlItem('b'), '  Status: Published: yes'],
      11,
      '  Status: '.length + 1,
      /^This is not valid YAML: Nested/,
    ],
    ['a repeated key', [...yamlItem('a'), '  Name: y'], 6, 3, /repeats the key on line 2/],
    // Not a block list: the file is parsed whole.
    ['a flow list', ['[{Id: a, Name: x}, {Id: b, Name: {y}]'], 1, '[{Id: a, Name: x}, {Id: b, Name: {y}'.length + 1, /^This is not valid YAML: /],
  ])('%s', async (_name, lines, line, column, message) => {
    const summary = await validate('m/bad.yaml', [...lines, ''].join('\n'));
    const error = summary.diagnostics.find((d) => d.code === 'GF_DATA_INVALID_YAML');
    expect(error, places(summary).join('\n')).toBeDefined();
    expect({ line: error?.line, column: error?.column }, 'the place yaml gives').toEqual({ line, column });
    expect(error?.message).toMatch(message);
  });
});

const wire = (id: string): string => `${JSON.stringify({ index: { _id: id, language_routing: 'en' } })}\n${JSON.stringify(product(id))}\n`;
const spread = /^This file holds JSON spread over several lines \(pretty-printed\), not NDJSON.*rename the file to \.json\.$/;

describe('a JSON document saved as .ndjson is one error, not one per line', () => {
  it.each([
    ['a pretty-printed object', `${JSON.stringify(product('a'), null, 2)}\n`, 1],
    ['a pretty-printed array, after a blank line', `\n${JSON.stringify([product('a'), product('b')], null, 2)}\n`, 2],
    ['two pretty-printed objects', `${JSON.stringify(product('a'), null, 2)}\n${JSON.stringify(product('b'), null, 2)}\n`, 1],
  ])('%s', async (_name, content, line) => {
    const summary = await validate('m/pretty.ndjson', content);
    expect(places(summary)).toHaveLength(1);
    expect(summary.diagnostics[0]).toMatchObject({ code: 'GF_DATA_INVALID_JSON', line, column: 1 });
    expect(summary.diagnostics[0]?.message).toMatch(spread);
    expect(summary.errors).toBe(1);
  });

  it('a `{` alone after lines that parsed is a line that is not JSON, as before', async () => {
    const summary = await validate('m/late.ndjson', `${wire('a')}{\n`);
    expect(places(summary)).toEqual([expect.stringMatching(/^3:2 GF_DATA_INVALID_JSON This line is not JSON: /)]);
  });
});

describe('an array on an NDJSON line says what NDJSON needs', () => {
  it.each([
    ['a plain file', `[${JSON.stringify(product('a'))}]\n`, 1, /^An item must be a JSON object, found an array: in NDJSON each line is one object\./],
    ['a wire file', `${JSON.stringify({ index: { _id: 'a', language_routing: 'en' } })}\n[1,2]\n`, 2, /^A data line must be a JSON object, found an array: /],
  ])('%s', async (_name, content, line, message) => {
    const summary = await validate('m/array.ndjson', content);
    expect(summary.diagnostics).toHaveLength(1);
    expect(summary.diagnostics[0]).toMatchObject({ code: 'GF_DATA_NOT_AN_OBJECT', line });
    expect(summary.diagnostics[0]?.message).toMatch(message);
    expect(summary.diagnostics[0]?.message).toMatch(/a file that holds a JSON array of items is a \.json file/);
  });
});

describe('a file of a type graphform does not read is refused as a file', () => {
  it.each(['m/items.csv', 'm/README', 'm/items.JSONL.txt'])('%s', async (name) => {
    const summary = await validate(name, 'Id,Name\n1,a\n');
    expect({ files: summary.files, items: summary.items, invalid: summary.invalidItems, errors: summary.errors }, 'not counted as a file or an item').toEqual({
      files: 0,
      items: 0,
      invalid: 0,
      errors: 1,
    });
    expect(summary.diagnostics[0]).toMatchObject({ code: 'GF_DATA_UNSUPPORTED_FILE', file: name });
    expect(summary.diagnostics[0]?.message).toMatch(/\.ndjson or \.jsonl .*\.json .*\.yaml\/\.yml/);
  });
});
