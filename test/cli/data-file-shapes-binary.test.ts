import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * The QA run's data files, through the built binary and the source's `data: [data/*]`
 * pattern: each problem at file:line:column with what to do, a pretty-printed document
 * once, and a .csv the pattern matches refused as a file rather than counted as an item.
 */
const CONFIG = 'sources: content-sources\n';
const SHOP =
  'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Title: { type: String }\ndata: [data/*]\n';
const item = (id: string): Record<string, unknown> => ({ Id: id, language_routing: 'en', ContentType: ['Product'], Title: id });

describe('the built binary, with data files that are not what their extension says', () => {
  beforeAll(assertFreshBuild);

  it('names each at line and column, once per file, and refuses the .csv', async () => {
    const line = JSON.stringify(item('a'));
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/shop.yaml': SHOP,
      'content-sources/data/truncated.ndjson': `${line}\n${line.slice(0, -1)} "x":1}\n`,
      'content-sources/data/pretty.ndjson': `${JSON.stringify(item('b'), null, 2)}\n`,
      'content-sources/data/array.ndjson': `[${JSON.stringify(item('c'))}]\n`,
      'content-sources/data/bad.yaml': '- Id: d\n  language_routing: en\n  ContentType: [Product]\n  Title: a: b\n',
      'content-sources/data/items.csv': 'Id,Title\ne,E\n',
    });
    const run = await runBuilt(dir, ['data', 'validate', 'shop']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const out = run.stdout;
    expect(out).toMatch(
      new RegExp(
        `content-sources/data/truncated\\.ndjson:2:${line.length + 1} +error +GF_DATA_INVALID_JSON +This line is not JSON: Expected ',' or '}' after property value\\.`,
      ),
    );
    expect(out).not.toMatch(/at position \d/);
    expect(out).toMatch(
      /content-sources\/data\/pretty\.ndjson:1 +error +GF_DATA_INVALID_JSON +This file holds JSON spread over several lines \(pretty-printed\)/,
    );
    expect(out.match(/pretty\.ndjson/g), 'one error for the pretty-printed file').toHaveLength(1);
    expect(out).toMatch(/content-sources\/data\/array\.ndjson:1 +error +GF_DATA_NOT_AN_OBJECT +.*a file that holds a JSON array of items is a \.json file/);
    expect(out).toMatch(/content-sources\/data\/bad\.yaml:4:10 +error +GF_DATA_INVALID_YAML +This is not valid YAML: Nested mappings/);
    expect(out).toMatch(/content-sources\/data\/items\.csv:1 +error +GF_DATA_UNSUPPORTED_FILE +.*\.ndjson or \.jsonl/);
    // truncated: 2 lines, pretty: 1, array: 1, bad.yaml: 1; the .csv is no file and no item.
    expect(out).toContain('5 items in 4 files: 4 invalid, 5 errors');
  });
});
