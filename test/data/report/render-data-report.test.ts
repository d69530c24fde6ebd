import { Chalk } from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDataFiles } from '../../../src/data/push/push-data.js';
import { renderPushSummary, renderValidation } from '../../../src/data/report/render-data-report.js';
import type { PushSummary, ValidationSummary } from '../../../src/data/types.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';

const plain = new Chalk({ level: 0 });
let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => tmp.remove());

const validation: ValidationSummary = {
  files: 2,
  items: 1200,
  deletes: 3,
  invalidItems: 0,
  errors: 0,
  warnings: 0,
  diagnostics: [],
  omittedErrors: 0,
  omittedWarnings: 0,
};
const summary = (overrides: Partial<PushSummary>): PushSummary => ({
  sourceId: 'shop',
  status: 'sent',
  validation,
  itemsSent: 1200,
  itemsSkipped: 0,
  itemsNotSent: 0,
  batches: 2,
  bytes: 3 * 1024 * 1024,
  seconds: 1.5,
  validateSeconds: 0.5,
  itemsPerSecond: 800,
  megabytesPerSecond: 2,
  failedBatches: [],
  ...overrides,
});

describe('data report rendering', () => {
  it('lists problems at file:line with code and JSON path, then the counts', async () => {
    const lines = [
      wireLines([product('1'), product('2', 'en', { Size: { Width: 'wide' }, Colour: 'red' })]),
      '{"Name":"no action"}',
      '{"index":{"_id":"3","language_routing":"de"}}',
      JSON.stringify(product('3', 'de', { _rbac: { Everyone: 'Read' } })),
      '{"index":{"_id":"1","language_routing":"en"}}',
      JSON.stringify(product('1', 'en', { ContentType: ['Item'] })),
    ];
    await tmp.write('items.ndjson', lines.join('\n'));
    const result = await validateDataFiles({ declaration: shopDeclaration(), files: ['items.ndjson'], config: DATA_CONFIG, maxErrors: 4, cwd: tmp.dir });
    await expect(`${renderValidation(result, plain).join('\n')}\n`).toMatchFileSnapshot('golden/validation-errors.txt');
  });

  it('summarises each outcome of a push', async () => {
    const outcomes = [
      summary({}),
      summary({ status: 'dry-run' }),
      summary({ status: 'invalid', itemsSent: 0, batches: 0, bytes: 0 }),
      summary({ itemsSent: 1100, itemsSkipped: 100 }),
      summary({
        status: 'failed',
        itemsSent: 1000,
        itemsNotSent: 200,
        batches: 2,
        failedBatches: [
          {
            batch: 2,
            items: 200,
            first: { file: 'items.ndjson', line: 2002 },
            last: { file: 'items.ndjson', line: 2400 },
            code: 'GF_GRAPH_HTTP_503',
            message: 'The graph service answered 503 after 4 attempts',
          },
        ],
      }),
    ];
    const text = outcomes.map((o) => `# ${o.status}${o.itemsSkipped > 0 ? ' (skip-invalid)' : ''}\n${renderPushSummary(o, plain).join('\n')}\n`).join('\n');
    await expect(text).toMatchFileSnapshot('golden/push-summaries.txt');
  });
});
