import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH } from '../../../src/data/read/item-depth.js';
import { readDataEntries } from '../../../src/data/read/read-data-file.js';
import { tempDir, type TempDir } from '../fixtures.js';

/**
 * Issue 24: a YAML item whose Title was 50,000 nested lists read as "This is not valid YAML:
 * Maximum call stack size exceeded" (it is valid YAML, nested too deep), and JSON and NDJSON
 * items as deep went on to the validation and the push. Each is GF_DATA_TOO_DEEP at the line
 * and column where the nesting passes the limit, the one declarations have.
 */
const FIELDS = { idField: 'Id', languageField: 'language_routing' };
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

async function read(name: string, content: string): Promise<string[]> {
  const file = await tmp.write(name, content);
  const out: string[] = [];
  for await (const e of readDataEntries({ path: file, display: name }, FIELDS)) {
    out.push(e.kind === 'record' ? `${e.record.line} ${e.record.action.id}` : `${e.issue.line}:${e.issue.column} ${e.issue.code}`);
  }
  return out;
}

/** Where the bracket that passes the limit is: after `prefix` on its line, with `open` levels already open before the brackets. */
const passes = (line: number, prefix: string, open: number): string => `${line}:${prefix.length + MAX_DATA_DEPTH - open + 1} GF_DATA_TOO_DEEP`;

describe('data items nested deeper than declarations may be', () => {
  const yamlItem = (title: string): string => `- Id: a\n  language_routing: en\n  Title: ${title}\n- Id: b\n  language_routing: en\n`;
  const JSON_ITEM = '{"Id":"a","language_routing":"en","Title":';
  // Levels open before the brackets: a block list and its item (YAML text counts a flow
  // list's line too), a JSON array and its item, an NDJSON item.
  it.each([
    ['a YAML block list, 50,000 levels', 'deep.yaml', yamlItem(nested(50_000)), [passes(3, '  Title: ', 2)]],
    [
      'a YAML flow list, 50,000 levels',
      'flow.yaml',
      `[{Id: a, language_routing: en, Title: ${nested(50_000)}}]\n`,
      [passes(1, '[{Id: a, language_routing: en, Title: ', 3)],
    ],
    [
      'a JSON array, 50,000 levels',
      'deep.json',
      `[\n  ${JSON_ITEM}${nested(50_000)}},\n  {"Id":"b","language_routing":"en"}\n]\n`,
      [passes(2, `  ${JSON_ITEM}`, 2), '3 b'],
    ],
    ['plain NDJSON, 50,000 levels', 'plain.ndjson', `${JSON_ITEM}${nested(50_000)}}\n{"Id":"b","language_routing":"en"}\n`, [passes(1, JSON_ITEM, 1), '2 b']],
    [
      'a wire-form data line, 50,000 levels',
      'wire.ndjson',
      `{"index":{"_id":"a","language_routing":"en"}}\n{"Title":${nested(50_000)}}\n{"index":{"_id":"b","language_routing":"en"}}\n{"Title":"B"}\n`,
      [passes(2, '{"Title":', 1), '4 b'],
    ],
  ])('%s is GF_DATA_TOO_DEEP where it passes the limit', async (_, name, content, expected) => {
    expect(await read(name, content)).toEqual(expected);
  });

  it('reads items exactly as deep as the limit, in every format', async () => {
    expect(await read('limit.yaml', yamlItem(nested(MAX_DATA_DEPTH - 2)))).toEqual(['1 a', '4 b']);
    expect(await read('limit.json', `[${JSON_ITEM}${nested(MAX_DATA_DEPTH - 2)}}]`)).toEqual(['1 a']);
    expect(await read('limit.ndjson', `${JSON_ITEM}${nested(MAX_DATA_DEPTH - 1)}}\n`)).toEqual(['1 a']);
    expect(await read('over.ndjson', `${JSON_ITEM}${nested(MAX_DATA_DEPTH)}}\n`)).toEqual([passes(1, JSON_ITEM, 1)]);
  });

  it('counts brackets inside strings as text', async () => {
    expect(await read('text.ndjson', `${JSON_ITEM}${JSON.stringify('[{'.repeat(500))}}\n`)).toEqual(['1 a']);
  });

  it('a YAML item that aliases nest deeper than its text is GF_DATA_TOO_DEEP at its line', async () => {
    // Each anchor nests the one before 30 levels deeper: the text nests 32 levels, the value 122.
    const anchors = Array.from({ length: 4 }, (_, i) => `  A${i}: &a${i} ${'['.repeat(30)}${i === 0 ? '1' : `*a${i - 1}`}${']'.repeat(30)}`).join('\n');
    expect(await read('aliases.yaml', `- Id: a\n  language_routing: en\n${anchors}\n`)).toEqual(['1:1 GF_DATA_TOO_DEEP']);
  });
});
