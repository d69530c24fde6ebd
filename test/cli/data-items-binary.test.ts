import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * Issue 24, through the built binary: a YAML data item nested 50,000 lists deep read as
 * "This is not valid YAML: Maximum call stack size exceeded", and a data line whose `_id`
 * is not its action line's got only an undeclared-field warning.
 */
const CONFIG = 'sources: content-sources\n';
const SHOP =
  'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Title: { type: String }\ndata: [data/*]\n';

describe('the built binary, with data items it once misread', () => {
  beforeAll(assertFreshBuild);

  it('a YAML item nested 50,000 lists deep is GF_DATA_TOO_DEEP at its line and column', async () => {
    const items = `- Id: a\n  language_routing: en\n  ContentType: [Product]\n  Title: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`;
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/shop.yaml': SHOP, 'content-sources/data/items.yaml': items });
    const run = await runBuilt(dir, ['data', 'validate', 'shop']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    // "  Title: " and 98 brackets: the list and the item are the first two of the 100 levels.
    expect(run.stdout).toMatch(/content-sources\/data\/items\.yaml:4:108 +error +GF_DATA_TOO_DEEP +Lists and maps nest more than 100 levels deep here/);
    expect(run.stdout + run.stderr).not.toMatch(/call stack|not valid YAML|internal error/i);
  });

  it("a data line whose _id is not its action line's is an error of that item, naming both", async () => {
    const lines = [
      '{"index":{"_id":"p1","language_routing":"en"}}',
      '{"_id":"p2","ContentType":["Product"],"Title":"One"}',
      '{"index":{"_id":"p3","language_routing":"en"}}',
      '{"ContentType":["Product"],"Title":"Three"}',
    ];
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/shop.yaml': SHOP,
      'content-sources/data/items.ndjson': `${lines.join('\n')}\n`,
    });
    const run = await runBuilt(dir, ['data', 'validate', 'shop']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /content-sources\/data\/items\.ndjson:2 +error +GF_DATA_ID_MISMATCH +\/_id +The data line's _id is "p2" but its action line's is "p1"/,
    );
    expect(run.stdout).toContain('2 items in 1 file: 1 invalid');
  });
});
